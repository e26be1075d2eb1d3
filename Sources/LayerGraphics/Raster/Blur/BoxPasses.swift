/// The running-sum box passes of `GaussianBlur`.
///
/// Each output is the mean of the samples from `left` before to `right` after it
/// (samples outside count as 0), rounded as `(sum · ⌊2²⁴/n⌋ + 2²³) >> 24`, `n` the box
/// width.
enum BoxPasses {
  typealias Reach = (left: Int, right: Int)

  @inline(__always)
  static func reciprocal(_ r: Reach) -> UInt32 { UInt32((1 << 24) / (r.left + r.right + 1)) }

  /// One vertical pass over `width` bytes of `height` rows, `src` to `dst` (distinct
  /// buffers): in 16-bit lanes when the strip is at least 16 bytes wide and `Divisor`
  /// allows it, else with 32-bit sums. `sums` holds at least `4 · width + 32` bytes,
  /// 16-byte aligned.
  static func columns(
    _ src: UnsafeMutablePointer<UInt8>, _ srcStride: Int, _ dst: UnsafeMutablePointer<UInt8>,
    _ dstStride: Int, sums: UnsafeMutableRawPointer, width n: Int, height: Int, reach: Reach
  ) {
    if n >= 16, let dv = Divisor(reach) {
      columns16(
        src, srcStride, dst, dstStride, sums: sums.assumingMemoryBound(to: Lanes.self), width: n,
        height: height, reach: reach, divisor: dv)
    } else {
      columns32(
        src, srcStride, dst, dstStride, sums: sums.assumingMemoryBound(to: UInt32.self), width: n,
        height: height, reach: reach)
    }
  }

  /// The scratch bytes `columns` needs for a strip `width` bytes wide.
  static func sumsBytes(width n: Int) -> Int { 4 * n + 32 }

  /// One vertical pass over `width` bytes of `height` rows, `src` to `dst`, with 32-bit
  /// sums (`sums` holds `width` of them).
  static func columns32(
    _ src: UnsafeMutablePointer<UInt8>, _ srcStride: Int, _ dst: UnsafeMutablePointer<UInt8>,
    _ dstStride: Int, sums: UnsafeMutablePointer<UInt32>, width n: Int, height: Int,
    reach: Reach
  ) {
    let recip = reciprocal(reach)
    let up = reach.left
    let down = reach.right
    sums.update(repeating: 0, count: n)
    for y in 0..<Swift.min(down, height) {
      let r = src + y * srcStride
      for x in 0..<n { sums[x] &+= UInt32(r[x]) }
    }
    for y in 0..<height {
      let o = dst + y * dstStride
      let add = y + down
      let sub = y - up
      if add < height && sub >= 0 {
        let ra = src + add * srcStride
        let rs = src + sub * srcStride
        for x in 0..<n {
          let s = sums[x] &+ UInt32(ra[x])
          o[x] = UInt8(truncatingIfNeeded: (s &* recip &+ (1 << 23)) >> 24)
          sums[x] = s &- UInt32(rs[x])
        }
        continue
      }
      if add < height {
        let r = src + add * srcStride
        for x in 0..<n { sums[x] &+= UInt32(r[x]) }
      }
      for x in 0..<n { o[x] = UInt8(truncatingIfNeeded: (sums[x] &* recip &+ (1 << 23)) >> 24) }
      if sub >= 0 {
        let r = src + sub * srcStride
        for x in 0..<n { sums[x] &-= UInt32(r[x]) }
      }
    }
  }
}

/// The running-sum box passes of `GaussianBlur`.
///
/// Each output is the mean of the samples from `left` before to `right` after it
/// (samples outside count as 0), rounded as `(sum · ⌊2²⁴/n⌋ + 2²³) >> 24`, `n` the box
/// width.
enum BoxPasses {
  typealias Reach = (left: Int, right: Int)
  typealias Channels = SIMD4<UInt32>

  @inline(__always)
  static func reciprocal(_ r: Reach) -> UInt32 { UInt32((1 << 24) / (r.left + r.right + 1)) }

  /// The three horizontal passes over one row of bytes, in place (`scratch` holds at
  /// least `2 · count` bytes).
  static func horizontalBytes(_ row: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>, count: Int,
                              passes: [Reach]) {
    let a = scratch, b = scratch + count
    line(row, a, count: count, reach: passes[0])
    line(a, b, count: count, reach: passes[1])
    line(b, row, count: count, reach: passes[2])
  }

  @inline(__always)
  private static func line(_ v: UnsafeMutablePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, count: Int,
                           reach: Reach) {
    let recip = reciprocal(reach)
    let left = reach.left, right = reach.right
    var sum: UInt32 = 0
    for x in 0..<Swift.min(right, count) { sum &+= UInt32(v[x]) }
    for x in 0..<count {
      let add = x + right
      if add < count { sum &+= UInt32(v[add]) }
      out[x] = UInt8(truncatingIfNeeded: (sum &* recip &+ (1 << 23)) >> 24)
      let sub = x - left
      if sub >= 0 { sum &-= UInt32(v[sub]) }
    }
  }

  /// The three horizontal passes over one row of RGBA pixels, four channels at a time,
  /// in place (`scratch` holds at least `2 · count` pixels).
  static func horizontalPixels(_ row: UnsafeMutablePointer<UInt32>, scratch: UnsafeMutablePointer<UInt32>,
                               count: Int, passes: [Reach]) {
    let a = scratch, b = scratch + count
    pixelLine(row, a, count: count, reach: passes[0])
    pixelLine(a, b, count: count, reach: passes[1])
    pixelLine(b, row, count: count, reach: passes[2])
  }

  @inline(__always)
  private static func channels(_ p: UInt32) -> Channels {
    Channels(truncatingIfNeeded: unsafeBitCast(p, to: SIMD4<UInt8>.self))
  }

  @inline(__always)
  private static func pixelLine(_ v: UnsafeMutablePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>, count: Int,
                                reach: Reach) {
    let recip = Channels(repeating: reciprocal(reach))
    let half = Channels(repeating: 1 << 23)
    let left = reach.left, right = reach.right
    var sum = Channels.zero
    for x in 0..<Swift.min(right, count) { sum &+= channels(v[x]) }
    // Three stretches: the box entering the row, fully inside, and leaving it.
    let enterEnd = Swift.min(left, count)
    let leaveStart = Swift.max(enterEnd, count - right)
    @inline(__always) func emit(_ x: Int) {
      out[x] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: (sum &* recip &+ half) &>> 24), to: UInt32.self)
    }
    var x = 0
    while x < enterEnd {
      if x + right < count { sum &+= channels(v[x + right]) }
      emit(x)
      x += 1
    }
    while x < leaveStart {
      sum &+= channels(v[x + right])
      emit(x)
      sum &-= channels(v[x - left])
      x += 1
    }
    while x < count {
      if x + right < count { sum &+= channels(v[x + right]) }
      emit(x)
      if x - left >= 0 { sum &-= channels(v[x - left]) }
      x += 1
    }
  }

  /// One vertical pass over `width` bytes of `height` rows, `src` to `dst`.
  static func columns(_ src: UnsafeMutablePointer<UInt8>, _ srcStride: Int, _ dst: UnsafeMutablePointer<UInt8>,
                      _ dstStride: Int, sums: UnsafeMutablePointer<UInt32>, width n: Int, height: Int,
                      reach: Reach) {
    let recip = reciprocal(reach)
    let up = reach.left, down = reach.right
    sums.update(repeating: 0, count: n)
    for y in 0..<Swift.min(down, height) {
      let r = src + y * srcStride
      for x in 0..<n { sums[x] &+= UInt32(r[x]) }
    }
    for y in 0..<height {
      let o = dst + y * dstStride
      let add = y + down, sub = y - up
      if add < height && sub >= 0 {
        let ra = src + add * srcStride, rs = src + sub * srcStride
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

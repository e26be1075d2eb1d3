import Foundation

/// A fast Gaussian blur: three successive box blurs per direction.
///
/// Three box blurs of width `d = ⌊σ · 3·√(2π)/4 + 0.5⌋` approximate a Gaussian of standard
/// deviation σ within a few percent (the SVG/CSS filter recipe). An odd `d` uses three
/// centred boxes; an even `d` uses two boxes offset by half a pixel in opposite
/// directions and one centred box of width `d + 1`. Pixels outside the region count as
/// transparent. Each pass is a running sum, so the cost does not depend on σ:
/// O(width · height) per channel.
package enum GaussianBlur {
  /// The box widths (as left/right reaches) for σ.
  package static func boxes(sigma: Double) -> [(left: Int, right: Int)] {
    guard sigma.isFinite, sigma > 0 else { return [] }
    let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    guard d > 1 else { return [] }
    if d % 2 == 1 {
      let r = (d - 1) / 2
      return [(r, r), (r, r), (r, r)]
    }
    return [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
  }

  /// Blurs one byte per pixel in place (`stride` bytes per row).
  package static func blurAlpha(_ buffer: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                                sigma: Double) {
    let passes = boxes(sigma: sigma)
    guard !passes.isEmpty, width > 0, height > 0 else { return }
    let n = Swift.max(width, height)
    let line = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
    let tmp = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
    defer {
      line.deallocate()
      tmp.deallocate()
    }
    // Horizontal: every row through the three boxes.
    for y in 0..<height {
      let row = buffer + y * stride
      for x in 0..<width { line[x] = UInt32(row[x]) }
      for (l, r) in passes { boxLine(line, tmp, count: width, left: l, right: r) }
      for x in 0..<width { row[x] = UInt8(line[x]) }
    }
    // Vertical: column sums kept for a whole row at a time, so memory is read row-wise.
    let columns = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    defer { columns.deallocate() }
    for y in 0..<height {
      let row = buffer + y * stride
      for x in 0..<width { columns[y * width + x] = UInt32(row[x]) }
    }
    let out = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    defer { out.deallocate() }
    var src = columns, dst = out
    for (l, r) in passes {
      boxColumns(src, dst, width: width, height: height, up: l, down: r)
      swap(&src, &dst)
    }
    for y in 0..<height {
      let row = buffer + y * stride
      for x in 0..<width { row[x] = UInt8(Swift.min(src[y * width + x], 255)) }
    }
  }

  /// Blurs premultiplied RGBA pixels in place (`stride` pixels per row).
  package static func blurRGBA(_ buffer: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int,
                               sigma: Double) {
    guard !boxes(sigma: sigma).isEmpty, width > 0, height > 0 else { return }
    let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
    defer { plane.deallocate() }
    for channel in 0..<4 {
      let shift = UInt32(channel * 8)
      for y in 0..<height {
        for x in 0..<width { plane[y * width + x] = UInt8(truncatingIfNeeded: buffer[y * stride + x] >> shift) }
      }
      blurAlpha(plane, width: width, height: height, stride: width, sigma: sigma)
      let keep = ~(UInt32(0xFF) << shift)
      for y in 0..<height {
        for x in 0..<width {
          let i = y * stride + x
          buffer[i] = (buffer[i] & keep) | UInt32(plane[y * width + x]) << shift
        }
      }
    }
  }

  /// One box pass along a line, in place: out[x] = mean of in[x − left … x + right].
  @inline(__always)
  private static func boxLine(_ v: UnsafeMutablePointer<UInt32>, _ tmp: UnsafeMutablePointer<UInt32>, count: Int,
                              left: Int, right: Int) {
    let size = UInt64(left + right + 1)
    let recip = (UInt64(1) << 32) / size
    var sum: UInt64 = 0
    for x in 0..<Swift.min(right, count) { sum += UInt64(v[x]) }
    for x in 0..<count {
      let add = x + right
      if add < count { sum += UInt64(v[add]) }
      tmp[x] = UInt32((sum * recip + (1 << 31)) >> 32)
      let sub = x - left
      if sub >= 0 { sum -= UInt64(v[sub]) }
    }
    v.update(from: tmp, count: count)
  }

  /// One vertical box pass over whole rows.
  private static func boxColumns(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>,
                                 width: Int, height: Int, up: Int, down: Int) {
    let size = UInt64(up + down + 1)
    let recip = UInt32((UInt64(1) << 24) / size)
    let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
    defer { sums.deallocate() }
    sums.initialize(repeating: 0, count: width)
    for y in 0..<Swift.min(down, height) {
      let r = src + y * width
      for x in 0..<width { sums[x] &+= r[x] }
    }
    for y in 0..<height {
      let add = y + down
      if add < height {
        let r = src + add * width
        for x in 0..<width { sums[x] &+= r[x] }
      }
      let o = dst + y * width
      for x in 0..<width { o[x] = UInt32((UInt64(sums[x]) &* UInt64(recip) &+ (1 << 23)) >> 24) }
      let sub = y - up
      if sub >= 0 {
        let r = src + sub * width
        for x in 0..<width { sums[x] &-= r[x] }
      }
    }
  }
}

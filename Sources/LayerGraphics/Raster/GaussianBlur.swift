import Foundation

/// A fast Gaussian blur: three successive box blurs per direction.
///
/// Three box blurs of width `d = ⌊σ · 3·√(2π)/4 + 0.5⌋` approximate a Gaussian of standard
/// deviation σ within a few percent (the SVG/CSS filter recipe). An odd `d` uses three
/// centred boxes; an even `d` uses two boxes offset by half a pixel in opposite
/// directions and one centred box of width `d + 1`. Pixels outside the region count as
/// transparent. Each pass is a running sum, so the cost does not depend on σ:
/// O(width · height) per channel.
@_spi(Benchmarks) public enum GaussianBlur {
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
  @_spi(Benchmarks) public static func blurAlpha(_ buffer: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
                                                 stride: Int, sigma: Double) {
    blur(buffer, width: width, height: height, rowBytes: stride, channels: 1, sigma: sigma)
  }

  /// Blurs premultiplied RGBA pixels in place (`stride` pixels per row). Each channel is
  /// blurred alike, so premultiplied colour stays within its alpha.
  @_spi(Benchmarks) public static func blurRGBA(_ buffer: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
                                                stride: Int, sigma: Double) {
    let bytes = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
    blur(bytes, width: width, height: height, rowBytes: stride * 4, channels: 4, sigma: sigma)
  }

  /// Blurs `channels` interleaved byte channels. Every pass rounds to whole bytes, so
  /// passes ping-pong between the buffer and one byte plane.
  private static func blur(_ buffer: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowBytes: Int,
                           channels: Int, sigma: Double) {
    let passes = boxes(sigma: sigma)
    guard !passes.isEmpty, width > 0, height > 0 else { return }
    let lineBytes = width * channels
    let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: lineBytes * height)
    let line = UnsafeMutablePointer<UInt8>.allocate(capacity: lineBytes)
    let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: lineBytes)
    defer {
      plane.deallocate()
      line.deallocate()
      sums.deallocate()
    }
    // Horizontal: three passes per row, in cache.
    for y in 0..<height {
      let row = buffer + y * rowBytes
      for (l, r) in passes {
        for c in 0..<channels {
          boxLine(row + c, line, count: width, step: channels, left: l, right: r)
        }
        for k in 0..<lineBytes { row[k] = line[k] }
      }
    }
    // Vertical: running column sums over whole rows (channel-agnostic), buffer → plane →
    // buffer → plane, then copied back.
    var src = buffer, srcStride = rowBytes
    var dst = plane, dstStride = lineBytes
    for (u, d) in passes {
      boxColumns(src, srcStride, dst, dstStride, sums: sums, lineBytes: lineBytes, height: height, up: u, down: d)
      if dst == plane {
        src = plane; srcStride = lineBytes
        dst = buffer; dstStride = rowBytes
      } else {
        src = buffer; srcStride = rowBytes
        dst = plane; dstStride = lineBytes
      }
    }
    if src == plane {
      for y in 0..<height { (buffer + y * rowBytes).update(from: plane + y * lineBytes, count: lineBytes) }
    }
  }

  /// One box pass along a line of `count` samples `step` bytes apart, written to `out` at
  /// the same offsets: out[x] = mean of in[x − left … x + right], outside = 0.
  @inline(__always)
  private static func boxLine(_ v: UnsafeMutablePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, count: Int,
                              step: Int, left: Int, right: Int) {
    let recip = UInt32((1 << 24) / (left + right + 1))
    var sum: UInt32 = 0
    for x in 0..<Swift.min(right, count) { sum &+= UInt32(v[x * step]) }
    for x in 0..<count {
      let add = x + right
      if add < count { sum &+= UInt32(v[add * step]) }
      out[x * step] = UInt8(truncatingIfNeeded: (sum &* recip &+ (1 << 23)) >> 24)
      let sub = x - left
      if sub >= 0 { sum &-= UInt32(v[sub * step]) }
    }
  }

  /// One vertical box pass from `src` to `dst`, whole rows at a time.
  private static func boxColumns(_ src: UnsafeMutablePointer<UInt8>, _ srcStride: Int,
                                 _ dst: UnsafeMutablePointer<UInt8>, _ dstStride: Int,
                                 sums: UnsafeMutablePointer<UInt32>, lineBytes n: Int, height: Int,
                                 up: Int, down: Int) {
    let recip = UInt32((1 << 24) / (up + down + 1))
    sums.update(repeating: 0, count: n)
    for y in 0..<Swift.min(down, height) {
      let r = src + y * srcStride
      for x in 0..<n { sums[x] &+= UInt32(r[x]) }
    }
    for y in 0..<height {
      let add = y + down
      if add < height {
        let r = src + add * srcStride
        for x in 0..<n { sums[x] &+= UInt32(r[x]) }
      }
      let o = dst + y * dstStride
      for x in 0..<n { o[x] = UInt8(truncatingIfNeeded: (sums[x] &* recip &+ (1 << 23)) >> 24) }
      let sub = y - up
      if sub >= 0 {
        let r = src + sub * srcStride
        for x in 0..<n { sums[x] &-= UInt32(r[x]) }
      }
    }
  }
}

import Foundation

/// The compositor's pixel kernels on premultiplied RGBA8 rows.
///
/// Blending is source-over, `d′ = s·k + d·(1 − sa·k)` with the layer's opacity `k`, in
/// the 8-bit lane arithmetic of `PixelMath` (exact rounding of `x·k/255`). Opaque source
/// pixels at full opacity are copied.
package enum PixelCompositing {
  private typealias M = Lanes

  /// Source-over of `count` pixels of `src` onto `dst` at opacity `alpha` (0…255).
  @inline(__always)
  package static func srcOver(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, alpha: UInt32) {
    if alpha >= 255 {
      var k = 0
      while k < count {
        let s = src[k]
        let sa = s &>> 24
        if sa == 255 {
          dst[k] = s
        } else if sa != 0 {
          dst[k] = M.compress(M.expand(s) &+ M.scale(M.expand(dst[k]), 255 &- sa))
        }
        k += 1
      }
    } else {
      for k in 0..<count {
        let s = src[k]
        if s == 0 { continue }
        let e = M.scale(M.expand(s), alpha)
        let sa = M.alpha(e)
        dst[k] = M.compress(e &+ M.scale(M.expand(dst[k]), 255 &- sa))
      }
    }
  }

  /// Source-over of `count` pixels multiplied channel by channel by `tint` (each
  /// 0…255, premultiplication kept: the colour lanes are scaled by `tint.rgb · tint.a`).
  package static func srcOverTinted(
    _ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, tint: (r: UInt32, g: UInt32, b: UInt32, a: UInt32)
  ) {
    for k in 0..<count {
      let s = src[k]
      if s == 0 { continue }
      let r = M.mul255(s & 0xFF, tint.r), g = M.mul255((s >> 8) & 0xFF, tint.g)
      let b = M.mul255((s >> 16) & 0xFF, tint.b)
      let t = r | g << 8 | b << 16 | (s & 0xFF00_0000)
      let e = M.scale(M.expand(t), tint.a)
      dst[k] = M.compress(e &+ M.scale(M.expand(dst[k]), 255 &- M.alpha(e)))
    }
  }

  /// Multiplies every channel of `count` pixels by the alpha of the matching `mask`
  /// pixels (destination-in).
  package static func multiplyByAlpha(_ dst: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt32>, count: Int) {
    for k in 0..<count {
      let m = mask[k] &>> 24
      if m == 255 { continue }
      dst[k] = m == 0 ? 0 : M.compress(M.scale(M.expand(dst[k]), m))
    }
  }

  /// Composites the pixels of `src` that lie in `clip` onto `dst` (both in device
  /// space), at opacity `alpha` (0…1) and, when given, multiplied by `tint`.
  package static func composite(
    _ src: RenderSurface, onto dst: RenderSurface, clip: PixelRect, alpha: Float, tint: SIMD4<Float>? = nil
  ) {
    let r = clip.intersection(src.rect).intersection(dst.rect)
    guard !r.isEmpty, alpha > 0 else { return }
    let k = UInt32(Swift.min(Swift.max(alpha, 0), 1) * 255 + 0.5)
    let s = SendablePointer(src.pixel(x: r.x0, y: r.y0)), d = SendablePointer(dst.pixel(x: r.x0, y: r.y0))
    let ss = src.stride, ds = dst.stride, w = r.width
    if let tint {
      func byte(_ v: Float) -> UInt32 { UInt32(Swift.min(Swift.max(v, 0), 1) * 255 + 0.5) }
      let t = (byte(tint.x), byte(tint.y), byte(tint.z), M.mul255(byte(tint.w), k))
      ParallelRows.run(0..<r.height, pixelsPerRow: w) { rows in
        for y in rows { srcOverTinted(s.pointer + y * ss, d.pointer + y * ds, count: w, tint: t) }
      }
    } else {
      ParallelRows.run(0..<r.height, pixelsPerRow: w) { rows in
        for y in rows { srcOver(s.pointer + y * ss, d.pointer + y * ds, count: w, alpha: k) }
      }
    }
  }

  /// Multiplies the pixels of `dst` in its whole rect by the alpha of `mask` (device
  /// aligned; pixels outside `mask` become transparent).
  package static func applyMask(_ mask: RenderSurface?, to dst: RenderSurface) {
    guard let mask else {
      dst.clear(dst.rect)
      return
    }
    let r = dst.rect.intersection(mask.rect)
    for y in dst.rect.y0..<dst.rect.y1 {
      let row = dst.pixel(x: dst.rect.x0, y: y)
      if r.isEmpty || y < r.y0 || y >= r.y1 {
        row.update(repeating: 0, count: dst.width)
        continue
      }
      if r.x0 > dst.rect.x0 { row.update(repeating: 0, count: r.x0 - dst.rect.x0) }
      if r.x1 < dst.rect.x1 { (row + (r.x1 - dst.rect.x0)).update(repeating: 0, count: dst.rect.x1 - r.x1) }
      multiplyByAlpha(dst.pixel(x: r.x0, y: y), mask: mask.pixel(x: r.x0, y: y), count: r.width)
    }
  }
}

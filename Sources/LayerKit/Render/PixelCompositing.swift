import Foundation

/// The compositor's operations on whole surfaces of premultiplied RGBA8 pixels.
///
/// Blending is source-over, `d′ = s·k + d·(1 − sa·k)` with the layer's opacity `k`,
/// done row by row by LayerGraphics' SIMD `RowKernels` (exact rounding of `x·k/255`;
/// opaque source pixels at full opacity are copied). Large areas split their rows
/// over cores (`ParallelRows`).
package enum PixelCompositing {
  /// Composites the pixels of `src` that lie in `clip` onto `dst` (both in device
  /// space), at opacity `alpha` (0…1) and, when given, multiplied by `tint`.
  package static func composite(
    _ src: RenderSurface, onto dst: RenderSurface, clip: PixelRect, alpha: Float, tint: SIMD4<Float>? = nil
  ) {
    let r = clip.intersection(src.rect).intersection(dst.rect)
    guard !r.isEmpty, alpha > 0 else { return }
    dst.flushPendingClear()
    let k = byte(alpha)
    let s = SendablePointer(src.pixel(x: r.x0, y: r.y0)), d = SendablePointer(dst.pixel(x: r.x0, y: r.y0))
    let ss = src.stride, ds = dst.stride, w = r.width
    if let tint {
      let t = (byte(tint.x), byte(tint.y), byte(tint.z), PixelMath.mul255(byte(tint.w), k))
      ParallelRows.run(0..<r.height, pixelsPerRow: w) { rows in
        for y in rows { RowKernels.srcOverTintedRow(d.pointer + y * ds, s.pointer + y * ss, count: w, tint: t) }
      }
    } else {
      ParallelRows.run(0..<r.height, pixelsPerRow: w) { rows in
        for y in rows { RowKernels.srcOverRow(d.pointer + y * ds, s.pointer + y * ss, count: w, opacity: k) }
      }
    }
  }

  /// Replaces the pixels of `dst` inside `clip` by `dst·(1 − p) + src·p` (a
  /// cross-dissolve towards `src`; pixels outside `src` count as transparent).
  package static func dissolve(_ dst: RenderSurface, toward src: RenderSurface, progress p: Double, clip: PixelRect) {
    let r = clip.intersection(dst.rect)
    guard !r.isEmpty else { return }
    dst.flushPendingClear()
    let k = byte(Float(p))
    let both = r.intersection(src.rect)
    for y in r.y0..<r.y1 {
      let row = dst.pixel(x: r.x0, y: y)
      if both.isEmpty || y < both.y0 || y >= both.y1 {
        scaleRow(row, count: r.width, by: 255 - k)
        continue
      }
      if both.x0 > r.x0 { scaleRow(row, count: both.x0 - r.x0, by: 255 - k) }
      if both.x1 < r.x1 { scaleRow(row + (both.x1 - r.x0), count: r.x1 - both.x1, by: 255 - k) }
      RowKernels.dissolveRow(dst.pixel(x: both.x0, y: y), src.pixel(x: both.x0, y: y), count: both.width, amount: k)
    }
  }

  /// Multiplies the pixels of `dst` in `area` (default its whole rect) by the alpha of
  /// `mask` (device aligned; pixels outside `mask` become transparent). Pixels of `dst`
  /// outside `area` keep what they were.
  package static func applyMask(
    _ mask: RenderSurface?, to dst: RenderSurface, in area: PixelRect? = nil,
    mode: LayerMaskMode = .alpha
  ) {
    dst.flushPendingClear()
    let a = area?.intersection(dst.rect) ?? dst.rect
    guard !a.isEmpty else { return }
    if mode != .alpha {
      applyMask(mask, to: dst, in: a, converting: mode)
      return
    }
    guard let mask else {
      dst.clear(a)
      return
    }
    let r = a.intersection(mask.rect)
    for y in a.y0..<a.y1 {
      let row = dst.pixel(x: a.x0, y: y)
      if r.isEmpty || y < r.y0 || y >= r.y1 {
        row.update(repeating: 0, count: a.width)
        continue
      }
      if r.x0 > a.x0 { row.update(repeating: 0, count: r.x0 - a.x0) }
      if r.x1 < a.x1 { (row + (r.x1 - a.x0)).update(repeating: 0, count: a.x1 - r.x1) }
      RowKernels.multiplyByAlphaRow(
        dst.pixel(x: r.x0, y: y), mask: mask.pixel(x: r.x0, y: y), count: r.width)
    }
  }

  /// `x·k/255` for every channel of `count` pixels.
  private static func scaleRow(_ row: UnsafeMutablePointer<UInt32>, count: Int, by k: UInt32) {
    for i in 0..<count { row[i] = PixelMath.compress(PixelMath.scale(PixelMath.expand(row[i]), k)) }
  }

  /// A 0…1 amount as a byte, rounded.
  static func byte(_ v: Float) -> UInt32 { UInt32(Swift.min(Swift.max(v.isNaN ? 0 : v, 0), 1) * 255 + 0.5) }
}

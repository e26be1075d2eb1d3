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
    _ src: RenderSurface, onto dst: RenderSurface, clip: PixelRect, alpha: Float,
    tint: SIMD4<Float>? = nil
  ) {
    let r = clip.intersection(src.rect).intersection(dst.rect)
    guard !r.isEmpty, alpha > 0 else { return }
    dst.flushPendingClear()
    let k = byte(alpha)
    let s = SendablePointer(src.pixel(x: r.x0, y: r.y0))
    let d = SendablePointer(dst.pixel(x: r.x0, y: r.y0))
    let ss = src.stride
    let ds = dst.stride
    let w = r.width
    if let tint {
      let t = (byte(tint.x), byte(tint.y), byte(tint.z), PixelMath.mul255(byte(tint.w), k))
      ParallelRows.run(0..<r.height, pixelsPerRow: w) { rows in
        for y in rows {
          RowKernels.srcOverTintedRow(d.pointer + y * ds, s.pointer + y * ss, count: w, tint: t)
        }
      }
    } else {
      ParallelRows.run(0..<r.height, pixelsPerRow: w) { rows in
        for y in rows {
          RowKernels.srcOverRow(d.pointer + y * ds, s.pointer + y * ss, count: w, opacity: k)
        }
      }
    }
  }

  /// Replaces the pixels of `dst` inside `clip` by `dst·(1 − p) + src·p` (a
  /// cross-dissolve towards `src`; pixels outside `src` count as transparent).
  package static func dissolve(
    _ dst: RenderSurface, toward src: RenderSurface, progress p: Double, clip: PixelRect
  ) {
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
      RowKernels.dissolveRow(
        dst.pixel(x: both.x0, y: y), src.pixel(x: both.x0, y: y), count: both.width, amount: k)
    }
  }

  /// Multiplies the pixels of `dst` in `area` (default its whole rect) by the coverage
  /// `mode` takes from `mask` (device aligned; see `LayerMaskMode`). Outside `mask` (or
  /// with no mask at all), and outside `maskArea` when given (the part of `mask` its
  /// drawing could reach; the rest of its bitmap is not read), the mask is empty: the
  /// inverse modes keep those pixels, the others clear them. Pixels of `dst` outside
  /// `area` keep what they were.
  ///
  /// Only the mask's rows and columns are multiplied (`RowKernels.multiplyByMaskRow`,
  /// which leaves runs of full coverage untouched and clears runs of none unread).
  package static func applyMask(
    _ mask: RenderSurface?, to dst: RenderSurface, in area: PixelRect? = nil,
    mode: LayerMaskMode = .alpha, maskArea: PixelRect? = nil
  ) {
    dst.flushPendingClear()
    let a = area?.intersection(dst.rect) ?? dst.rect
    guard !a.isEmpty else { return }
    let coverage = maskCoverage(mode)
    var r = mask.map { a.intersection($0.rect) } ?? .empty
    if let maskArea { r = r.intersection(maskArea) }
    guard let mask, !r.isEmpty else {
      if !coverage.isInverse { dst.clear(a) }
      return
    }
    if !coverage.isInverse {
      // Outside the mask's rows and columns: cleared.
      for outside in a.subtracting(r) { dst.clear(outside) }
    }
    let d = SendablePointer(dst.pixel(x: r.x0, y: r.y0))
    let m = SendablePointer(mask.pixel(x: r.x0, y: r.y0))
    let ds = dst.stride
    let ms = mask.stride
    let w = r.width
    ParallelRows.run(0..<r.height, pixelsPerRow: w) { rows in
      for y in rows {
        RowKernels.multiplyByMaskRow(
          d.pointer + y * ds, mask: m.pointer + y * ms, count: w, coverage: coverage)
      }
    }
  }

  /// `x·k/255` for every channel of `count` pixels.
  private static func scaleRow(_ row: UnsafeMutablePointer<UInt32>, count: Int, by k: UInt32) {
    for i in 0..<count { row[i] = PixelMath.compress(PixelMath.scale(PixelMath.expand(row[i]), k)) }
  }

  /// A 0…1 amount as a byte, rounded.
  static func byte(_ v: Float) -> UInt32 {
    UInt32(Swift.min(Swift.max(v.isNaN ? 0 : v, 0), 1) * 255 + 0.5)
  }
}

import Foundation

extension PixelCompositing {
  /// Blends the pixels of `src` that lie in `clip` onto `dst` with `mode`
  /// (`BlendFunction`, the W3C formulas for the separable and non-separable modes);
  /// transparent source pixels leave `dst` as it is. Opaque pixels onto opaque ones take
  /// the separable modes' lookup tables (`W3CBlend.opaqueTable`, the same bytes).
  ///
  /// - Complexity: O(pixels in `clip`), rows split over cores for large areas.
  package static func blend(
    _ src: RenderSurface, onto dst: RenderSurface, clip: PixelRect, mode: CGBlendMode
  ) {
    let r = clip.intersection(src.rect).intersection(dst.rect)
    guard !r.isEmpty else { return }
    dst.flushPendingClear()
    let s = SendablePointer(src.pixel(x: r.x0, y: r.y0))
    let d = SendablePointer(dst.pixel(x: r.x0, y: r.y0))
    let ss = src.stride
    let ds = dst.stride
    let w = r.width
    let table = W3CBlend.opaqueTable(mode).map {
      SendablePointer(UnsafeMutablePointer(mutating: $0))
    }
    ParallelRows.run(0..<r.height, pixelsPerRow: w) { rows in
      for y in rows {
        let sr = s.pointer + y * ss
        let dr = d.pointer + y * ds
        if let t = table?.pointer {
          for x in 0..<w where sr[x] != 0 {
            let sp = sr[x]
            let dp = dr[x]
            dr[x] =
              sp & dp >= 0xFF00_0000
              ? W3CBlend.blendOpaque(UnsafePointer(t), sp, dp) : BlendFunction.blend(mode, sp, dp)
          }
        } else {
          for x in 0..<w where sr[x] != 0 { dr[x] = BlendFunction.blend(mode, sr[x], dr[x]) }
        }
      }
    }
  }
}

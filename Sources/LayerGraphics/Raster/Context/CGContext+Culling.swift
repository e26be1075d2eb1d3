import Foundation

/// Skipping shapes that cannot reach the clip box.
///
/// Every blend mode mixes by coverage (`D' = c·result + (1 − c)·D`), so a shape whose
/// outline lies wholly outside the clip box changes no pixel, and flattening, stroking
/// and scan-converting it can be skipped. This is what lets a context that draws one
/// horizontal band of a frame (one per thread) pay only for the shapes in its band.
extension CGContext {
  /// Whether the device-space points of `p` (end and control points, whose hull holds
  /// every curve), grown by `outset` pixels, miss the clip box. Non-finite points never
  /// count as missing (the rasterizer drops them itself).
  func missesClip(_ p: PathStorage, outset: CGFloat) -> Bool {
    guard !p.points.isEmpty, outset.isFinite else { return false }
    var minX = CGFloat.infinity
    var minY = CGFloat.infinity
    var maxX = -CGFloat.infinity
    var maxY = -CGFloat.infinity
    for q in p.points {
      if q.x < minX { minX = q.x }
      if q.x > maxX { maxX = q.x }
      if q.y < minY { minY = q.y }
      if q.y > maxY { maxY = q.y }
    }
    guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return false }
    return maxX + outset <= CGFloat(state.clipX0) || minX - outset >= CGFloat(state.clipX1)
      || maxY + outset <= CGFloat(state.clipY0) || minY - outset >= CGFloat(state.clipY1)
  }

  /// How far, in device pixels, a stroke in the current style can reach beyond its
  /// path's points: half the line width, times the miter limit for miter joins (or √2
  /// for square caps), stretched by the CTM (its Frobenius norm bounds every stretch),
  /// plus a pixel.
  var strokeReach: CGFloat {
    let m = state.ctm
    let stretch = (m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d).squareRoot()
    let shape = Swift.max(state.lineJoin == .miter ? state.miterLimit : 1, 1.5)
    return state.lineWidth / 2 * shape * stretch + 1
  }
}

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
    guard outset.isFinite, let b = pointBounds(p) else { return false }
    return missesClip(b, outset: outset)
  }

  /// Whether the box `b` of a path's points, grown by `outset` pixels, misses the clip
  /// box.
  func missesClip(_ b: PointBounds, outset: CGFloat) -> Bool {
    b.maxX + outset <= CGFloat(state.clipX0) || b.minX - outset >= CGFloat(state.clipX1)
      || b.maxY + outset <= CGFloat(state.clipY0) || b.minY - outset >= CGFloat(state.clipY1)
  }

  /// Whether the box `b` of a path's points lies inside the clip box with a pixel to
  /// spare on every side, so that every segment of the flattened path (made of points
  /// and of convex combinations of them, which rounding moves by far less than a pixel)
  /// is inside too and needs no clipping — provided every point is finite (a NaN
  /// coordinate is left out of the box, and the flattener drops its element, so the
  /// next segment starts wherever the previous shape ended; see `PathStorage.pointsAreFinite`).
  func fitsInsideClip(_ b: PointBounds) -> Bool {
    b.minX > CGFloat(state.clipX0 + 1) && b.maxX < CGFloat(state.clipX1 - 1)
      && b.minY > CGFloat(state.clipY0 + 1) && b.maxY < CGFloat(state.clipY1 - 1)
  }

  /// The bounding box of the device-space points of `p` (end and control points, whose
  /// hull holds every curve); nil when there are none or a bound is not finite (a NaN
  /// coordinate is left out of its bound).
  func pointBounds(_ p: PathStorage) -> PointBounds? {
    guard !p.points.isEmpty else { return nil }
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
    for q in p.points {
      if q.x < minX { minX = q.x }
      if q.x > maxX { maxX = q.x }
      if q.y < minY { minY = q.y }
      if q.y > maxY { maxY = q.y }
    }
    guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
    return PointBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
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

/// The bounding box of a path's points in device pixels, all four bounds finite.
struct PointBounds {
  var minX: CGFloat
  var minY: CGFloat
  var maxX: CGFloat
  var maxY: CGFloat
}

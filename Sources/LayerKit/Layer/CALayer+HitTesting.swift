import Foundation

// Hit testing.
//
// `hitTest(_:)` takes a point in the superlayer's coordinates (for a root layer, the
// space its position is in) and returns the frontmost, deepest layer containing it:
//
// 1. A hidden layer, and everything below it, is never hit (Core Animation skips hidden
//    layers only: a layer with opacity 0 is still hit).
// 2. The point is mapped into the layer's space through the inverse of its full
//    transform, perspective included; a point whose line of sight meets the layer's
//    plane behind the eye, or a layer seen edge-on, is a miss.
// 3. With `masksToBounds`, a point outside `contains(_:)` is a miss for the layer and
//    all its sublayers (they are clipped there).
// 4. Sublayers are tried front to back: highest `zPosition` first, and among equal
//    `zPosition`s the last in `sublayers` first (the drawing order reversed).
// 5. Otherwise the layer itself, when `contains(_:)` the point.
//
// `mask` layers are not hit-tested, and `isDoubleSided == false` does not hide a
// back-facing layer from hit testing.
extension CALayer {
  /// The default `hitTest(_:)`.
  package func hitTestTree(_ p: CGPoint) -> CALayer? {
    return StackReserve.ensure {
      if state.isHidden { return nil }
      guard let local = pointFromGeometryParent(p) else { return nil }
      if state.masksToBounds && !contains(local) { return nil }
      for sublayer in sublayersFrontToBack {
        if let hit = sublayer.hitTest(local) { return hit }
      }
      return contains(local) ? self : nil
    }
  }

  /// The sublayers in hit-testing order: the reverse of drawing order (sublayer order
  /// stably sorted by ascending `zPosition`).
  package var sublayersFrontToBack: [CALayer] {
    children.enumerated()
      .sorted { a, b in
        a.element.state.zPosition != b.element.state.zPosition
          ? a.element.state.zPosition > b.element.state.zPosition
          : a.offset > b.offset
      }
      .map(\.element)
  }

  /// `p`, given in the geometry parent's space, in this layer's space; nil when the
  /// line of sight through `p` does not meet the layer's plane in front of the eye.
  package func pointFromGeometryParent(_ p: CGPoint) -> CGPoint? {
    let forward = transformToGeometryParent
    if forward.isAffine {
      guard let inverse = forward.inverse else { return nil }
      return inverse.apply(p)
    }
    guard let inverse = forward.inverse else { return nil }
    let local = inverse.apply(p)
    guard local.x.isFinite, local.y.isFinite, forward.homogeneous(local).w > 0 else { return nil }
    return local
  }
}

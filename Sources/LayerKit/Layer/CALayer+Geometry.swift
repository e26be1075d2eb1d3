import Foundation

// frame, the affine transform shorthand, and converting points and rectangles between
// layers (see `LayerGeometry` for the layer → superlayer map).
extension CALayer {
  /// The layer's rectangle in the superlayer's coordinates: the bounding box of
  /// `bounds` mapped through `transform` about the anchor point and placed at
  /// `position`. With the identity transform, `origin = position − anchorPoint · size`
  /// and `size = bounds.size`. Not animatable (animate `position` and `bounds`).
  ///
  /// Setting it with the identity transform sets `position` and `bounds.size` (the
  /// bounds origin is kept). With another transform LayerKit picks the bounds size whose
  /// mapped bounding box has the new size, solving with the transform's 2×2 linear part
  /// when that has a non-negative solution (scales, flips, shears, rotations by other
  /// than 45°) and keeping the size otherwise, then moves `position` so the bounding box
  /// starts at the new origin. Perspective is left out of the size solve, so the origin
  /// is exact and the size approximate there. A rectangle with NaN or an infinity
  /// records a diagnostic and changes nothing.
  public var frame: CGRect {
    get { LayerGeometry.frame(state) }
    set {
      guard newValue.isValidAnimationValue else {
        CADiagnostics.report(key: "frame", "ignored the non-finite frame \(newValue)")
        return
      }
      if state.transform.isIdentity {
        position = CGPoint(
          x: newValue.origin.x + state.anchorPoint.x * newValue.width,
          y: newValue.origin.y + state.anchorPoint.y * newValue.height)
        bounds.size = newValue.size
        return
      }
      let target = newValue.standardized
      let t = state.transform
      let (a, b, c, d) = (abs(t.m11), abs(t.m12), abs(t.m21), abs(t.m22))
      let det = a * d - c * b
      if abs(det) > 1e-12 {
        let w = (d * target.width - c * target.height) / det
        let h = (a * target.height - b * target.width) / det
        if w >= -1e-9, h >= -1e-9 { bounds.size = CGSize(width: max(w, 0), height: max(h, 0)) }
      }
      let current = LayerGeometry.frame(state)
      guard current.origin.x.isFinite, current.origin.y.isFinite else { return }
      position = CGPoint(
        x: state.position.x + target.minX - current.minX,
        y: state.position.y + target.minY - current.minY)
    }
  }

  /// The layer's transform as an affine transform (its 2D part: m11, m12, m21, m22,
  /// m41, m42).
  public func affineTransform() -> CGAffineTransform {
    CATransform3DGetAffineTransform(state.transform)
  }

  /// Sets `transform` to the 3D equivalent of `m`.
  public func setAffineTransform(_ m: CGAffineTransform) {
    transform = CATransform3DMakeAffineTransform(m)
  }

  /// Converts `p` from `l`'s coordinate space to this layer's.
  ///
  /// The map goes up from `l` to the nearest common ancestor and down to this layer
  /// through every transform, with perspective: going down into a tilted layer finds
  /// where the line of sight meets the layer's plane. `l` nil means the coordinates of
  /// the root of this layer's tree (its topmost superlayer's own space). Layers of
  /// different trees are related through their roots' spaces, taken as the same.
  /// A point that no line of sight reaches (a layer seen edge-on) comes back infinite.
  public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
    let source = l ?? rootLayer
    if source === self { return p }
    let ancestor = nearestCommonAncestor(with: source)
    let up = source.transform(toAncestor: ancestor)
    let down = transform(toAncestor: ancestor)
    return down.inverse.map { up.concatenating($0).apply(p) }
      ?? CGPoint(x: CGFloat.infinity, y: .infinity)
  }

  /// Converts `p` from this layer's coordinate space to `l`'s (nil: the root's).
  public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
    (l ?? rootLayer).convert(p, from: self)
  }

  /// Converts `r` from `l`'s coordinate space to this layer's: the bounding box of its
  /// converted corners (`CGRect.infinite` when a corner cannot be converted).
  public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
    let source = l ?? rootLayer
    if source === self { return r }
    let ancestor = nearestCommonAncestor(with: source)
    guard let down = transform(toAncestor: ancestor).inverse else { return .infinite }
    let map = source.transform(toAncestor: ancestor).concatenating(down)
    let corners = [
      CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
      CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
    ].map(map.apply)
    guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .infinite }
    let xs = corners.map(\.x), ys = corners.map(\.y)
    return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }

  /// Converts `r` from this layer's coordinate space to `l`'s (nil: the root's).
  public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
    (l ?? rootLayer).convert(r, from: self)
  }

  /// The flattened map from this layer's space into its geometry parent's space (the
  /// superlayer's, with its sublayer transform; for a mask, the masked layer's).
  package var transformToGeometryParent: ProjectiveTransform2D {
    ProjectiveTransform2D(
      flattening: LayerGeometry.transformToParent(state, parent: parentLayer?.state))
  }

  /// The flattened map from this layer's space to `ancestor`'s (nil: to the root's own
  /// space), one flattening per level.
  package func transform(toAncestor ancestor: CALayer?) -> ProjectiveTransform2D {
    var map = ProjectiveTransform2D.identity
    var current: CALayer = self
    while current !== ancestor, let parent = current.geometryParent {
      map = map.concatenating(current.transformToGeometryParent)
      current = parent
    }
    return map
  }

  /// The nearest layer that is `other` or an ancestor of it and also this layer or an
  /// ancestor of it; nil when the two are in different trees.
  package func nearestCommonAncestor(with other: CALayer) -> CALayer? {
    var mine: Set<ObjectIdentifier> = []
    var current: CALayer? = self
    while let c = current {
      mine.insert(ObjectIdentifier(c))
      current = c.geometryParent
    }
    current = other
    while let c = current {
      if mine.contains(ObjectIdentifier(c)) { return c }
      current = c.geometryParent
    }
    return nil
  }
}

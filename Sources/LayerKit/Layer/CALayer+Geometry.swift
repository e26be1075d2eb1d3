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
  /// where the line of sight meets the layer's plane. `l` nil means the space the root
  /// of this layer's tree has its `position` in (the space `hitTest(_:)` takes points
  /// in), so the root's own transform, position and flip apply. Layers of different
  /// trees are related through that space, taken as the same for both roots. A point
  /// that no line of sight reaches (a layer seen edge-on) comes back infinite.
  public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
    map(from: l)?.apply(p) ?? CGPoint(x: CGFloat.infinity, y: .infinity)
  }

  /// Converts `p` from this layer's coordinate space to `l`'s (nil: the space the
  /// root's `position` is in).
  public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
    Self.map(from: self, to: l)?.apply(p) ?? CGPoint(x: CGFloat.infinity, y: .infinity)
  }

  /// Converts `r` from `l`'s coordinate space to this layer's: the bounding box of its
  /// converted corners (`CGRect.infinite` when a corner cannot be converted).
  public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
    Self.convert(r, through: map(from: l))
  }

  /// Converts `r` from this layer's coordinate space to `l`'s (nil: the space the
  /// root's `position` is in).
  public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
    Self.convert(r, through: Self.map(from: self, to: l))
  }

  /// The flattened map from `l`'s space (nil: the space the root's position is in) to
  /// this layer's, or nil when this layer's space cannot be reached (seen edge-on).
  package func map(from l: CALayer?) -> ProjectiveTransform2D? {
    Self.map(from: l, to: self)
  }

  /// The one conversion every `convert` goes through: up from `source` to the nearest
  /// common ancestor, then down to `target` (nil on either side: the space the root's
  /// position is in).
  private static func map(from source: CALayer?, to target: CALayer?) -> ProjectiveTransform2D? {
    if source === target { return .identity }
    let ancestor = source.flatMap { s in target.flatMap { $0.nearestCommonAncestor(with: s) } }
    let up = source?.transform(toAncestor: ancestor) ?? .identity
    guard let target else { return up }
    return target.transform(toAncestor: ancestor).inverse.map { up.concatenating($0) }
  }

  /// The bounding box of `r`'s corners through `map` (`CGRect.infinite` when there is
  /// no map or a corner does not convert).
  private static func convert(_ r: CGRect, through map: ProjectiveTransform2D?) -> CGRect {
    guard let map else { return .infinite }
    let corners = [
      CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
      CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
    ].map(map.apply)
    guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .infinite }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    return CGRect(
      x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }

  /// The flattened map from this layer's space into its geometry parent's space (the
  /// superlayer's, with its sublayer transform; for a mask, the masked layer's).
  package var transformToGeometryParent: ProjectiveTransform2D {
    ProjectiveTransform2D(
      flattening: LayerGeometry.transformToParent(state, parent: parentLayer?.state))
  }

  /// The flattened map from this layer's space to `ancestor`'s (nil: to the space the
  /// root's position is in, through the root's own geometry), one flattening per level.
  package func transform(toAncestor ancestor: CALayer?) -> ProjectiveTransform2D {
    var map = ProjectiveTransform2D.identity
    var current: CALayer? = self
    while let c = current, c !== ancestor {
      map = map.concatenating(c.transformToGeometryParent)
      current = c.geometryParent
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

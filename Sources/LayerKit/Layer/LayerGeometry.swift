import Foundation

/// The transforms that place a layer in its superlayer, computed from model values.
///
/// A point `p` (with z) of a layer's own space reaches its superlayer's space through
///
/// ```
///   T(−anchor, −anchorPointZ) · transform · T(position, zPosition + anchorPointZ) · S
///   anchor = bounds.origin + anchorPoint · bounds.size           (row vectors: left first)
/// ```
///
/// where `S` is what the superlayer does to all its sublayers: its geometry flip (when
/// `isGeometryFlipped`, y ↦ minY + maxY − y of its bounds), then its `sublayerTransform`
/// about its own anchor, `T(−anchor′, −anchorPointZ′) · sublayerTransform ·
/// T(anchor′, anchorPointZ′)`. The result is flattened onto the superlayer's plane
/// (`ProjectiveTransform2D`), as an ordinary Core Animation layer flattens its sublayers.
/// The renderer uses the same functions, so hit testing and drawing agree.
package enum LayerGeometry {
  /// The layer's own transform about its anchor point, then its position: its space
  /// into its superlayer's space *before* the superlayer's sublayer transform. This is
  /// what `frame` measures.
  package static func transformToParentPlane(_ s: LayerState) -> CATransform3D {
    let a = s.anchorInBounds
    let toAnchor = CATransform3DMakeTranslation(-a.x, -a.y, -s.anchorPointZ)
    let toPosition = CATransform3DMakeTranslation(s.position.x, s.position.y, s.zPosition + s.anchorPointZ)
    if s.transform.isIdentity { return toAnchor.concatenating(toPosition) }
    return toAnchor.concatenating(s.transform).concatenating(toPosition)
  }

  /// What a layer applies to every sublayer: the geometry flip, then `sublayerTransform`
  /// about its anchor point. The identity for a default layer.
  package static func sublayerSpaceTransform(_ parent: LayerState) -> CATransform3D {
    var m = CATransform3D.identity
    if parent.isGeometryFlipped {
      m.m22 = -1
      m.m42 = parent.bounds.minY + parent.bounds.maxY
    }
    if !parent.sublayerTransform.isIdentity {
      let a = parent.anchorInBounds
      m = m.concatenating(CATransform3DMakeTranslation(-a.x, -a.y, -parent.anchorPointZ))
        .concatenating(parent.sublayerTransform)
        .concatenating(CATransform3DMakeTranslation(a.x, a.y, parent.anchorPointZ))
    }
    return m
  }

  /// The full 4×4 map from a layer's space to its superlayer's space; `parent` nil for
  /// a root layer or a mask (which ignores the masked layer's sublayer transform).
  package static func transformToParent(_ child: LayerState, parent: LayerState?) -> CATransform3D {
    let own = transformToParentPlane(child)
    guard let parent else { return own }
    let s = sublayerSpaceTransform(parent)
    return s.isIdentity ? own : own.concatenating(s)
  }

  /// The bounding box of the layer's bounds mapped into the superlayer's plane
  /// (Core Animation's `frame`); `CGRect.infinite` when a corner lies at or behind the
  /// eye of a perspective transform.
  package static func frame(_ s: LayerState) -> CGRect {
    if s.transform.isIdentity {
      return CGRect(
        x: s.position.x - s.anchorPoint.x * s.bounds.width,
        y: s.position.y - s.anchorPoint.y * s.bounds.height,
        width: s.bounds.width, height: s.bounds.height)
    }
    let map = ProjectiveTransform2D(flattening: transformToParentPlane(s))
    return boundingBox(of: s.bounds, through: map) ?? .infinite
  }

  /// The bounding box of `rect`'s four corners through `map`, or nil when a corner
  /// lies at or behind the eye.
  package static func boundingBox(of rect: CGRect, through map: ProjectiveTransform2D) -> CGRect? {
    let corners = [
      CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
      CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
    ]
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity
    for c in corners {
      guard let q = map.project(c) else { return nil }
      minX = min(minX, q.x); maxX = max(maxX, q.x)
      minY = min(minY, q.y); maxY = max(maxY, q.y)
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}

import Foundation

/// The transforms that place a layer in its superlayer, computed from model values.
///
/// A point `p` (with z) of a layer's own space reaches its superlayer's space through
///
/// ```
///   F · T(−anchor, −anchorPointZ) · transform · T(position, zPosition + anchorPointZ)
///     · U′
///   anchor = bounds.origin + anchorPoint · bounds.size           (row vectors: left first)
/// ```
///
/// `F` is the layer's own geometry flip: when `isGeometryFlipped`, y ↦ minY + maxY − y
/// of its bounds (so the flip maps the bounds onto themselves and leaves `frame` alone),
/// else the identity. Because the flip belongs to the layer's own space, and that is
/// the space its sublayers' positions are in, it turns the layer's coordinates and its
/// sublayers' placement over together. `U′` is what the superlayer does to all its
/// sublayers in its own space: its `sublayerTransform` about its anchor,
/// `T(−anchor′, −anchorPointZ′) · sublayerTransform · T(anchor′, anchorPointZ′)`. The
/// result is flattened onto the superlayer's plane (`ProjectiveTransform2D`), as an
/// ordinary Core Animation layer flattens its sublayers.
///
/// Conversions and hit testing use `transformToParent(_:parent:)`. The renderer draws
/// a layer's own content (background, border, contents, shape, text) upright, which is
/// the layer's space seen through `F` (`F` is its own inverse), so it places a layer's
/// *drawn* space with `transformToParentPlane` and what it applies to sublayers with
/// `sublayerSpaceTransform` (`U′` then `F′`): the same three pieces, so drawing, hit
/// testing and conversions agree.
package enum LayerGeometry {
  /// The layer's own transform about its anchor point, then its position: its drawn
  /// (upright) space into its superlayer's space *before* the superlayer's sublayer
  /// transform. This is what `frame` measures.
  package static func transformToParentPlane(_ s: LayerState) -> CATransform3D {
    withUnsafePointer(to: s) { transformToParentPlane($0) }
  }

  /// `transformToParentPlane` of the state at `s`, read in place: a state is large, and
  /// passing one stored elsewhere (in a render node) by value copies it whole first.
  package static func transformToParentPlane(_ s: UnsafePointer<LayerState>) -> CATransform3D {
    let b = s.pointee.bounds
    let p = s.pointee.anchorPoint
    let z = s.pointee.anchorPointZ
    let a = anchor(p, in: b)
    let toAnchor = CATransform3DMakeTranslation(-a.x, -a.y, -z)
    let toPosition = CATransform3DMakeTranslation(
      s.pointee.position.x, s.pointee.position.y, s.pointee.zPosition + z)
    if s.pointee.transform.isIdentity { return translations(toAnchor, toPosition) }
    return toAnchor.concatenating(s.pointee.transform).concatenating(toPosition)
  }

  /// The anchor point `p` (unit coordinates) in bounds `b`: `b.origin + p · b.size`.
  @inline(__always)
  package static func anchor(_ p: CGPoint, in b: CGRect) -> CGPoint {
    CGPoint(x: b.origin.x + p.x * b.size.width, y: b.origin.y + p.y * b.size.height)
  }

  /// `a.concatenating(b)` for two translations, entry for entry the same sums of the
  /// same products in the same order, without the products by constant 0 and 1 that
  /// cannot change them (a product of 0 with a coordinate stays, since a coordinate may
  /// be NaN or infinite): the placement of most layers, at every frame.
  @inline(__always)
  private static func translations(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let (u, v, w) = (a.m41, a.m42, a.m43)
    let (p, q, r) = (b.m41, b.m42, b.m43)
    return CATransform3D(
      m11: 1 + 0 * p, m12: 0 + 0 * q, m13: 0 + 0 * r, m14: 0,
      m21: 0 + 0 * p, m22: 1 + 0 * q, m23: 0 + 0 * r, m24: 0,
      m31: 0 + 0 * p, m32: 0 + 0 * q, m33: 1 + 0 * r, m34: 0,
      m41: ((u + v * 0) + w * 0) + p, m42: ((u * 0 + v) + w * 0) + q,
      m43: ((u * 0 + v * 0) + w) + r, m44: ((u * 0 + v * 0) + w * 0) + 1)
  }

  /// The layer's geometry flip `F`: y ↦ minY + maxY − y of its bounds when
  /// `isGeometryFlipped`, else nil (the identity). Its own inverse.
  package static func flip(_ s: LayerState) -> CATransform3D? {
    guard s.isGeometryFlipped else { return nil }
    var m = CATransform3D.identity
    m.m22 = -1
    m.m42 = s.bounds.minY + s.bounds.maxY
    return m
  }

  /// `sublayerTransform` about the layer's anchor point (`U′` for its sublayers), or nil
  /// for the identity.
  package static func sublayerTransformAboutAnchor(_ parent: LayerState) -> CATransform3D? {
    guard !parent.sublayerTransform.isIdentity else { return nil }
    let a = parent.anchorInBounds
    return CATransform3DMakeTranslation(-a.x, -a.y, -parent.anchorPointZ)
      .concatenating(parent.sublayerTransform)
      .concatenating(CATransform3DMakeTranslation(a.x, a.y, parent.anchorPointZ))
  }

  /// What a layer applies to every sublayer as drawn: `sublayerTransform` about its
  /// anchor point in its own space, then its geometry flip into its drawn space. The
  /// identity for a default layer.
  package static func sublayerSpaceTransform(_ parent: LayerState) -> CATransform3D {
    let u = sublayerTransformAboutAnchor(parent)
    switch (u, flip(parent)) {
    case (nil, nil): return .identity
    case (let u?, nil): return u
    case (nil, let f?): return f
    case (let u?, let f?): return u.concatenating(f)
    }
  }

  /// The full 4×4 map from a layer's own space to its superlayer's own space (flip,
  /// placement, the superlayer's sublayer transform); `parent` nil for a root layer or
  /// a mask (which ignores the masked layer's sublayer transform).
  package static func transformToParent(_ child: LayerState, parent: LayerState?) -> CATransform3D {
    var m = transformToParentPlane(child)
    if let f = flip(child) { m = f.concatenating(m) }
    if let parent, let u = sublayerTransformAboutAnchor(parent) { m = m.concatenating(u) }
    return m
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
    let x0 = rect.minX
    let x1 = rect.maxX
    let y0 = rect.minY
    let y1 = rect.maxY
    if map.isAffine {
      // The corners' images without the division by w = 1 (the same values), and no
      // array of corners.
      let ax = x0 * map.m11
      let bx = x1 * map.m11
      let ay = x0 * map.m12
      let by = x1 * map.m12
      let cx = y0 * map.m21
      let dx = y1 * map.m21
      let cy = y0 * map.m22
      let dy = y1 * map.m22
      let p0 = ax + cx + map.m31
      let p1 = bx + cx + map.m31
      let p2 = ax + dx + map.m31
      let p3 = bx + dx + map.m31
      let q0 = ay + cy + map.m32
      let q1 = by + cy + map.m32
      let q2 = ay + dy + map.m32
      let q3 = by + dy + map.m32
      guard p0.isFinite, p1.isFinite, p2.isFinite, p3.isFinite, q0.isFinite, q1.isFinite,
        q2.isFinite, q3.isFinite
      else { return nil }
      let minX = min(min(p0, p1), min(p2, p3))
      let maxX = max(max(p0, p1), max(p2, p3))
      let minY = min(min(q0, q1), min(q2, q3))
      let maxY = max(max(q0, q1), max(q2, q3))
      return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    let corners = [
      CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x0, y: y1), CGPoint(x: x1, y: y1),
    ]
    for c in corners {
      guard let q = map.project(c) else { return nil }
      minX = min(minX, q.x)
      maxX = max(maxX, q.x)
      minY = min(minY, q.y)
      maxY = max(maxY, q.y)
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}

import Foundation

/// A 3×3 projective map of the plane, in `CATransform3D`'s row-vector convention:
/// `[x y 1] · M = [x′ y′ w′]`, the image `(x′/w′, y′/w′)`.
///
/// It is a `CATransform3D` *flattened*: applied to points of the plane z = 0 with the
/// resulting z dropped, which is what Core Animation does at every ordinary layer (each
/// layer renders its sublayers into its own plane). Flattening keeps rows and columns 1,
/// 2 and 4:
///
/// ```
///   | m11 m12 m14 |
///   | m21 m22 m24 |
///   | m41 m42 m44 |
/// ```
///
/// Flattened maps compose by matrix product, and the inverse of a flattened map sends a
/// point of the target plane to where the line of sight through it (parallel to z)
/// meets the source plane — the ray–plane intersection that converting a point *into*
/// a perspective-transformed layer needs.
package struct ProjectiveTransform2D: Equatable, Sendable {
  package var m11: Double, m12: Double, m13: Double
  package var m21: Double, m22: Double, m23: Double
  package var m31: Double, m32: Double, m33: Double

  package init(
    m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
    m31: Double, m32: Double, m33: Double
  ) {
    self.m11 = m11
    self.m12 = m12
    self.m13 = m13
    self.m21 = m21
    self.m22 = m22
    self.m23 = m23
    self.m31 = m31
    self.m32 = m32
    self.m33 = m33
  }

  /// The identity map.
  package static let identity = ProjectiveTransform2D(
    m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

  /// `t` restricted to the plane z = 0, with the resulting z dropped.
  package init(flattening t: CATransform3D) {
    self.init(
      m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24,
      m31: t.m41, m32: t.m42, m33: t.m44)
  }

  /// `self · b`: apply `self`, then `b`.
  package func concatenating(_ b: ProjectiveTransform2D) -> ProjectiveTransform2D {
    let a = self
    return ProjectiveTransform2D(
      m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
      m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
      m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
      m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
      m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
      m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
      m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
      m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
      m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
  }

  /// The determinant; its sign tells whether the map keeps orientation (where w > 0).
  package var determinant: Double {
    m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
  }

  /// Whether ``inverse`` exists, without computing it.
  package var isInvertible: Bool { isInvertible(determinant: determinant) }

  /// Whether a map with determinant `det` (its own) is invertible: finite, non-zero and
  /// not singular as measured scale-free (see ``inverse``).
  @inline(__always)
  private func isInvertible(determinant det: Double) -> Bool {
    guard det != 0, det.isFinite else { return false }
    let row = max((m11 * m11 + m12 * m12 + m13 * m13), (m21 * m21 + m22 * m22 + m23 * m23))
    let wColumn = (m13 * m13 + m23 * m23 + m33 * m33).squareRoot()
    return abs(det) > 1e-12 * row * wColumn
  }

  /// The inverse map, or nil when the map is singular (a layer seen edge-on) or not
  /// finite.
  ///
  /// "Singular" is measured scale-free: the determinant against the square of the
  /// longest of the first two rows times the length of the w column must exceed 1e-12
  /// (for an affine map, the 2×2 part's determinant against its largest row squared).
  /// A layer turned 90° about y, whose flattened determinant is cos 90° ≈ 6e-17 rather
  /// than 0, counts as edge-on; a layer scaled to a millionth along one axis does not,
  /// and the translation never matters.
  package var inverse: ProjectiveTransform2D? {
    let det = determinant
    guard isInvertible(determinant: det) else { return nil }
    let k = 1 / det
    return ProjectiveTransform2D(
      m11: (m22 * m33 - m23 * m32) * k, m12: (m13 * m32 - m12 * m33) * k,
      m13: (m12 * m23 - m13 * m22) * k,
      m21: (m23 * m31 - m21 * m33) * k, m22: (m11 * m33 - m13 * m31) * k,
      m23: (m13 * m21 - m11 * m23) * k,
      m31: (m21 * m32 - m22 * m31) * k, m32: (m12 * m31 - m11 * m32) * k,
      m33: (m11 * m22 - m12 * m21) * k)
  }

  /// The homogeneous image `(x′, y′, w′)` of `p`, before the divide.
  package func homogeneous(_ p: CGPoint) -> (x: Double, y: Double, w: Double) {
    (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
  }

  /// The image of `p`. Where `w′ = 0` (the horizon) the result is infinite.
  package func apply(_ p: CGPoint) -> CGPoint {
    let (x, y, w) = homogeneous(p)
    return CGPoint(x: x / w, y: y / w)
  }

  /// The image of `p`, or nil when `p` lies at or behind the eye (`w′ ≤ 0`) or the
  /// image is not finite.
  package func project(_ p: CGPoint) -> CGPoint? {
    let (x, y, w) = homogeneous(p)
    guard w > 0 else { return nil }
    let q = CGPoint(x: x / w, y: y / w)
    return q.x.isFinite && q.y.isFinite ? q : nil
  }

  /// Whether the map is affine (no perspective row).
  package var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }
}

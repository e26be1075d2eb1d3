import Foundation

/// A 4×4 homogeneous transform, laid out as Core Animation lays it out.
///
/// Points are row vectors, `p′ = p · M`, with the translation in `m41`, `m42`, `m43` and
/// perspective in the fourth column (`m34 = −1/d` for an eye at distance `d`):
///
/// ```
///            | m11 m12 m13 m14 |
///  [x y z 1] | m21 m22 m23 m24 |  =  [x′ y′ z′ w′]      →  (x′/w′, y′/w′, z′/w′)
///            | m31 m32 m33 m34 |
///            | m41 m42 m43 m44 |
/// ```
///
/// `CATransform3DConcat(a, b)` is `a · b`: apply `a`, then `b`. `CATransform3DTranslate`,
/// `…Scale` and `…Rotate(t, …)` put the new step *before* `t`.
public struct CATransform3D: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
  public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
  public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
  public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

  /// Creates a transform from its sixteen entries, row by row.
  @inlinable
  public init(
    m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
    m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
    m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
    m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
  ) {
    self.m11 = m11
    self.m12 = m12
    self.m13 = m13
    self.m14 = m14
    self.m21 = m21
    self.m22 = m22
    self.m23 = m23
    self.m24 = m24
    self.m31 = m31
    self.m32 = m32
    self.m33 = m33
    self.m34 = m34
    self.m41 = m41
    self.m42 = m42
    self.m43 = m43
    self.m44 = m44
  }

  /// The identity transform.
  @inlinable
  public init() {
    self.init(
      m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
      m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// The identity transform (`CATransform3DIdentity`).
  public static let identity = CATransform3D()

  /// Whether this is exactly the identity (compared entry by entry in place, without
  /// loading the shared `identity`).
  @inlinable @inline(__always) public var isIdentity: Bool {
    m11 == 1 && m22 == 1 && m33 == 1 && m44 == 1 && m41 == 0 && m42 == 0 && m43 == 0
      && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m23 == 0 && m24 == 0 && m31 == 0
      && m32 == 0 && m34 == 0
  }

  /// The entries in row-major order.
  @inlinable
  public var entries: [CGFloat] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// Creates a transform from sixteen entries in row-major order.
  @inlinable
  public init(entries e: [CGFloat]) {
    precondition(e.count == 16, "CATransform3D(entries:) needs 16 entries, got \(e.count)")
    self.init(
      m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
      m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14],
      m44: e[15])
  }

  /// `self · other`: apply `self`, then `other`.
  @inlinable
  public func concatenating(_ b: CATransform3D) -> CATransform3D {
    let a = self
    return CATransform3D(
      m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
      m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
      m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
      m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
      m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
      m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
      m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
      m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
      m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
      m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
      m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
      m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
      m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
      m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
      m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
      m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
  }

  /// Maps a point `(x, y, z)` and returns the homogeneous result `(x′, y′, z′, w′)`,
  /// before the perspective divide.
  @inlinable
  public func applyHomogeneous(x: CGFloat, y: CGFloat, z: CGFloat) -> (
    CGFloat, CGFloat, CGFloat, CGFloat
  ) {
    (
      x * m11 + y * m21 + z * m31 + m41,
      x * m12 + y * m22 + z * m32 + m42,
      x * m13 + y * m23 + z * m33 + m43,
      x * m14 + y * m24 + z * m34 + m44
    )
  }

  /// Maps a point in the plane z = 0 and divides by w. Points at or behind the eye
  /// (w ≤ 0) give non-finite results; callers that can see such points clip first.
  @inlinable
  public func apply(to p: CGPoint) -> CGPoint {
    let (x, y, _, w) = applyHomogeneous(x: p.x, y: p.y, z: 0)
    return CGPoint(x: x / w, y: y / w)
  }

  /// The 2×2 minors of the top two rows (`s`) and of the bottom two rows (`c`) that the
  /// determinant and the inverse are made of (Laplace expansion by complementary minors).
  private struct Minors {
    let s0, s1, s2, s3, s4, s5: CGFloat
    let c0, c1, c2, c3, c4, c5: CGFloat

    @inline(__always)
    init(_ t: CATransform3D) {
      s0 = t.m11 * t.m22 - t.m21 * t.m12
      s1 = t.m11 * t.m23 - t.m21 * t.m13
      s2 = t.m11 * t.m24 - t.m21 * t.m14
      s3 = t.m12 * t.m23 - t.m22 * t.m13
      s4 = t.m12 * t.m24 - t.m22 * t.m14
      s5 = t.m13 * t.m24 - t.m23 * t.m14
      c5 = t.m33 * t.m44 - t.m43 * t.m34
      c4 = t.m32 * t.m44 - t.m42 * t.m34
      c3 = t.m32 * t.m43 - t.m42 * t.m33
      c2 = t.m31 * t.m44 - t.m41 * t.m34
      c1 = t.m31 * t.m43 - t.m41 * t.m33
      c0 = t.m31 * t.m42 - t.m41 * t.m32
    }

    var determinant: CGFloat { s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0 }
  }

  /// The determinant.
  public var determinant: CGFloat { Minors(self).determinant }

  /// The inverse, or nil when the matrix is singular or not finite.
  public var inverse: CATransform3D? {
    let minors = Minors(self)
    let (s0, s1, s2, s3, s4, s5) = (
      minors.s0, minors.s1, minors.s2, minors.s3, minors.s4, minors.s5
    )
    let (c0, c1, c2, c3, c4, c5) = (
      minors.c0, minors.c1, minors.c2, minors.c3, minors.c4, minors.c5
    )
    let det = minors.determinant
    guard det != 0, det.isFinite else { return nil }
    let k = 1 / det
    return CATransform3D(
      m11: (m22 * c5 - m23 * c4 + m24 * c3) * k,
      m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
      m13: (m42 * s5 - m43 * s4 + m44 * s3) * k,
      m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
      m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k,
      m22: (m11 * c5 - m13 * c2 + m14 * c1) * k,
      m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k,
      m24: (m31 * s5 - m33 * s2 + m34 * s1) * k,
      m31: (m21 * c4 - m22 * c2 + m24 * c0) * k,
      m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
      m33: (m41 * s4 - m42 * s2 + m44 * s0) * k,
      m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
      m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k,
      m42: (m11 * c3 - m12 * c1 + m13 * c0) * k,
      m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k,
      m44: (m31 * s3 - m32 * s1 + m33 * s0) * k)
  }

  public var description: String {
    "CATransform3D([\(m11), \(m12), \(m13), \(m14)], [\(m21), \(m22), \(m23), \(m24)], "
      + "[\(m31), \(m32), \(m33), \(m34)], [\(m41), \(m42), \(m43), \(m44)])"
  }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D.identity

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }

/// Whether `a` and `b` are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat)
  -> CATransform3D
{
  var t = CATransform3D.identity
  t.m41 = tx
  t.m42 = ty
  t.m43 = tz
  return t
}

/// A scale by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  var t = CATransform3D.identity
  t.m11 = sx
  t.m22 = sy
  t.m33 = sz
  return t
}

/// A rotation by `angle` radians about the axis `(x, y, z)`; the identity when the axis
/// has zero length. `MakeRotation(θ, 0, 0, 1)` has `m12 = sin θ`, turning +x towards +y
/// (clockwise on a y-down screen).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
  -> CATransform3D
{
  let len = (x * x + y * y + z * z).squareRoot()
  guard len > 0, len.isFinite, angle.isFinite else { return .identity }
  let (x, y, z) = (x / len, y / len, z / len)
  let s = sin(angle)
  let c = cos(angle)
  let t = 1 - c
  return CATransform3D(
    m11: x * x * t + c, m12: x * y * t + z * s, m13: x * z * t - y * s, m14: 0,
    m21: x * y * t - z * s, m22: y * y * t + c, m23: y * z * t + x * s, m24: 0,
    m31: x * z * t + y * s, m32: y * z * t - x * s, m33: z * z * t + c, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)
}

/// A translation applied before `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat)
  -> CATransform3D
{
  CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// A scale applied before `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat)
  -> CATransform3D
{
  CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// A rotation applied before `t`.
public func CATransform3DRotate(
  _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
  CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `a · b`: apply `a`, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
  a.concatenating(b)
}

/// The inverse of `t`, or `t` unchanged when it is not invertible (as Apple documents).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverse ?? t }

/// The 3D transform equivalent to an affine transform.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
  CATransform3D(
    m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Whether `t` maps the plane z = 0 affinely onto itself.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
  t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
    && t.m33 == 1 && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}

/// The affine part of `t` (m11, m12, m21, m22, m41, m42), whatever the rest holds.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
  CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

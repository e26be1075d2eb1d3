import Foundation

/// A `CATransform3D` taken apart into the steps that interpolate well.
///
/// Row-vector order (the order the steps apply to a point):
/// `M = Scale · Skew · Rotation · Translation · Perspective`.
///
/// This is the decomposition of the CSS Transforms Level 2 "unmatrix" algorithm, whose
/// matrix layout (translation in the fourth row) is Core Animation's. Interpolating two
/// decompositions lerps translation, scale, skew and perspective and slerps the rotation
/// quaternion, as Web Animations and Core Animation do for whole-transform animations.
public struct CATransform3DDecomposition: Equatable, Sendable {
  /// Translation (tx, ty, tz), in points.
  public var translation: SIMD3<Double>
  /// Scale along x, y and z; a mirror shows as a negative scale on all three.
  public var scale: SIMD3<Double>
  /// Shear factors (xy, xz, yz).
  public var skew: SIMD3<Double>
  /// The perspective row (m14, m24, m34, m44) of the normalized matrix.
  public var perspective: SIMD4<Double>
  /// The rotation as a unit quaternion (x, y, z, w).
  public var quaternion: SIMD4<Double>

  /// The decomposition of the identity.
  public static let identity = CATransform3DDecomposition(
    translation: .zero, scale: .one, skew: .zero, perspective: SIMD4(0, 0, 0, 1),
    quaternion: SIMD4(0, 0, 0, 1))

  public init(
    translation: SIMD3<Double>, scale: SIMD3<Double>, skew: SIMD3<Double>,
    perspective: SIMD4<Double>, quaternion: SIMD4<Double>
  ) {
    self.translation = translation
    self.scale = scale
    self.skew = skew
    self.perspective = perspective
    self.quaternion = quaternion
  }

  /// The rotation about z, in radians, when the rotation is about the z axis only
  /// (otherwise the z component of the equivalent Euler decomposition).
  public var rotationZ: Double {
    let q = quaternion
    return atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z))
  }

  /// The rotation about x, in radians (Euler x–y–z).
  public var rotationX: Double {
    let q = quaternion
    return atan2(2 * (q.w * q.x + q.y * q.z), 1 - 2 * (q.x * q.x + q.y * q.y))
  }

  /// The rotation about y, in radians (Euler x–y–z).
  public var rotationY: Double {
    let q = quaternion
    let s = 2 * (q.w * q.y - q.z * q.x)
    return asin(Swift.min(Swift.max(s, -1), 1))
  }

  /// The decomposition `fraction` of the way from `self` to `other`: components lerp,
  /// the quaternion slerps. `fraction` may lie outside 0…1 (overshooting curves).
  public func interpolated(to other: CATransform3DDecomposition, fraction t: Double)
    -> CATransform3DDecomposition
  {
    func lerp<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar == Double { a + (b - a) * t }
    return CATransform3DDecomposition(
      translation: lerp(translation, other.translation),
      scale: lerp(scale, other.scale),
      skew: lerp(skew, other.skew),
      perspective: lerp(perspective, other.perspective),
      quaternion: Self.slerp(quaternion, other.quaternion, t))
  }

  /// Spherical linear interpolation of unit quaternions, along the shorter arc.
  static func slerp(_ a: SIMD4<Double>, _ b0: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
    var b = b0
    var dot = (a * b).sum()
    if dot < 0 {
      b = -b
      dot = -dot
    }
    dot = Swift.min(dot, 1)
    if dot > 0.9999995 {
      let q = a + (b - a) * t
      let len = (q * q).sum().squareRoot()
      return len > 0 ? q / len : a
    }
    let theta = acos(dot)
    let sinTheta = sin(theta)
    let wa = sin((1 - t) * theta) / sinTheta
    let wb = sin(t * theta) / sinTheta
    return a * wa + b * wb
  }
}

extension CATransform3D {
  /// Row `i` (0…3) as a vector.
  fileprivate func row(_ i: Int) -> SIMD4<Double> {
    switch i {
    case 0: return SIMD4(m11, m12, m13, m14)
    case 1: return SIMD4(m21, m22, m23, m24)
    case 2: return SIMD4(m31, m32, m33, m34)
    default: return SIMD4(m41, m42, m43, m44)
    }
  }

  fileprivate init(rows r: [SIMD4<Double>]) {
    self.init(
      m11: r[0].x, m12: r[0].y, m13: r[0].z, m14: r[0].w,
      m21: r[1].x, m22: r[1].y, m23: r[1].z, m24: r[1].w,
      m31: r[2].x, m32: r[2].y, m33: r[2].z, m34: r[2].w,
      m41: r[3].x, m42: r[3].y, m43: r[3].z, m44: r[3].w)
  }

  /// Takes the transform apart into translation, scale, skew, perspective and rotation.
  ///
  /// - Returns: nil when the matrix cannot be decomposed (singular upper 3×3, `m44 = 0`,
  ///   or non-finite entries); animation then falls back to switching discretely.
  public func decomposed() -> CATransform3DDecomposition? {
    guard m44 != 0, entries.allSatisfy(\.isFinite) else { return nil }
    var rows = (0..<4).map { row($0) / m44 }
    // The perspective matrix: the normalized matrix with its last column cleared.
    var pm = CATransform3D(rows: rows)
    pm.m14 = 0
    pm.m24 = 0
    pm.m34 = 0
    pm.m44 = 1
    guard pm.determinant != 0 else { return nil }

    var perspective = SIMD4<Double>(0, 0, 0, 1)
    if rows[0].w != 0 || rows[1].w != 0 || rows[2].w != 0 {
      guard let inv = pm.inverse else { return nil }
      let rhs = SIMD4(rows[0].w, rows[1].w, rows[2].w, rows[3].w)
      // rhs · (inverse)ᵀ: each output component is the dot of rhs with a row of the inverse.
      let ir = (0..<4).map { inv.row($0) }
      perspective = SIMD4(
        (rhs * ir[0]).sum(), (rhs * ir[1]).sum(), (rhs * ir[2]).sum(), (rhs * ir[3]).sum())
      for i in 0..<3 { rows[i].w = 0 }
      rows[3].w = 1
    }

    let translation = SIMD3(rows[3].x, rows[3].y, rows[3].z)
    var r = (0..<3).map { SIMD3(rows[$0].x, rows[$0].y, rows[$0].z) }
    func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
    func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
    func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
      SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    var scale = SIMD3<Double>.zero
    var skew = SIMD3<Double>.zero
    scale.x = length(r[0])
    guard scale.x != 0 else { return nil }
    r[0] /= scale.x
    skew.x = dot(r[0], r[1])
    r[1] -= r[0] * skew.x
    scale.y = length(r[1])
    guard scale.y != 0 else { return nil }
    r[1] /= scale.y
    skew.x /= scale.y
    skew.y = dot(r[0], r[2])
    r[2] -= r[0] * skew.y
    skew.z = dot(r[1], r[2])
    r[2] -= r[1] * skew.z
    scale.z = length(r[2])
    guard scale.z != 0 else { return nil }
    r[2] /= scale.z
    skew.y /= scale.z
    skew.z /= scale.z

    if dot(r[0], cross(r[1], r[2])) < 0 {
      scale = -scale
      for i in 0..<3 { r[i] = -r[i] }
    }

    // r is now a pure rotation in row-vector form. Build the quaternion from its trace.
    var q = SIMD4<Double>(
      0.5 * Swift.max(1 + r[0].x - r[1].y - r[2].z, 0).squareRoot(),
      0.5 * Swift.max(1 - r[0].x + r[1].y - r[2].z, 0).squareRoot(),
      0.5 * Swift.max(1 - r[0].x - r[1].y + r[2].z, 0).squareRoot(),
      0.5 * Swift.max(1 + r[0].x + r[1].y + r[2].z, 0).squareRoot())
    // Signs from the antisymmetric part, matching `init(_:)` and CATransform3DMakeRotation.
    if r[1].z < r[2].y { q.x = -q.x }
    if r[2].x < r[0].z { q.y = -q.y }
    if r[0].y < r[1].x { q.z = -q.z }

    return CATransform3DDecomposition(
      translation: translation, scale: scale, skew: skew, perspective: perspective, quaternion: q)
  }

  /// Recomposes a transform from its decomposition.
  public init(_ d: CATransform3DDecomposition) {
    let q = d.quaternion
    let (x, y, z, w) = (q.x, q.y, q.z, q.w)
    // Row-vector rotation matrix for the unit quaternion (the same convention as
    // CATransform3DMakeRotation: a rotation about z by θ has m12 = sin θ).
    let rot = CATransform3D(
      m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
      m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
      m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
    var skew = CATransform3D.identity
    skew.m21 = d.skew.x
    skew.m31 = d.skew.y
    skew.m32 = d.skew.z
    var persp = CATransform3D.identity
    persp.m14 = d.perspective.x
    persp.m24 = d.perspective.y
    persp.m34 = d.perspective.z
    persp.m44 = d.perspective.w
    let translate = CATransform3DMakeTranslation(d.translation.x, d.translation.y, d.translation.z)
    let scale = CATransform3DMakeScale(d.scale.x, d.scale.y, d.scale.z)
    self = scale.concatenating(skew).concatenating(rot).concatenating(translate).concatenating(
      persp)
  }
}

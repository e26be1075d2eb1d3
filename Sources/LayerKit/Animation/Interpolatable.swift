import Foundation

/// A value that animations can interpolate, add and measure.
///
/// Every animatable layer property has a value type conforming to this protocol.
/// Types without a meaningful in-between (Bool, strings, images) conform *discretely*:
/// `interpolate` switches from `a` to `b` at fraction 0.5, as Core Animation does for
/// non-interpolable properties.
package protocol Interpolatable: Sendable {
  /// The value `fraction` of the way from `a` to `b`. `fraction` may lie outside 0…1
  /// (springs and back-easing overshoot); results are then extrapolated, not clamped.
  static func interpolate(_ a: Self, _ b: Self, fraction: Double) -> Self
  /// `a + b`: additive animations and `byValue`. Transforms concatenate (`b` after `a`).
  static func adding(_ a: Self, _ b: Self) -> Self
  /// `a − b`, so that `adding(subtracting(a, b), b) == a` (used for `toValue − byValue`).
  static func subtracting(_ a: Self, _ b: Self) -> Self
  /// `a · k`: cumulative animations add the value a repeat ends on once per repeat.
  static func scaled(_ a: Self, by k: Double) -> Self
  /// The distance between `a` and `b`, for paced keyframes: |Δ| for scalars, Euclidean
  /// for points, sizes, rects and RGBA colours, 0 for discrete types.
  static func distance(_ a: Self, _ b: Self) -> Double
  /// Converts an animation value given as `Any` (`fromValue`, `values`, …).
  ///
  /// Accepts the type itself and the bridges Core Animation accepts (`NSNumber`, `Int`,
  /// `Float` and `Double` for scalars; `NSValue`-free Swift values otherwise).
  /// - Returns: nil for a value of the wrong type.
  init?(animationValue: Any)
  /// Whether the value is usable: false when it holds NaN or an infinity.
  var isValidAnimationValue: Bool { get }
  /// Whether values of the type have no in-between (they switch at fraction 0.5), so a
  /// spline through them is meaningless. Default false.
  static var interpolatesDiscretely: Bool { get }
  /// Whether paced keyframes of this type keep even spacing instead of spacing by
  /// `distance`: true for values given as arrays (value-function inputs, `colors`,
  /// `locations`, dash patterns), as Core Animation does (measured).
  static var pacesWithEvenSpacing: Bool { get }
}

extension Interpolatable {
  package var isValidAnimationValue: Bool { true }
  package static var interpolatesDiscretely: Bool { false }
  package static var pacesWithEvenSpacing: Bool { false }
}

/// Conformance helpers for types with no in-between.
package protocol DiscretelyInterpolatable: Interpolatable {}

extension DiscretelyInterpolatable {
  package static var interpolatesDiscretely: Bool { true }
  package static func interpolate(_ a: Self, _ b: Self, fraction: Double) -> Self {
    fraction < 0.5 ? a : b
  }
  package static func adding(_ a: Self, _ b: Self) -> Self { b }
  package static func subtracting(_ a: Self, _ b: Self) -> Self { a }
  package static func scaled(_ a: Self, by k: Double) -> Self { a }
  package static func distance(_ a: Self, _ b: Self) -> Double { 0 }
  package init?(animationValue: Any) {
    guard let v = animationValue as? Self else { return nil }
    self = v
  }
}

/// `a + (b − a)·t`, the one linear interpolation every scalar lane uses.
///
/// When `b − a` overflows (ends of opposite signs near the largest finite value, such as
/// −1e308 and 1e308) it computes `a·(1 − t) + b·t` instead, which stays finite for
/// `t` in 0…1: from (−1e308, 0) to (1e308, 0) the midpoint is (0, 0), not NaN.
@inline(__always)
package func interpolateLinearly(_ a: Double, _ b: Double, _ t: Double) -> Double {
  let d = b - a
  return d.isFinite ? a + d * t : a * (1 - t) + b * t
}

/// Reads a scalar from the numeric types Core Animation accepts.
///
/// The value's exact type is tested first, by its metadata: a cast from `Any` that fails
/// searches the runtime's conformance tables (bridging to `NSNumber` among them), which
/// costs far more than the conversion, and keyframe values are converted one by one when
/// an animation is added. A value of any other dynamic type (an `NSNumber`, an optional)
/// takes the casts below, as before.
package func animationScalar(_ any: Any) -> Double? {
  let type = ObjectIdentifier(Swift.type(of: any))
  if type == ObjectIdentifier(Double.self), let v = any as? Double { return v }
  if type == ObjectIdentifier(CGFloat.self), let v = any as? CGFloat { return Double(v) }
  if type == ObjectIdentifier(Float.self), let v = any as? Float { return Double(v) }
  switch any {
  case let v as Double: return v
  case let v as CGFloat: return Double(v)
  case let v as Float: return Double(v)
  case let v as Int: return Double(v)
  case let v as NSNumber: return v.doubleValue
  default: return nil
  }
}

extension CGFloat: Interpolatable {
  package static func interpolate(_ a: CGFloat, _ b: CGFloat, fraction: Double) -> CGFloat {
    CGFloat(interpolateLinearly(Double(a), Double(b), fraction))
  }
  package static func adding(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + b }
  package static func subtracting(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a - b }
  package static func scaled(_ a: CGFloat, by k: Double) -> CGFloat { a * k }
  package static func distance(_ a: CGFloat, _ b: CGFloat) -> Double { Swift.abs(b - a) }
  package init?(animationValue: Any) {
    guard let v = animationScalar(animationValue) else { return nil }
    self = CGFloat(v)
  }
  package var isValidAnimationValue: Bool { isFinite }
}

extension Float: Interpolatable {
  package static func interpolate(_ a: Float, _ b: Float, fraction: Double) -> Float {
    Float(interpolateLinearly(Double(a), Double(b), fraction))
  }
  package static func adding(_ a: Float, _ b: Float) -> Float { a + b }
  package static func subtracting(_ a: Float, _ b: Float) -> Float { a - b }
  package static func scaled(_ a: Float, by k: Double) -> Float { Float(Double(a) * k) }
  package static func distance(_ a: Float, _ b: Float) -> Double { Double(Swift.abs(b - a)) }
  package init?(animationValue: Any) {
    guard let v = animationScalar(animationValue) else { return nil }
    self = Float(v)
  }
  package var isValidAnimationValue: Bool { isFinite }
}

extension CGPoint: Interpolatable {
  package static func interpolate(_ a: CGPoint, _ b: CGPoint, fraction t: Double) -> CGPoint {
    CGPoint(
      x: CGFloat.interpolate(a.x, b.x, fraction: t), y: CGFloat.interpolate(a.y, b.y, fraction: t))
  }
  package static func adding(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
    CGPoint(x: a.x + b.x, y: a.y + b.y)
  }
  package static func subtracting(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
    CGPoint(x: a.x - b.x, y: a.y - b.y)
  }
  package static func scaled(_ a: CGPoint, by k: Double) -> CGPoint {
    CGPoint(x: a.x * k, y: a.y * k)
  }
  package static func distance(_ a: CGPoint, _ b: CGPoint) -> Double { hypot(b.x - a.x, b.y - a.y) }
  package init?(animationValue: Any) {
    guard let v = animationValue as? CGPoint else { return nil }
    self = v
  }
  package var isValidAnimationValue: Bool { x.isFinite && y.isFinite }
}

extension CGSize: Interpolatable {
  package static func interpolate(_ a: CGSize, _ b: CGSize, fraction t: Double) -> CGSize {
    CGSize(
      width: CGFloat.interpolate(a.width, b.width, fraction: t),
      height: CGFloat.interpolate(a.height, b.height, fraction: t))
  }
  package static func adding(_ a: CGSize, _ b: CGSize) -> CGSize {
    CGSize(width: a.width + b.width, height: a.height + b.height)
  }
  package static func subtracting(_ a: CGSize, _ b: CGSize) -> CGSize {
    CGSize(width: a.width - b.width, height: a.height - b.height)
  }
  package static func scaled(_ a: CGSize, by k: Double) -> CGSize {
    CGSize(width: a.width * k, height: a.height * k)
  }
  package static func distance(_ a: CGSize, _ b: CGSize) -> Double {
    hypot(b.width - a.width, b.height - a.height)
  }
  package init?(animationValue: Any) {
    guard let v = animationValue as? CGSize else { return nil }
    self = v
  }
  package var isValidAnimationValue: Bool { width.isFinite && height.isFinite }
}

extension CGRect: Interpolatable {
  package static func interpolate(_ a: CGRect, _ b: CGRect, fraction t: Double) -> CGRect {
    CGRect(
      origin: .interpolate(a.origin, b.origin, fraction: t),
      size: .interpolate(a.size, b.size, fraction: t))
  }
  package static func adding(_ a: CGRect, _ b: CGRect) -> CGRect {
    CGRect(origin: .adding(a.origin, b.origin), size: .adding(a.size, b.size))
  }
  package static func subtracting(_ a: CGRect, _ b: CGRect) -> CGRect {
    CGRect(origin: .subtracting(a.origin, b.origin), size: .subtracting(a.size, b.size))
  }
  package static func scaled(_ a: CGRect, by k: Double) -> CGRect {
    CGRect(origin: .scaled(a.origin, by: k), size: .scaled(a.size, by: k))
  }
  package static func distance(_ a: CGRect, _ b: CGRect) -> Double {
    let dx = b.origin.x - a.origin.x
    let dy = b.origin.y - a.origin.y
    let dw = b.size.width - a.size.width
    let dh = b.size.height - a.size.height
    return (dx * dx + dy * dy + dw * dw + dh * dh).squareRoot()
  }
  package init?(animationValue: Any) {
    guard let v = animationValue as? CGRect else { return nil }
    self = v
  }
  package var isValidAnimationValue: Bool {
    origin.isValidAnimationValue && size.isValidAnimationValue
  }
}

extension CGColor: Interpolatable {
  package static func interpolate(_ a: CGColor, _ b: CGColor, fraction t: Double) -> CGColor {
    CGColor(
      red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
      blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
  }
  package static func adding(_ a: CGColor, _ b: CGColor) -> CGColor {
    CGColor(
      red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
  }
  package static func subtracting(_ a: CGColor, _ b: CGColor) -> CGColor {
    CGColor(
      red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
  }
  package static func scaled(_ a: CGColor, by k: Double) -> CGColor {
    CGColor(red: a.red * k, green: a.green * k, blue: a.blue * k, alpha: a.alpha * k)
  }
  package static func distance(_ a: CGColor, _ b: CGColor) -> Double {
    let dr = b.red - a.red
    let dg = b.green - a.green
    let db = b.blue - a.blue
    let da = b.alpha - a.alpha
    return (dr * dr + dg * dg + db * db + da * da).squareRoot()
  }
  package init?(animationValue: Any) {
    guard let v = animationValue as? CGColor else { return nil }
    self = v
  }
  package var isValidAnimationValue: Bool {
    red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite
  }
}

extension CATransform3D: Interpolatable {
  /// Interpolates through the decomposition (translation, scale, skew, perspective lerp;
  /// rotation slerp). When either end cannot be decomposed, switches at 0.5.
  package static func interpolate(_ a: CATransform3D, _ b: CATransform3D, fraction t: Double)
    -> CATransform3D
  {
    guard let da = a.decomposed(), let db = b.decomposed() else { return t < 0.5 ? a : b }
    return CATransform3D(da.interpolated(to: db, fraction: t))
  }
  /// Additive transforms concatenate: `b` is applied before `a`, as Core Animation
  /// composes an additive transform animation with the layer's transform.
  package static func adding(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    b.concatenating(a)
  }
  package static func subtracting(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    (b.inverse ?? .identity).concatenating(a)
  }
  package static func scaled(_ a: CATransform3D, by k: Double) -> CATransform3D {
    guard let d = a.decomposed() else { return a }
    return CATransform3D(CATransform3DDecomposition.identity.interpolated(to: d, fraction: k))
  }
  package static func distance(_ a: CATransform3D, _ b: CATransform3D) -> Double {
    zip(a.entries, b.entries).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
  }
  package init?(animationValue: Any) {
    guard let v = animationValue as? CATransform3D else { return nil }
    self = v
  }
  package var isValidAnimationValue: Bool { entries.allSatisfy(\.isFinite) }
}

extension Bool: DiscretelyInterpolatable {}
extension String: DiscretelyInterpolatable {}

/// A value that stands in for "nothing" when one end of an interpolation is nil.
package protocol InterpolationNeutral {
  /// The value nil interpolates as (transparent black for colours).
  static var interpolationNeutral: Self { get }
}

extension CGColor: InterpolationNeutral {
  package static var interpolationNeutral: CGColor { .clear }
}

extension Optional: Interpolatable where Wrapped: Interpolatable {
  /// Both present: the wrapped interpolation. One nil: types with an
  /// `InterpolationNeutral` (colours) interpolate from or to it, so a nil background
  /// fades; others switch at 0.5.
  package static func interpolate(_ a: Wrapped?, _ b: Wrapped?, fraction: Double) -> Wrapped? {
    switch (a, b) {
    case (let x?, let y?): return Wrapped.interpolate(x, y, fraction: fraction)
    case (nil, nil): return nil
    default:
      if let n = Wrapped.self as? any InterpolationNeutral.Type,
        let z = n.interpolationNeutral as? Wrapped
      {
        return Wrapped.interpolate(a ?? z, b ?? z, fraction: fraction)
      }
      return fraction < 0.5 ? a : b
    }
  }
  package static func adding(_ a: Wrapped?, _ b: Wrapped?) -> Wrapped? {
    guard let x = a else { return b }
    guard let y = b else { return a }
    return Wrapped.adding(x, y)
  }
  package static func subtracting(_ a: Wrapped?, _ b: Wrapped?) -> Wrapped? {
    guard let x = a, let y = b else { return a }
    return Wrapped.subtracting(x, y)
  }
  package static func scaled(_ a: Wrapped?, by k: Double) -> Wrapped? {
    a.map { Wrapped.scaled($0, by: k) }
  }
  package static func distance(_ a: Wrapped?, _ b: Wrapped?) -> Double {
    guard let x = a, let y = b else { return 0 }
    return Wrapped.distance(x, y)
  }
  package init?(animationValue: Any) {
    if let w = Wrapped(animationValue: animationValue) {
      self = .some(w)
    } else if animationValue is NSNull || isNilValue(animationValue) {
      self = .none
    } else {
      return nil
    }
  }
  package var isValidAnimationValue: Bool { self?.isValidAnimationValue ?? true }
  package static var interpolatesDiscretely: Bool { Wrapped.interpolatesDiscretely }
}

extension CGImage: DiscretelyInterpolatable {}

/// Whether `value` is an `Optional` holding nothing, boxed in `Any`.
package func isNilValue(_ value: Any) -> Bool {
  let m = Mirror(reflecting: value)
  return m.displayStyle == .optional && m.children.isEmpty
}

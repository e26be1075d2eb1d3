import Foundation

/// The names of the predefined value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A rotation about x by one value in radians.
  public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
  /// A rotation about y by one value in radians.
  public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
  /// A rotation about z by one value in radians.
  public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
  /// A scale by three values (x, y, z); one value scales uniformly.
  public static let scale = CAValueFunctionName(rawValue: "scale")
  /// A scale of x by one value.
  public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
  /// A scale of y by one value.
  public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
  /// A scale of z by one value.
  public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
  /// A translation by three values (x, y, z); two values leave z at 0.
  public static let translate = CAValueFunctionName(rawValue: "translate")
  /// A translation along x by one value.
  public static let translateX = CAValueFunctionName(rawValue: "translateX")
  /// A translation along y by one value.
  public static let translateY = CAValueFunctionName(rawValue: "translateY")
  /// A translation along z by one value.
  public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Maps the scalars or arrays a property animation interpolates to a transform, so that a
/// `transform` animation can turn by more than half a turn or scale per axis.
///
/// ```swift
/// let spin = CABasicAnimation(keyPath: "transform")
/// spin.valueFunction = CAValueFunction(name: .rotateZ)
/// spin.fromValue = 0
/// spin.toValue = 2 * CGFloat.pi   // a full turn
/// ```
public final class CAValueFunction: CAObjectEquality, @unchecked Sendable {
  // Sendable: immutable (its one stored property, `name`, is a `let` value).
  /// The function's name.
  public let name: CAValueFunctionName

  /// Creates a predefined value function; nil for an unknown name.
  public init?(name: CAValueFunctionName) {
    let known: [CAValueFunctionName] = [
      .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ, .translate,
      .translateX, .translateY, .translateZ,
    ]
    guard known.contains(name) else { return nil }
    self.name = name
  }

  /// The transform for `v` (x, y, z lanes; scalar functions read lane x).
  package func transform(_ v: SIMD3<Double>) -> CATransform3D {
    switch name {
    case .rotateX: return CATransform3DMakeRotation(v.x, 1, 0, 0)
    case .rotateY: return CATransform3DMakeRotation(v.x, 0, 1, 0)
    case .rotateZ: return CATransform3DMakeRotation(v.x, 0, 0, 1)
    case .scale: return CATransform3DMakeScale(v.x, v.y, v.z)
    case .scaleX: return CATransform3DMakeScale(v.x, 1, 1)
    case .scaleY: return CATransform3DMakeScale(1, v.x, 1)
    case .scaleZ: return CATransform3DMakeScale(1, 1, v.x)
    case .translate: return CATransform3DMakeTranslation(v.x, v.y, v.z)
    case .translateX: return CATransform3DMakeTranslation(v.x, 0, 0)
    case .translateY: return CATransform3DMakeTranslation(0, v.x, 0)
    default: return CATransform3DMakeTranslation(0, 0, v.x)
    }
  }

  /// The input vector for an animation value: a number, or an array of one to three
  /// numbers. A single number fills every lane for `.scale`; missing translate lanes are 0
  /// and missing scale lanes 1. Nil for anything else.
  package func input(from value: Any) -> SIMD3<Double>? {
    if let s = animationScalar(value) {
      return name == .scale ? SIMD3(repeating: s) : SIMD3(s, 0, 0)
    }
    guard let array = value as? [Any], (1...3).contains(array.count) else { return nil }
    var out = name == .scale ? SIMD3<Double>(repeating: 1) : SIMD3<Double>(repeating: 0)
    for (i, element) in array.enumerated() {
      guard let s = animationScalar(element) else { return nil }
      out[i] = s
    }
    return out
  }
}

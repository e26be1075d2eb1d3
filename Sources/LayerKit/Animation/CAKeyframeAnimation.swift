import Foundation

/// How a keyframe animation computes values between keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Straight interpolation between keyframes (the default).
  public static let linear = CAAnimationCalculationMode(rawValue: "linear")
  /// Each value held until the next key time.
  public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
  /// Linear, with key times generated for constant speed.
  public static let paced = CAAnimationCalculationMode(rawValue: "paced")
  /// A Kochanek–Bartels spline through the keyframes.
  public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
  /// The cubic spline with key times generated for constant speed.
  public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether an animation along a path turns the layer to the path's direction.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The layer's x axis follows the path's tangent.
  public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
  /// The tangent plus 180°.
  public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a sequence of values (or along a path) at given key times.
///
/// `keyTimes` are fractions of one pass: non-decreasing, from 0 to 1, as many as
/// `values` (linear, cubic) or one more (discrete). Invalid ones are ignored (even
/// spacing is used) and a diagnostic says why. Paced modes ignore `keyTimes` and
/// `timingFunctions`. `path`, when set, overrides `values`.
open class CAKeyframeAnimation: CAPropertyAnimation {
  /// The keyframe values, converted to the property's type when added.
  open var values: [Any]?
  /// A path for point properties; each line or curve end point is a keyframe.
  open var path: CGPath?
  /// The keyframes' times as fractions of one pass.
  open var keyTimes: [NSNumber]?
  /// One timing function per segment (values.count − 1), applied after `timingFunction`.
  open var timingFunctions: [CAMediaTimingFunction]?
  /// How values between keyframes are computed (default `.linear`).
  open var calculationMode: CAAnimationCalculationMode = .linear
  /// Kochanek–Bartels tension per keyframe (cubic modes; missing values are 0).
  open var tensionValues: [NSNumber]?
  /// Kochanek–Bartels continuity per keyframe.
  open var continuityValues: [NSNumber]?
  /// Kochanek–Bartels bias per keyframe.
  open var biasValues: [NSNumber]?
  /// Turns the layer along a `path` (nil: no rotation).
  open var rotationMode: CAAnimationRotationMode?

  public required init() { super.init() }

  public required init(copying other: CAAnimation) {
    super.init(copying: other)
    if let o = other as? CAKeyframeAnimation {
      values = o.values
      path = o.path?.copy()
      keyTimes = o.keyTimes
      timingFunctions = o.timingFunctions
      calculationMode = o.calculationMode
      tensionValues = o.tensionValues
      continuityValues = o.continuityValues
      biasValues = o.biasValues
      rotationMode = o.rotationMode
    }
  }
}

import LayerKit

/// Spring timing for an animator, as UIKit spells it.
///
/// Two ways to give the spring, as in UIKit:
/// - a damping ratio (with the animator's duration): mass 1 and the stiffness that makes
///   the spring come to rest in that duration (see the porting article; UIKit does not
///   document its tuning);
/// - mass, stiffness and damping: the spring as given, and the animator runs for the
///   spring's settling duration (`CASpringAnimation.settlingDuration`) instead of its own.
///
/// ``initialVelocity`` is in whole animation distances per second (1 covers the distance
/// in one second). A `CASpringAnimation` has one velocity, so every property takes
/// `dx` (UIKit uses `dy` for a position's y only).
open class UISpringTimingParameters: UITimingCurveProvider {
  /// The velocity at the start, in distances per second.
  public let initialVelocity: CGVector
  /// The damping ratio, when the spring is given by one.
  let dampingRatio: CGFloat?
  /// The mass, stiffness and damping, when the spring is given by them.
  let coefficients: (mass: CGFloat, stiffness: CGFloat, damping: CGFloat)?

  /// UIKit's default spring: damping ratio 4.56 (as Apple documents), no initial
  /// velocity.
  public convenience init() { self.init(dampingRatio: 4.56, initialVelocity: .zero) }

  /// A spring with damping ratio `ratio` and no initial velocity.
  public convenience init(dampingRatio ratio: CGFloat) {
    self.init(dampingRatio: ratio, initialVelocity: .zero)
  }

  /// A spring with damping ratio `ratio` (1 settles without overshoot) starting at
  /// `velocity`.
  public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
    dampingRatio = ratio
    coefficients = nil
    initialVelocity = velocity
  }

  /// The spring `mass·x″ + damping·x′ + stiffness·x = 0` starting at `velocity`; the
  /// animator then lasts the spring's settling duration.
  public init(
    mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector
  ) {
    dampingRatio = nil
    coefficients = (mass, stiffness, damping)
    initialVelocity = velocity
  }

  public var timingCurveType: UITimingCurveType { .spring }
  public var cubicTimingParameters: UICubicTimingParameters? { nil }
  public var springTimingParameters: UISpringTimingParameters? { self }

  /// The spring for an animation of `duration` seconds.
  func spring(duration: TimeInterval) -> UIViewSpring {
    if let coefficients {
      return UIViewSpring(
        mass: coefficients.mass, stiffness: coefficients.stiffness, damping: coefficients.damping,
        initialVelocity: initialVelocity.dx, usesSettlingDuration: true)
    }
    return UIViewSpring(
      dampingRatio: dampingRatio ?? 1, duration: duration, initialVelocity: initialVelocity.dx)
  }
}

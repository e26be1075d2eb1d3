import LayerKit

/// How a UIKit animation is paced: a cubic curve or a spring. Blocks and property
/// animators both make their animations through ``makeAnimation(keyPath:)``.
enum AnimationPacing {
  /// A cubic timing curve.
  case cubic(CAMediaTimingFunction)
  /// A spring.
  case spring(UIViewSpring)

  /// The pacing `provider` gives for an animation of `duration` seconds (UIKit's default
  /// curve, ease in and out, for nil).
  init(_ provider: (any UITimingCurveProvider)?, duration: TimeInterval) {
    if let spring = provider?.springTimingParameters {
      self = .spring(spring.spring(duration: duration))
    } else {
      self = .cubic(
        provider?.cubicTimingParameters?.timingFunction
          ?? UIView.AnimationCurve.easeInOut.timingFunction)
    }
  }

  /// A `CABasicAnimation` of `keyPath` with the curve as its timing function, or a
  /// `CASpringAnimation` with the spring's parameters; no values or timing yet.
  func makeAnimation(keyPath: String) -> CABasicAnimation {
    switch self {
    case .cubic(let function):
      let animation = CABasicAnimation(keyPath: keyPath)
      animation.timingFunction = function
      return animation
    case .spring(let spring):
      let animation = CASpringAnimation(keyPath: keyPath)
      spring.configure(animation)
      return animation
    }
  }
}

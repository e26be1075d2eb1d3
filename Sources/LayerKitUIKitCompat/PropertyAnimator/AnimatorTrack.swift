import LayerKit

/// One property a ``UIViewPropertyAnimator`` animates: a view's layer and key, the values
/// at the animator's start and end, and where in the animator's duration it runs.
struct AnimatorTrack {
  let layer: CALayer
  let key: String
  /// The value shown when the animation block ran (the animator's `.start`).
  let start: Any
  /// The model value the block set (the animator's `.end`).
  let end: Any
  /// The fraction of the duration before this track starts (`addAnimations`'
  /// `delayFactor`); it ends with the others.
  let delayFactor: Double

  /// The value `position` names.
  func value(at position: UIViewAnimatingPosition) -> Any? {
    switch position {
    case .start: start
    case .end: end
    case .current: layer.presentation()?.value(forKey: key)
    }
  }

  /// Sets the model value without an action (as UIKit leaves the model when an animator
  /// ends).
  func setModel(_ value: Any) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.setValue(value, forKey: key)
    CATransaction.commit()
  }
}

/// The pacing of an animator's animations.
enum AnimatorTiming {
  /// A cubic curve (linear while scrubbing with `scrubsLinearly`).
  case cubic(CAMediaTimingFunction)
  /// A spring.
  case spring(UIViewSpring)

  /// The timing `provider` gives for an animator of `duration` seconds (UIKit's default
  /// curve, ease in and out, for nil).
  init(_ provider: (any UITimingCurveProvider)?, duration: TimeInterval) {
    if let spring = provider?.springTimingParameters {
      self = .spring(spring.spring(duration: duration))
    } else {
      self = .cubic(
        provider?.cubicTimingParameters?.timingFunction
          ?? UIView.AnimationCurve.easeInOut
          .timingFunction)
    }
  }

  /// An animation of `key` from `from` to `to` over `duration` seconds with this pacing.
  func animation(key: String, from: Any, to: Any, duration: TimeInterval) -> CABasicAnimation {
    let animation: CABasicAnimation
    switch self {
    case .cubic(let function):
      animation = CABasicAnimation(keyPath: key)
      animation.timingFunction = function
    case .spring(let spring):
      let s = CASpringAnimation(keyPath: key)
      spring.configure(s)
      animation = s
    }
    animation.fromValue = from
    animation.toValue = to
    animation.duration = duration
    // The animator decides when its animations leave; until then the last value holds.
    animation.fillMode = .both
    animation.isRemovedOnCompletion = false
    return animation
  }
}

/// Watches the animations of one leg of an animator (the animations added by one start,
/// reverse or continue): whether any was removed before its end.
final class AnimatorLegObserver: CAAnimationDelegate {
  private(set) var wasInterrupted = false

  init() {}

  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    if !flag { wasInterrupted = true }
  }
}

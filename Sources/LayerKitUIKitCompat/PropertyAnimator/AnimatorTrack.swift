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

extension AnimationPacing {
  /// An animator's animation of `key` from `from` to `to` over `duration` seconds with this
  /// pacing, held at its last value until the animator removes it.
  func animation(key: String, from: Any, to: Any, duration: TimeInterval) -> CABasicAnimation {
    let animation = makeAnimation(keyPath: key)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = duration
    animation.fillMode = .both
    animation.isRemovedOnCompletion = false
    return animation
  }
}

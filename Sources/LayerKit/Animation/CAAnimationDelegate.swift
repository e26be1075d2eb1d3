import Foundation

/// Receives an animation's start and stop.
///
/// Both methods have empty default implementations. The animation holds its delegate
/// strongly, as Core Animation does, and keeps it until the animation itself is released.
public protocol CAAnimationDelegate: AnyObject {
  /// Called at the first frame whose time lies in the animation's active interval.
  func animationDidStart(_ anim: CAAnimation)
  /// Called exactly once: `finished` is true at the natural end, false when the animation
  /// was removed or replaced before it ended.
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
  public func animationDidStart(_ anim: CAAnimation) {}
  public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

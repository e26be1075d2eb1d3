import LayerKit

/// The settings of one `UIView.animate` block: what every animation it makes carries.
///
/// A block nested in another inherits the outer block's duration and curve (and its
/// `repeat`/`autoreverse`) unless it passes `overrideInheritedDuration`,
/// `overrideInheritedCurve` or `overrideInheritedOptions`, as UIKit's nested blocks do.
struct UIViewBlockAnimation {
  /// Seconds of one pass (> 0 animates).
  var duration: TimeInterval
  /// Seconds before the animations start, held with a backwards fill.
  var delay: TimeInterval
  /// The block's options.
  var options: UIView.AnimationOptions
  /// The spring of a spring block, nil for a curve.
  var spring: UIViewSpring?
  /// The block's pacing when it is not a spring (from the options' curve).
  var timingFunction: CAMediaTimingFunction
  /// Told of every animation the block makes; its completion reads it.
  let tracker: UIViewAnimationTracker

  init(
    duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
    spring: UIViewSpring? = nil, tracker: UIViewAnimationTracker
  ) {
    self.duration = duration.isFinite ? duration : 0
    self.delay = delay.isFinite ? Swift.max(0, delay) : 0
    self.options = options
    self.spring = spring
    self.timingFunction = options.curve.timingFunction
    self.tracker = tracker
  }

  /// These settings inside `outer`, with what UIKit lets a nested block inherit.
  func nested(in outer: UIViewBlockAnimation?) -> UIViewBlockAnimation {
    guard let outer else { return self }
    var block = self
    if !options.contains(.overrideInheritedDuration) {
      block.duration = outer.duration
    }
    if !options.contains(.overrideInheritedCurve) && spring == nil {
      block.timingFunction = outer.timingFunction
      block.spring = outer.spring
    }
    if !options.contains(.overrideInheritedOptions) {
      let inherited: UIView.AnimationOptions = [.repeat, .autoreverse]
      block.options = block.options.subtracting(inherited).union(
        outer.options.intersection(inherited))
    }
    return block
  }

  /// The animation template for `keyPath`: a `CABasicAnimation` (a `CASpringAnimation`
  /// in a spring block) with the block's duration, pacing, repeat and autoreverse, its
  /// delay as a `beginTime` in `layer`'s time with a backwards fill, and the tracker as
  /// delegate. Values are left to the action.
  func makeAnimation(keyPath: String, on layer: CALayer) -> CABasicAnimation {
    let pacing = spring.map(AnimationPacing.spring) ?? .cubic(timingFunction)
    let animation = pacing.makeAnimation(keyPath: keyPath)
    animation.duration = duration
    if options.contains(.repeat) { animation.repeatCount = .infinity }
    animation.autoreverses = options.contains(.autoreverse)
    if delay > 0 {
      animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
      animation.fillMode = .backwards
    }
    animation.delegate = tracker
    return animation
  }
}

/// Counts whether any animation of a block stopped before its end.
///
/// Every animation a block (or a transition) makes has this as its delegate; the block's
/// completion (its transaction's completion block, which runs after the frame's delegate
/// callbacks) passes `finished = !wasInterrupted`. A property animator watches each leg's
/// moving animations the same way.
final class UIViewAnimationTracker: CAAnimationDelegate {
  /// Whether an animation was removed or replaced before it ended.
  private(set) var wasInterrupted = false

  init() {}

  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    if !flag { wasInterrupted = true }
  }
}

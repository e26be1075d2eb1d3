import LayerKit

/// UIKit's animation blocks.
///
/// Inside a block, a view answers its layer's `action(forKey:)` for an animatable
/// property with an action that adds an animation carrying the block's duration, delay,
/// curve or spring and options (`position`, `bounds` and `transform` additively, the
/// others replacing what runs under their key: see the porting article); outside every
/// block it answers `NSNull`, as before. Layer properties set directly on a view's layer
/// inside a block (`view.layer.cornerRadius`) go through the same delegate and animate
/// too.
///
/// Each block is one explicit `CATransaction`. Its completion is that transaction's
/// completion block: it runs once, on the context's thread, during the frame (or
/// `advance(by:)`) in which the last of the block's animations ends, after the animations'
/// delegate callbacks, with `true` when every animation ran to its end and `false` when
/// any was removed or replaced first. A block that animates nothing (a zero duration, no
/// change, views outside a committed context) completes with `true` when its transaction
/// commits: at the end of the call when no transaction is open around it, otherwise at
/// the outermost commit (typically the context's next frame).
extension UIView {
  /// Animates the changes `animations` makes to views over `duration` seconds, after
  /// `delay` seconds.
  ///
  /// - Parameters:
  ///   - duration: seconds of one pass; 0 or less changes at once (no animation).
  ///   - delay: seconds before the animations start; the start values show meanwhile.
  ///   - options: curve (ease in and out by default), repeat, autoreverse,
  ///     beginFromCurrentState, and what nested blocks inherit.
  ///   - animations: the view changes to animate; runs at once, inside the block.
  ///   - completion: called once with whether the animations ran to their end.
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let tracker = UIViewAnimationTracker()
    let block = UIViewBlockAnimation(
      duration: duration, delay: delay, options: options, tracker: tracker)
    run(block, animations: animations, completion: completion)
  }

  /// Animates with no delay and the default options.
  public class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations,
      completion: completion)
  }

  /// Animates with no delay, the default options and no completion.
  public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
    animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
  }

  /// Animates with a spring: each change becomes a `CASpringAnimation` of mass 1 with
  /// damping ratio `dampingRatio`, tuned to come to rest in `duration` seconds (see
  /// the porting article; UIKit does not document its tuning).
  ///
  /// - Parameters:
  ///   - duration: seconds until the spring is at rest; 0 or less changes at once.
  ///   - delay: seconds before the animations start; the start values show meanwhile.
  ///   - dampingRatio: 1 settles without overshoot; values toward 0 oscillate more.
  ///   - velocity: the initial speed in whole animation distances per second (1 covers
  ///     the distance in one second), positive toward the target.
  ///   - options: as for the curve form (the curve options do not apply).
  ///   - animations: the view changes to animate; runs at once, inside the block.
  ///   - completion: called once with whether the animations ran to their end.
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
    options: AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let tracker = UIViewAnimationTracker()
    let spring = UIViewSpring(
      dampingRatio: dampingRatio, duration: duration, initialVelocity: velocity)
    let block = UIViewBlockAnimation(
      duration: duration, delay: delay, options: options.union(.overrideInheritedCurve),
      spring: spring, tracker: tracker)
    run(block, animations: animations, completion: completion)
  }

  /// Runs `actionsWithoutAnimation` with view animations off: changes inside apply at
  /// once, even inside an animation block.
  public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    UIViewAnimationScope.perform(.withoutAnimation, actionsWithoutAnimation)
  }

  /// The duration of the innermost animation block running its closure now, or 0
  /// outside every block.
  public class var inheritedAnimationDuration: TimeInterval {
    UIViewAnimationScope.currentBlock?.duration ?? 0
  }

  /// Whether view changes animate here: false inside `performWithoutAnimation`.
  public class var areAnimationsEnabled: Bool {
    if case .withoutAnimation? = UIViewAnimationScope.current?.mode { return false }
    return true
  }

  /// Opens the block's scope, nested in the enclosing block if any.
  private class func run(
    _ block: UIViewBlockAnimation, animations: () -> Void, completion: ((Bool) -> Void)?
  ) {
    let mode: UIViewAnimationScope.Mode
    switch UIViewAnimationScope.current?.mode {
    case .withoutAnimation?:
      mode = .withoutAnimation
    case .block(let outer)?:
      let nested = block.nested(in: outer)
      mode = nested.duration > 0 ? .block(nested) : .withoutAnimation
    default:
      mode = block.duration > 0 ? .block(block) : .withoutAnimation
    }
    let tracker = block.tracker
    UIViewAnimationScope.perform(
      mode, completion: completion.map { done in { done(!tracker.wasInterrupted) } }, animations)
  }
}

import LayerKit

/// UIKit's view transitions, as `CATransition`s on a view's layer.
///
/// A cross dissolve is what UIKit makes too: one `CATransition` of type `fade` on the
/// view's layer, under `kCATransition`, capturing the view as it is before `animations`
/// run; the changes inside apply at once and show through the transition. LayerKit has
/// no page curls or 3D flips, so those are the closest transitions it can make:
///
/// | option                     | transition          |
/// |----------------------------|---------------------|
/// | `transitionCrossDissolve`  | `fade`              |
/// | `transitionFlipFromLeft`   | `push`, `fromLeft`  |
/// | `transitionFlipFromRight`  | `push`, `fromRight` |
/// | `transitionFlipFromTop`    | `push`, `fromTop`   |
/// | `transitionFlipFromBottom` | `push`, `fromBottom`|
/// | `transitionCurlUp`         | `reveal`, `fromBottom` (the old content lifts away) |
/// | `transitionCurlDown`       | `moveIn`, `fromTop` (the new content comes down over) |
///
/// With no transition option the changes apply at once, as in UIKit.
extension UIView {
  /// Runs `animations` (changes that apply at once) behind a transition of `view`'s
  /// layer chosen by `options`, lasting `duration` seconds on the options' curve.
  ///
  /// - Parameters:
  ///   - view: the view whose layer gets the transition.
  ///   - duration: seconds of the transition; 0 or less changes at once.
  ///   - options: the transition (no transition option: the changes apply at once) and
  ///     its curve.
  ///   - animations: the changes shown through the transition; they apply at once.
  ///   - completion: called once, `true` when the transition ran to its end.
  public class func transition(
    with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    let tracker = UIViewAnimationTracker()
    let transition = makeTransition(options: options, duration: duration, tracker: tracker)
    UIViewAnimationScope.perform(
      .withoutAnimation, completion: completion.map { done in { done(!tracker.wasInterrupted) } }
    ) {
      if let transition, view.layer.isInCommittedContextTree {
        view.layer.add(transition, forKey: kCATransition)
      }
      animations?()
    }
  }

  /// Replaces `fromView` with `toView` in `fromView`'s superview behind a transition of
  /// the superview's layer. With `showHideTransitionViews`, `fromView` is hidden and
  /// `toView` shown instead of removed and added.
  public class func transition(
    from fromView: UIView, to toView: UIView, duration: TimeInterval,
    options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil
  ) {
    guard let container = fromView.superview else {
      completion?(true)
      return
    }
    transition(
      with: container, duration: duration, options: options,
      animations: {
        if options.contains(.showHideTransitionViews) {
          fromView.isHidden = true
          toView.isHidden = false
        } else {
          fromView.removeFromSuperview()
          container.addSubview(toView)
        }
      }, completion: completion)
  }

  /// The transition for `options`, or nil for none (no option, or no duration).
  static func makeTransition(
    options: AnimationOptions, duration: TimeInterval, tracker: UIViewAnimationTracker
  ) -> CATransition? {
    guard duration.isFinite, duration > 0 else { return nil }
    let transition = CATransition()
    switch options.transitionIndex {
    case 1: (transition.type, transition.subtype) = (.push, .fromLeft)
    case 2: (transition.type, transition.subtype) = (.push, .fromRight)
    case 3: (transition.type, transition.subtype) = (.reveal, .fromBottom)
    case 4: (transition.type, transition.subtype) = (.moveIn, .fromTop)
    case 5: transition.type = .fade
    case 6: (transition.type, transition.subtype) = (.push, .fromTop)
    case 7: (transition.type, transition.subtype) = (.push, .fromBottom)
    default: return nil
    }
    transition.duration = duration
    transition.timingFunction = options.curve.timingFunction
    transition.delegate = tracker
    return transition
  }
}

import LayerKit

/// The states of an animator, with UIKit's raw values.
///
/// ```
///            start / pause / fractionComplete          stopAnimation(false)
///  inactive ───────────────────────────────▶ active ─────────────────────▶ stopped
///     ▲  ◀──── animations end (completion) ───┘  │                           │
///     │  ◀──── stopAnimation(true) ──────────────┘                           │
///     └──────────────────────── finishAnimation(at:) ◀───────────────────────┘
/// ```
public enum UIViewAnimatingState: Int, Sendable {
  /// Not started, or finished: the animations have not run yet or have been handed over
  /// to the model values.
  case inactive = 0
  /// Started or paused: running or frozen at ``UIViewAnimating/fractionComplete``.
  case active = 1
  /// Stopped with `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
  case stopped = 2
}

/// Where animations ended, with UIKit's raw values.
public enum UIViewAnimatingPosition: Int, Sendable {
  /// The end values (the values the animation blocks set).
  case end = 0
  /// The start values (the values before the animation blocks ran).
  case start = 1
  /// Wherever the animations were when they stopped.
  case current = 2
}

/// An object that runs animations that can be started, paused, scrubbed, reversed and
/// stopped: UIKit's protocol, adopted by ``UIViewPropertyAnimator``.
public protocol UIViewAnimating: AnyObject {
  /// The animator's state.
  var state: UIViewAnimatingState { get }
  /// Whether the animations are running (active and not paused).
  var isRunning: Bool { get }
  /// Whether the animations run toward their start values.
  var isReversed: Bool { get set }
  /// How far the animations are, 0 (start) to 1 (end); settable while paused.
  var fractionComplete: CGFloat { get set }
  /// Starts (or resumes) the animations now.
  func startAnimation()
  /// Starts the animations after `delay` seconds.
  func startAnimation(afterDelay delay: TimeInterval)
  /// Pauses the animations where they are.
  func pauseAnimation()
  /// Stops the animations where they are; `true` also makes the animator inactive.
  func stopAnimation(_ withoutFinishing: Bool)
  /// Finishes stopped animations at `finalPosition` and runs the completions.
  func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// A ``UIViewAnimating`` object that also takes animation blocks and completions.
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
  /// Adds animations that start with the others.
  func addAnimations(_ animation: @escaping () -> Void)
  /// Adds animations that start after `delayFactor` × the duration and end with the
  /// others.
  func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
  /// Adds a block called with the final position when the animations end.
  func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
  /// Resumes paused animations with new timing, the remaining time scaled by
  /// `durationFactor`.
  func continueAnimation(
    withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

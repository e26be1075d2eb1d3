import LayerKit

/// An animator that runs view animations and lets them be paused, scrubbed, reversed,
/// continued with new timing and stopped: UIKit's `UIViewPropertyAnimator`.
///
/// It is built on the layer timing model and keeps no timer: its animation blocks run
/// when it becomes active (at the first start, pause or scrub), their view changes are
/// recorded as tracks (a layer, a key, the value shown before and the model value
/// after), and each state change re-adds one animation per track under the property's key
/// whose `beginTime`, `speed`, `timeOffset` and `repeatDuration` place it on the
/// animator's timeline:
///
/// ```
///  animator time τ:  0 ─────────── delayFactor·D ───────────── D
///  track local time:           0 ─────────────────────── (1 − delayFactor)·D
///  running:  speed ±1/durationFactor, timeOffset = local(τ), repeatDuration = what is left
///  paused:   speed 0, timeOffset = local(τ)   (scrubbing moves only timeOffset)
///  reversed: speed −1, timeOffset = repeatDuration = local(τ) — the same curve, backwards
/// ```
///
/// Completions run when the last running animation ends (delivered with the frame, as
/// `CATransaction` completions are), with the position reached; the model values are then
/// left as UIKit leaves them: the end values at `.end`, the start values at `.start`, the
/// values on screen at `.current`. After scrubbing linearly, or when continued with new
/// timing parameters, the animations run as a new leg from the values on screen to the
/// target over the remaining time (`(1 − fractionComplete)·D·durationFactor`).
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
  /// The timing the animator was made with (nil: ease in and out).
  public let timingParameters: (any UITimingCurveProvider)?
  /// The duration given at creation, in seconds.
  public let duration: TimeInterval
  /// The delay of the last `startAnimation(afterDelay:)`, in seconds.
  public private(set) var delay: TimeInterval = 0
  /// Whether the animator can be paused and stopped (default true). Changes while
  /// active are ignored with a diagnostic, as UIKit refuses them.
  open var isInterruptible = true {
    didSet {
      // Assigned in its own observer, the old value does not call the observer again.
      if refusesChangeWhileActive("isInterruptible") { isInterruptible = oldValue }
    }
  }
  /// Accepted for source compatibility; there is no event handling to apply it to.
  open var isUserInteractionEnabled = true
  /// Accepted for source compatibility; hit testing is the layers'.
  open var isManualHitTestingEnabled = false
  /// Whether setting ``fractionComplete`` while paused moves the values linearly
  /// (default true) or along the animator's curve.
  open var scrubsLinearly = true
  /// Whether the animator stays active, paused at the end, when its animations finish
  /// (default false); then no completion runs until it is finished another way.
  open var pausesOnCompletion = false
  /// The animator's state.
  public internal(set) var state: UIViewAnimatingState = .inactive
  /// Whether the animations are moving now.
  open var isRunning: Bool { state == .active && isMoving }
  /// Whether the animations run toward the start values. Changing it while running
  /// turns them around where they are.
  open var isReversed = false {
    didSet { if oldValue != isReversed && isRunning { turnAround() } }
  }
  /// How far along the animator is, 0…1, in time (`τ / D`). Settable while paused (or
  /// inactive, which makes the animator active and paused); values are clamped to 0…1.
  open var fractionComplete: CGFloat {
    get { CGFloat(length > 0 ? currentTau / length : 0) }
    set { scrub(to: newValue) }
  }

  /// The animator's own duration: `duration`, or a mass–stiffness spring's settling time.
  let length: TimeInterval
  let timing: AnimationPacing
  var pending: [(block: () -> Void, delayFactor: Double)] = []
  var completions: [(UIViewAnimatingPosition) -> Void] = []
  var tracks: [AnimatorTrack] = []
  /// The timeline: τ at `anchor` (a time in ``clockTime``'s space), moving at `rate`
  /// animator seconds per second once `anchor` is reached.
  var tau = 0.0
  var anchor = 0.0
  var rate = 0.0
  var isMoving = false
  /// What the tracks' animations are now.
  enum Leg: Equatable {
    case timeline(linear: Bool)
    case segment
  }
  var leg = Leg.timeline(linear: false)
  /// Bumped whenever the tracks' animations are replaced; a leg's completion from an
  /// older generation is ignored.
  var generation = 0

  /// An animator with `parameters` for timing, lasting `duration` seconds.
  public required init(
    duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider
  ) {
    let d = duration.isFinite ? Swift.max(0, duration) : 0
    self.duration = d
    timingParameters = parameters
    let t = AnimationPacing(parameters, duration: d)
    timing = t
    if case .spring(let spring) = t, spring.usesSettlingDuration {
      length = spring.settlingDuration
    } else {
      length = d
    }
  }

  /// An animator on one of UIKit's curves.
  public convenience init(
    duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil
  ) {
    self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
    if let animations { addAnimations(animations) }
  }

  /// An animator on the cubic curve with control points `point1` and `point2`.
  public convenience init(
    duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
    animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration,
      timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
    if let animations { addAnimations(animations) }
  }

  /// An animator on a spring with damping ratio `ratio`, at rest after `duration`.
  public convenience init(
    duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil
  ) {
    self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
    if let animations { addAnimations(animations) }
  }

  /// Makes an animator on the options' curve, adds `animations` and `completion`, and
  /// starts it after `delay` seconds.
  open class func runningPropertyAnimator(
    withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
    animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
  ) -> Self {
    let animator = self.init(
      duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
    animator.addAnimations(animations)
    if let completion { animator.addCompletion(completion) }
    animator.startAnimation(afterDelay: delay)
    return animator
  }

  // MARK: - Animations and completions

  open func addAnimations(_ animation: @escaping () -> Void) {
    addAnimations(animation, delayFactor: 0)
  }

  /// Adds animations that start after `delayFactor` (0…1) of the duration. On an active
  /// animator they start now (never before the time already run) and join the others.
  open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
    let factor = delayFactor.isFinite ? Double(Swift.min(Swift.max(delayFactor, 0), 1)) : 0
    guard state == .active else {
      if state == .inactive { pending.append((animation, factor)) }
      return
    }
    record(animation, delayFactor: Swift.max(factor, length > 0 ? currentTau / length : 0))
    replay()
  }

  open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
    completions.append(completion)
  }

  // MARK: - UIViewAnimating

  open func startAnimation() { startAnimation(afterDelay: 0) }

  open func startAnimation(afterDelay delay: TimeInterval) {
    switch state {
    case .stopped:
      CADiagnostics.report(
        key: "UIViewPropertyAnimator", "startAnimation on a stopped animator; ignored")
    case .inactive:
      activate()
      self.delay = delay.isFinite ? Swift.max(0, delay) : 0
      playTimeline(linear: false, rate: isReversed ? -1 : 1, delay: self.delay)
    case .active:
      if !isMoving { resume(parameters: nil, durationFactor: 1) }
    }
  }

  open func pauseAnimation() {
    guard isInterruptible else {
      return CADiagnostics.report(
        key: "UIViewPropertyAnimator", "pauseAnimation on a non-interruptible animator; ignored")
    }
    switch state {
    case .stopped: return
    case .inactive:
      activate()
      playTimeline(linear: false, rate: 0)
    case .active:
      guard isMoving else { return }
      if case .timeline(let linear) = leg {
        playTimeline(linear: linear, rate: 0)
      } else {
        holdOnScreen()
      }
    }
  }

  open func stopAnimation(_ withoutFinishing: Bool) {
    guard isInterruptible else {
      return CADiagnostics.report(
        key: "UIViewPropertyAnimator", "stopAnimation on a non-interruptible animator; ignored")
    }
    guard state == .active else { return }
    tau = currentTau
    leaveTracks(at: .current)
    if withoutFinishing {
      reset()
    } else {
      state = .stopped
    }
  }

  open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
    guard state == .stopped else {
      return CADiagnostics.report(
        key: "UIViewPropertyAnimator", "finishAnimation(at:) needs a stopped animator; ignored")
    }
    finish(at: finalPosition)
  }

  /// Resumes a paused animator with `parameters` (nil: its own timing) for the remaining
  /// time scaled by `durationFactor` (≤ 0 or not finite reads as 1).
  open func continueAnimation(
    withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat
  ) {
    switch state {
    case .stopped:
      CADiagnostics.report(
        key: "UIViewPropertyAnimator", "continueAnimation on a stopped animator; ignored")
    case .inactive:
      activate()
      playTimeline(linear: false, rate: 0)
      resume(parameters: parameters, durationFactor: durationFactor)
    case .active:
      resume(parameters: parameters, durationFactor: durationFactor)
    }
  }
}

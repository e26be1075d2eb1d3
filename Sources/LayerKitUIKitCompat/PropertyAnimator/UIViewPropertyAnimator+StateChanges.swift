import LayerKit

// The animator's state changes: activation, scrubbing, resuming, turning around, and the
// end of a leg, in terms of the timeline and legs of `UIViewPropertyAnimator+Legs`.
extension UIViewPropertyAnimator {
  /// Runs the pending animation blocks and becomes active.
  func activate() {
    state = .active
    tau = isReversed ? length : 0
    rate = 0
    let blocks = pending
    pending = []
    for (block, factor) in blocks { record(block, delayFactor: factor) }
    anchor = clockTime
  }

  /// Runs `block` recording its view changes as tracks.
  func record(_ block: () -> Void, delayFactor: Double) {
    let recorder = UIViewAnimationRecorder()
    UIViewAnimationScope.perform(.recording(recorder), block)
    for changes in recorder.changesByProperty {
      let first = changes[0]
      tracks.removeAll { $0.layer === first.layer && $0.key == first.key }
      tracks.append(
        AnimatorTrack(
          layer: first.layer, key: first.key, start: first.shown,
          end: changes[changes.count - 1].value,
          delayFactor: delayFactor))
    }
  }

  func scrub(to fraction: CGFloat) {
    guard fraction.isFinite, state != .stopped else { return }
    if state == .inactive {
      activate()
    } else if isMoving {
      return CADiagnostics.report(
        key: "fractionComplete", "set while running; pause the animator first")
    }
    tau = Double(Swift.min(Swift.max(fraction, 0), 1)) * length
    anchor = clockTime
    rate = 0
    playTimeline(linear: scrubsLinearly, rate: 0)
  }

  /// Runs a paused animator on: along its own timeline when nothing changed it, else as a
  /// new leg from the values on screen.
  func resume(parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
    let factor = durationFactor.isFinite && durationFactor > 0 ? Double(durationFactor) : 1
    if parameters == nil, leg == .timeline(linear: false) {
      playTimeline(linear: false, rate: (isReversed ? -1 : 1) / factor)
    } else {
      playLeg(parameters: parameters ?? timingParameters, durationFactor: factor)
    }
  }

  /// Turns running animations around where they are.
  func turnAround() {
    if leg == .timeline(linear: false) {
      playTimeline(linear: false, rate: -rate)
    } else {
      playLeg(parameters: timingParameters, durationFactor: 1)
    }
  }

  /// Re-adds the tracks' animations after tracks were added to an active animator.
  func replay() {
    if isMoving {
      if leg == .timeline(linear: false) {
        playTimeline(linear: false, rate: rate)
      } else {
        playLeg(parameters: timingParameters, durationFactor: 1)
      }
    } else if case .timeline(let linear) = leg {
      playTimeline(linear: linear, rate: 0)
    } else {
      holdOnScreen()
    }
  }

  /// Called by a leg's transaction completion: every running animation of the leg ended.
  func legDidEnd(generation ended: Int, observer: UIViewAnimationTracker) {
    guard ended == generation, state == .active, isMoving, !observer.wasInterrupted else { return }
    let position: UIViewAnimatingPosition = rate < 0 ? .start : .end
    tau = position == .start ? 0 : length
    rate = 0
    isMoving = false
    if pausesOnCompletion {
      leg = .timeline(linear: false)
      return
    }
    finish(at: position)
  }

  /// Leaves the model at `position`, removes the animations, runs the completions and
  /// becomes inactive.
  func finish(at position: UIViewAnimatingPosition) {
    leaveTracks(at: position)
    let done = completions
    reset()
    for completion in done { completion(position) }
  }

  /// Sets each track's model value to its value at `position` and removes its animation.
  func leaveTracks(at position: UIViewAnimatingPosition) {
    generation += 1
    isMoving = false
    for track in tracks {
      if let value = track.value(at: position) { track.setModel(value) }
      track.layer.removeAnimation(forKey: track.key)
    }
  }

  func reset() {
    state = .inactive
    tracks = []
    pending = []
    completions = []
    tau = 0
    rate = 0
    isMoving = false
    leg = .timeline(linear: false)
  }

  /// Whether a setting must keep its value because the animator is active (with a
  /// diagnostic saying so).
  func refusesChangeWhileActive(_ name: String) -> Bool {
    guard state != .inactive else { return false }
    CADiagnostics.report(key: name, "cannot change while the animator is active; ignored")
    return true
  }

  /// The animator's clock: the local time of its first track's layer (so pausing or
  /// scrubbing the layers' own timing moves the animator with them), or
  /// `CACurrentMediaTime()` before there is a track.
  var clockTime: CFTimeInterval {
    let now = CACurrentMediaTime()
    return tracks.first?.layer.convertTime(now, from: nil) ?? now
  }

  /// τ now, clamped to 0…length.
  var currentTau: Double {
    let moved = tau + Swift.max(0, clockTime - anchor) * rate
    return Swift.min(Swift.max(moved, 0), length)
  }

  /// The animator's timing.
  var animatorTiming: AnimationPacing { timing }
}

import LayerKit

// How an animator puts its tracks' animations on the layers.
//
// Every state change replaces each track's animation (under the track's key) in one
// transaction. Animations that hold still (paused, or already at their target) are added
// first, in a transaction of their own; the moving ones go into a transaction whose
// completion block is the leg's end, so the animator learns that its animations finished
// exactly when LayerKit delivers transaction completions (during the frame that ends the
// last of them), and with no moving animation at all, when that transaction commits.
extension UIViewPropertyAnimator {
  /// Places every track on the animator's timeline at the current τ, moving at `rate`
  /// animator seconds per second (0 pauses; negative runs toward the start), starting
  /// after `delay` seconds.
  ///
  /// - Parameter linear: scrubbing with `scrubsLinearly`: linear pacing instead of the
  ///   animator's timing.
  func playTimeline(linear: Bool, rate newRate: Double, delay: Double = 0) {
    let now = CACurrentMediaTime()
    let t0 = currentTau
    tau = t0
    anchor = clockTime + delay
    rate = newRate
    leg = .timeline(linear: linear)
    let pacing: AnimationPacing =
      linear ? .cubic(CAMediaTimingFunction(name: .linear)) : animatorTiming
    var holds: [(AnimatorTrack, CABasicAnimation)] = []
    var moving: [(AnimatorTrack, CABasicAnimation)] = []
    for track in tracks {
      let offset = track.delayFactor * length
      let d = length - offset
      let local = t0 - offset
      let begin = track.layer.convertTime(now, from: nil) + delay
      guard d > 0 else {
        holds.append((track, Self.hold(track, newRate < 0 ? track.start : track.end)))
        continue
      }
      let animation = pacing.animation(
        key: track.key, from: track.start, to: track.end, duration: d)
      animation.beginTime = begin
      if newRate == 0 {
        if local >= d {
          holds.append((track, Self.hold(track, track.end)))
          continue
        }
        animation.speed = 0
        animation.timeOffset = Swift.max(0, local)
        holds.append((track, animation))
      } else if newRate > 0 {
        if local >= d {
          holds.append((track, Self.hold(track, track.end)))
          continue
        }
        animation.speed = Float(newRate)
        if local < 0 {
          animation.beginTime = begin + -local / newRate
        } else {
          animation.timeOffset = local
          animation.repeatDuration = d - local
        }
        moving.append((track, animation))
      } else {
        if local <= 0 {
          holds.append((track, Self.hold(track, track.start)))
          continue
        }
        let l = Swift.min(local, d)
        animation.speed = Float(newRate)
        animation.timeOffset = l
        animation.repeatDuration = l
        moving.append((track, animation))
      }
    }
    install(holds: holds, moving: newRate == 0 ? nil : moving)
  }

  /// Runs the tracks as a new leg from the values on screen to the target (the start
  /// values when reversed, else the end values) with `parameters`' timing, over the
  /// remaining time × `durationFactor` (a mass–stiffness spring: its settling time).
  func playLeg(parameters: (any UITimingCurveProvider)?, durationFactor: Double) {
    let now = CACurrentMediaTime()
    let t0 = currentTau
    let target: UIViewAnimatingPosition = isReversed ? .start : .end
    let targetTau = isReversed ? 0 : length
    var d = Swift.abs(targetTau - t0) * durationFactor
    let pacing = AnimationPacing(parameters, duration: Swift.max(d, 1e-3))
    if case .spring(let spring) = pacing, spring.usesSettlingDuration {
      d = spring.settlingDuration
    }
    d = Swift.max(d, 1e-3)
    tau = t0
    anchor = clockTime
    rate = (targetTau - t0) / d
    leg = .segment
    var moving: [(AnimatorTrack, CABasicAnimation)] = []
    for track in tracks {
      guard let from = track.value(at: .current), let to = track.value(at: target) else { continue }
      let animation = pacing.animation(key: track.key, from: from, to: to, duration: d)
      animation.beginTime = track.layer.convertTime(now, from: nil)
      moving.append((track, animation))
    }
    install(holds: [], moving: moving, direction: isReversed ? -1 : 1)
  }

  /// Freezes every track at the value on screen (a paused leg).
  func holdOnScreen() {
    tau = currentTau
    anchor = clockTime
    rate = 0
    leg = .segment
    let holds = tracks.compactMap { track in
      track.value(at: .current).map { (track, Self.hold(track, $0)) }
    }
    install(holds: holds, moving: nil)
  }

  /// An animation that shows `value` and never ends.
  static func hold(_ track: AnimatorTrack, _ value: Any) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: track.key)
    animation.fromValue = value
    animation.toValue = value
    animation.duration = 1
    animation.speed = 0
    animation.fillMode = .both
    animation.isRemovedOnCompletion = false
    return animation
  }

  /// Replaces the tracks' animations: `holds` first, then `moving` (nil: the animator is
  /// paused) in a transaction whose completion ends the leg.
  private func install(
    holds: [(AnimatorTrack, CABasicAnimation)], moving: [(AnimatorTrack, CABasicAnimation)]?,
    direction: Double? = nil
  ) {
    generation += 1
    isMoving = moving != nil
    if !holds.isEmpty {
      CATransaction.begin()
      for (track, animation) in holds { track.layer.add(animation, forKey: track.key) }
      CATransaction.commit()
    }
    guard let moving else { return }
    if rate == 0, let direction { rate = direction * 1e-12 }
    let observer = UIViewAnimationTracker()
    let ended = generation
    CATransaction.begin()
    CATransaction.setCompletionBlock { self.legDidEnd(generation: ended, observer: observer) }
    for (track, animation) in moving {
      animation.delegate = observer
      track.layer.add(animation, forKey: track.key)
    }
    CATransaction.commit()
  }
}

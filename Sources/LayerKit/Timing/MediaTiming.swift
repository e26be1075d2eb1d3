import Foundation

/// The timing of one timed object (layer, animation or group child) as a value, and the
/// pure map from its parent's time to its own.
///
/// ```
/// period  = autoreverses ? 2·duration : duration
/// active  = repeatDuration > 0 ? repeatDuration
///         : repeatCount > 0 ? period · repeatCount : period
/// elapsed = (parentTime − beginTime) · speed
/// local   = elapsed (clamped into 0…active by the fill mode) + timeOffset
/// p       = fraction of local / period, mirrored in the reverse half
/// ```
///
/// All times are in seconds: `beginTime` in the parent's time space, `timeOffset` and the
/// results in the object's local time space. Values are sanitised on creation (NaN and
/// negative durations become 0, NaN speed 1), so evaluation never traps.
package struct MediaTiming: Equatable, Sendable {
  /// Where a parent time falls relative to the active interval.
  package enum Phase: Equatable, Sendable {
    /// Before `beginTime` (for a negative speed too: time runs backwards only inside).
    case before
    /// Inside the active interval.
    case active
    /// At or after the end of the active interval.
    case after
  }

  /// The object's state at one parent time.
  package struct Evaluation: Equatable, Sendable {
    package var phase: Phase
    /// Whether the object applies: active, or filling before or after.
    package var isApplied: Bool
    /// The local time (elapsed, clamped by the fill, plus `timeOffset`), in seconds.
    package var localTime: Double
    /// Progress through the current pass in 0…1, mirrored during an autoreversed half.
    package var progress: Double
    /// The zero-based repeat index (an autoreversed round trip is one repeat).
    package var iteration: Int

    package static let notApplied = Evaluation(
      phase: .before, isApplied: false, localTime: 0, progress: 0, iteration: 0)
  }

  package var beginTime: Double = 0
  package var duration: Double = 0
  package var speed: Double = 1
  package var timeOffset: Double = 0
  package var repeatCount: Double = 0
  package var repeatDuration: Double = 0
  package var autoreverses = false
  package var fillMode: CAMediaTimingFillMode = .removed {
    didSet { updateFill() }
  }
  /// `fillMode` decoded once (comparing names per evaluation costs string compares).
  private(set) var fillsBackwards = false
  private(set) var fillsForwards = false

  private mutating func updateFill() {
    fillsBackwards = fillMode.fillsBackwards
    fillsForwards = fillMode.fillsForwards
  }

  package init(
    beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
    repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
    fillMode: CAMediaTimingFillMode = .removed
  ) {
    // +∞ is kept: the object never begins. NaN and −∞ mean nothing and become 0.
    self.beginTime = beginTime.isFinite || beginTime == .infinity ? beginTime : 0
    self.duration = duration.isNaN || duration < 0 ? 0 : duration
    self.speed = speed.isFinite ? speed : 1
    self.timeOffset = timeOffset.isFinite ? timeOffset : 0
    // Float.greatestFiniteMagnitude is Core Animation's spelling of "forever".
    if repeatCount.isNaN || repeatCount <= 0 {
      self.repeatCount = 0
    } else {
      self.repeatCount =
        repeatCount >= Double(Float.greatestFiniteMagnitude) ? .infinity : repeatCount
    }
    self.repeatDuration = repeatDuration.isNaN || repeatDuration < 0 ? 0 : repeatDuration
    self.autoreverses = autoreverses
    self.fillMode = fillMode
    updateFill()
  }

  /// The length of one repeat: twice the duration when autoreversing.
  package var period: Double { autoreverses ? 2 * duration : duration }

  /// The length of the active interval in local time (may be infinite).
  package var activeDuration: Double {
    if repeatDuration > 0 { return repeatDuration }
    if repeatCount > 0 { return period * repeatCount }
    return period
  }

  /// The end of the active interval in the parent's time (`beginTime` + active / |speed|).
  package var endTime: Double {
    speed == 0 ? .infinity : beginTime + activeDuration / Swift.abs(speed)
  }

  /// Maps a parent time to this object's state.
  ///
  /// The window test uses the parent time (before `beginTime`) and the magnitude of the
  /// elapsed local time (past the active duration), so a negative speed runs local time
  /// backwards from `timeOffset` inside the window, as a Web Animations reverse playback
  /// rate does. Speed 0 freezes local time at `timeOffset`.
  /// - Complexity: O(1); allocates nothing.
  package func evaluate(parentTime tp: Double) -> Evaluation {
    guard !tp.isNaN else { return .notApplied }
    let active = activeDuration
    var phase = Phase.active
    var elapsed = (tp - beginTime) * speed
    if tp < beginTime {
      guard fillsBackwards else { return .notApplied }
      phase = .before
      elapsed = 0
    } else if Swift.abs(elapsed) >= active {
      phase = .after
      guard fillsForwards else {
        return Evaluation(phase: .after, isApplied: false, localTime: 0, progress: 0, iteration: 0)
      }
      elapsed = speed < 0 ? -active : active
    }
    let local = elapsed + timeOffset
    let (progress, iteration) = progressAndIteration(local: local, atEnd: phase == .after)
    return Evaluation(
      phase: phase, isApplied: true, localTime: local, progress: progress, iteration: iteration)
  }

  /// The pass fraction and repeat index at `local` time.
  func progressAndIteration(local: Double, atEnd: Bool) -> (Double, Int) {
    let period = self.period
    guard period > 0, period.isFinite else {
      // Zero-length passes: the end state after the interval, the start state before.
      let p: Double = atEnd && !autoreverses ? 1 : 0
      return (p, 0)
    }
    let q = local / period
    guard q.isFinite else { return (0, 0) }
    var whole: Double
    var frac: Double
    if speed >= 0 {
      // Pass boundaries belong to the next pass, except at the very end.
      whole = q.rounded(.down)
      frac = q - whole
      if atEnd && frac == 0 && activeDuration > 0 {
        frac = 1
        whole -= 1
      }
    } else {
      // Running backwards, a boundary belongs to the pass being left, which is the one
      // above it; at the end of the interval the start state (0) shows.
      whole = q.rounded(.up) - 1
      frac = q - whole
      if atEnd && frac == 1 && activeDuration > 0 {
        frac = 0
        whole += 1
      }
    }
    let ph = frac * period
    let p = autoreverses && ph > duration ? (period - ph) / duration : ph / duration
    let iteration =
      whole >= Double(Int.max) ? Int.max : whole <= Double(Int.min) ? Int.min : Int(whole)
    return (p, iteration)
  }

  /// The time within the current pass after autoreverse mirroring (p · duration): the
  /// time a group's children see.
  package func passTime(_ e: Evaluation) -> Double { e.progress * duration }

  /// Converts a parent time to local time without the window or fill (a layer's
  /// timeline, which never ends): `(t − beginTime)·speed + timeOffset`.
  package func localTime(fromParent t: Double) -> Double {
    (t - beginTime) * speed + timeOffset
  }

  /// The inverse of `localTime(fromParent:)`. With speed 0 every parent time maps to the
  /// same local time, so this answers `beginTime`.
  package func parentTime(fromLocal t: Double) -> Double {
    speed == 0 ? beginTime : (t - timeOffset) / speed + beginTime
  }

  /// `convertTime` one level down, as Core Animation converts it: a parent time before
  /// `beginTime` is 0 in the object's time (the object has not begun); from `beginTime`
  /// on, `localTime(fromParent:)`.
  package func convertedDown(fromParent t: Double) -> Double {
    t < beginTime ? 0 : localTime(fromParent: t)
  }

  /// `convertTime` one level up, as Core Animation converts it: a paused object (speed 0)
  /// gives 0 in its parent's time; otherwise the inverse linear map
  /// `(t − timeOffset)/speed + beginTime`.
  package func convertedUp(fromLocal t: Double) -> Double {
    speed == 0 ? 0 : (t - timeOffset) / speed + beginTime
  }
}

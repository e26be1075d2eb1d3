import Foundation

/// What an emitter layer remembers of its emission rates, so that a change of
/// `birthRate` (its own or a cell's, set or animated) changes later births only.
///
/// It keeps the model's rates before each change made while the layer is on screen,
/// and the animations of rate key paths (`birthRate`, `emitterCells.<name>.birthRate`,
/// `emitterCells.<name>.enabled`) attached to it, each until it was removed (an
/// animation that finishes is kept: its effect on births is history).
/// From them `schedules(model:at:)` rebuilds every top-level cell's
/// `EmissionSchedule`. At most `maximumRemembered` changes and animations are kept
/// (the oldest are forgotten; their stretch then reads as the oldest one kept).
struct EmissionHistory {
  /// The most model changes, and the most animations, remembered.
  static let maximumRemembered = 32

  private struct ModelChange {
    /// The layer's local time of the change, in seconds.
    var time: Double
    /// The emitter's model before it.
    var before: EmitterLayerState
  }

  private struct RateAnimation {
    let entry: LayerAnimationEntry
    /// The local time from which it no longer applies (removed), or infinity.
    var until: Double
  }

  private var changes: [ModelChange] = []
  private var animations: [RateAnimation] = []

  /// The same history with each animation's entry replaced by `copy(entry)` (the
  /// render thread's replica of an emitter reads copies made for it).
  func mapEntries(_ copy: (LayerAnimationEntry) -> LayerAnimationEntry) -> EmissionHistory {
    var h = self
    for i in h.animations.indices {
      h.animations[i] = RateAnimation(
        entry: copy(h.animations[i].entry), until: h.animations[i].until)
    }
    return h
  }

  /// Whether the rates never changed: births are then exactly `n / rate`.
  var isEmpty: Bool { changes.isEmpty && animations.isEmpty }

  /// Records that the model rates were `before` until local time `time`.
  mutating func recordChange(at time: Double, before: EmitterLayerState) {
    guard time.isFinite else { return }
    changes.append(ModelChange(time: time, before: before))
    if changes.count > Self.maximumRemembered { changes.removeFirst() }
  }

  /// Remembers `entry` when it animates an emission rate.
  mutating func attached(_ entry: LayerAnimationEntry) {
    guard Self.touchesRate(entry.animation) else { return }
    animations.append(RateAnimation(entry: entry, until: .infinity))
    if animations.count > Self.maximumRemembered { animations.removeFirst() }
  }

  /// Records that `entry` was removed at local time `time`: it shapes no births after.
  mutating func detached(_ entry: LayerAnimationEntry, at time: Double) {
    guard let i = animations.firstIndex(where: { $0.entry === entry }) else { return }
    if entry.isCommitted, time.isFinite {
      animations[i].until = time
    } else {
      animations.remove(at: i)
    }
  }

  /// Whether `animation` may change an emission rate.
  private static func touchesRate(_ animation: CAAnimation) -> Bool {
    if let group = animation as? CAAnimationGroup {
      return (group.animations ?? []).contains(where: touchesRate)
    }
    guard let key = (animation as? CAPropertyAnimation)?.keyPath else { return false }
    return key == "birthRate"
      || (key.hasPrefix("emitterCells.")
        && (key.hasSuffix(".birthRate") || key.hasSuffix(".enabled")))
  }

  /// The emission schedule of each top-level cell of `model` up to local time `now`.
  func schedules(model: LayerState, at now: Double) -> [EmissionSchedule] {
    let cells = model.emitterState.cells.indices
    guard !isEmpty else {
      return cells.map { EmissionSchedule(constant: model.emitterState.rate(ofCell: $0)) }
    }
    guard now > 0 else { return cells.map { _ in EmissionSchedule(constant: 0) } }
    var marks: Set<Double> = [0, now]
    for c in changes where c.time > 0 && c.time < now { marks.insert(c.time) }
    for a in animations {
      for t in [a.entry.timing.beginTime, a.entry.timing.endTime, a.until] where t > 0 && t < now {
        marks.insert(t)
      }
    }
    let sorted = marks.sorted()
    let pieces = zip(sorted, sorted.dropFirst()).map { a, b in
      (range: a..<b, animated: animations.contains { isAnimating($0, within: a..<b) })
    }
    return cells.map { k in
      EmissionSchedule(pieces: pieces) { s in emitter(at: s, model: model).rate(ofCell: k) }
    }
  }

  /// Whether `a` changes its value inside `range` (it runs there, not merely fills).
  private func isAnimating(_ a: RateAnimation, within range: Range<Double>) -> Bool {
    guard a.entry.isCommitted else { return false }
    let t = a.entry.timing
    let end = Swift.min(t.endTime, a.until)
    return t.beginTime < range.upperBound && end > range.lowerBound
  }

  /// The emitter's rates in effect at local time `s`: the model then, with the rate
  /// animations applied.
  private func emitter(at s: Double, model: LayerState) -> EmitterLayerState {
    var base = model
    if let c = changes.first(where: { $0.time > s }) { base.emitter = c.before }
    var shown = base
    for a in animations where s < a.until {
      guard let e = a.entry.showingState(atLocalTime: s) else { continue }
      a.entry.track?.apply(e, to: &shown, model: base)
    }
    return shown.emitterState
  }
}

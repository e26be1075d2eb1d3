import Foundation

/// One animation of the frame loop as a plain value: its timing, its value source as
/// lanes, and the value computed at the last frame.
///
/// Records of a layer sit next to each other in add order, and layers follow one another
/// in the order the tree was first walked, so a frame reads the table front to back.
package struct FlatTrack {
  package enum Kind: UInt8 {
    /// Evaluated through the track object only.
    case object
    case basic
    case spring
    case keyframes
    /// Discrete keyframes: `keyCount` is the number of key times.
    case discrete
  }

  /// Where the last frame left the animation's value.
  package enum FrameState: UInt8 {
    /// Not showing.
    case hidden
    /// In `result`, written by `AnimationTrack.materialize(flat:into:)`.
    case flat
    /// In the track object (`AnimationTrack.materialize(into:)`).
    case object
  }

  /// The track's timing, copied whenever the object path runs (commit stamps it).
  var timing: MediaTiming
  /// Basic and spring: the start value; keyframes: the first keyframe.
  var from: SIMD4<Double>
  /// Basic and spring: end − start; keyframes: last − first.
  var delta: SIMD4<Double>
  /// The value at the last frame when `state` is `.flat`.
  var result: SIMD4<Double> = .zero
  let track: Unmanaged<AnimationTrack>
  let kind: Kind
  let isCumulative: Bool
  /// Committed (and not inert): a frame that raises no event (see `step(at:)`) may
  /// evaluate the record without the lifecycle bookkeeping: from its lanes, or for
  /// `.object` records by the track object alone (`FlatTrackTable.evaluate`).
  var isReady = false
  /// Whether the animation's start was reported (`AnimationTrack.didStart`).
  var isStarted = false
  /// Whether the animation's end was reported (`AnimationTrack.isFinished`).
  var isEndReported = false
  /// The animation's `isRemovedOnCompletion` as committed: finished but kept (false), a
  /// frame after the end raises no event either.
  var isRemovedOnCompletion = true
  var state = FrameState.object
  /// The table's `changeStamp` when the record's value or `state` last changed (a new
  /// record starts changed), so that a reader can tell whether any of a layer's values
  /// moved since it last looked (`CAContext.presentationChanged(of:since:)`).
  var changedAt = 0
  /// Whether an overflowing value was reported for this record.
  var didReportOverflow = false
  /// Index into the table's curves (−1: linear, no curve).
  let curve: Int32
  /// Spring: index into the table's solvers; keyframes (linear or discrete): first index
  /// into the key pools.
  let aux: Int32
  /// Keyframes: the number of keyframes (discrete: of key times).
  let keyCount: Int32

  /// `timing`'s active duration and period, when the short path applies (speed > 0, a
  /// finite period > 0); `period` is 0 otherwise.
  var active = 0.0, period = 0.0

  /// Sets `state`, stamping the record changed at `stamp` when the new state differs
  /// or when a value the object computed changed (`changed`).
  @inline(__always)
  mutating func setState(_ new: FrameState, changed: Bool = false, stamp: Int) {
    if changed || new != state { changedAt = stamp }
    state = new
  }

  /// Copies the lifecycle flags and timing from the track object.
  mutating func sync(from t: AnimationTrack) {
    timing = t.timing
    let p = timing.period
    (active, period) = timing.speed > 0 && p > 0 && p.isFinite ? (timing.activeDuration, p) : (0, 0)
    isReady = t.isCommitted && !t.isInert
    isStarted = t.didStart
    isEndReported = t.isFinished
    isRemovedOnCompletion = t.isRemovedOnCompletion
  }
}

extension FlatTrack {
  /// What a ready record's frame in timing state `e` needs.
  package enum Step {
    /// Its value, from the record (`FlatTrackTable.evaluate`).
    case evaluate
    /// Nothing shows (`FlatTrackTable.hide`).
    case hide
    /// The track object's lifecycle: the frame may start or end the animation.
    case lifecycle
  }

  /// The step of a ready record in state `e`: before the start no event is raised
  /// (filled backwards or not shown); inside the active interval none once the start was
  /// reported; after the end none once the end was reported and the animation is kept.
  /// Whether the value shows is the rule every stage asks
  /// (``MediaTiming/Evaluation/shows(removedOnCompletion:)``).
  @inline(__always)
  func step(at e: MediaTiming.Evaluation) -> Step {
    switch e.phase {
    case .active: if !isStarted { return .lifecycle }
    case .before: break
    case .after: if !isEndReported || isRemovedOnCompletion { return .lifecycle }
    }
    return e.shows(removedOnCompletion: isRemovedOnCompletion) ? .evaluate : .hide
  }

  /// `timing.evaluate(parentTime:)`, with the same arithmetic in the same order but
  /// without re-deriving the period and active duration or calling `floor`, when the
  /// time falls inside the active interval of a forward-running timing with a finite
  /// period; otherwise the full evaluation.
  @inline(__always)
  func evaluateTiming(parentTime tp: Double) -> MediaTiming.Evaluation {
    let period = self.period
    if period > 0 && tp >= timing.beginTime {
      let elapsed = (tp - timing.beginTime) * timing.speed
      if elapsed < active {
        let local = elapsed + timing.timeOffset
        let q = local / period
        // For 0 ≤ q < 2⁵², truncation is the floor and exact.
        if q >= 0 && q < 0x1p52 {
          let n = Int(q)
          let ph = (q - Double(n)) * period
          let d = timing.duration
          let p = timing.autoreverses && ph > d ? (period - ph) / d : ph / d
          return MediaTiming.Evaluation(
            phase: .active, isApplied: true, localTime: local, progress: p, iteration: n)
        }
      }
    }
    return timing.evaluate(parentTime: tp)
  }
}

/// A context's animations as one contiguous array of `FlatTrack` records (plus pools of
/// timing curves, spring solvers and keyframes), so that a frame walks memory in order
/// instead of chasing an object per animation.
///
/// A layer's records are appended when the frame loop first meets the layer, and again
/// (the old ones left as garbage) after its animations change; the table is emptied and
/// refilled at the start of a walk once garbage outweighs live records. Growing
/// allocates; a steady frame does not. The fields the frame loop reads skip dynamic
/// exclusivity checks (each costs a thread-local lookup): they are only touched on the
/// context's thread, never across a call that could reenter.
package final class FlatTrackTable {
  @exclusivity(unchecked) private(set) var records: UnsafeMutablePointer<FlatTrack>
  @exclusivity(unchecked) private(set) var count = 0
  private var capacity: Int
  private var garbage = 0
  /// Keeps the tracks the records point to alive.
  private var owners: ContiguousArray<AnimationTrack> = []
  @exclusivity(unchecked) var curves: ContiguousArray<TimingCurve> = []
  @exclusivity(unchecked) var solvers: ContiguousArray<SpringSolver> = []
  @exclusivity(unchecked) var keyValues: ContiguousArray<SIMD4<Double>> = []
  @exclusivity(unchecked) var keyTimes: ContiguousArray<Double> = []
  /// Beside each keyframe, the index in `curves` of the timing curve of the segment it
  /// starts (−1: linear, and for the last keyframe).
  @exclusivity(unchecked) var keyCurves: ContiguousArray<Int32> = []
  /// Changes whenever the table is emptied; a storage placed at another epoch is re-placed.
  @exclusivity(unchecked) private(set) var epoch: UInt64 = 0
  /// Records evaluated since the table was made (every frame adds the records it
  /// computed), for tests that count work rather than time it.
  @exclusivity(unchecked) package private(set) var evaluations = 0
  /// The stamp a record takes when its value changes in the pass under way: the
  /// context's `evaluatedFrames` the values will be seen at (set before every walk or
  /// replay). Non-decreasing.
  @exclusivity(unchecked) var changeStamp = 0

  init() {
    capacity = 64
    records = .allocate(capacity: capacity)
  }

  deinit {
    records.deinitialize(count: count)
    records.deallocate()
  }

  /// Empties the table when more than half of it is garbage (call before a walk).
  func compactIfNeeded() {
    guard garbage > 256 && garbage * 2 > count else { return }
    records.deinitialize(count: count)
    count = 0
    garbage = 0
    epoch &+= 1
    owners.removeAll(keepingCapacity: true)
    curves.removeAll(keepingCapacity: true)
    solvers.removeAll(keepingCapacity: true)
    keyValues.removeAll(keepingCapacity: true)
    keyTimes.removeAll(keepingCapacity: true)
    keyCurves.removeAll(keepingCapacity: true)
  }

  /// Whether the records of the layer whose frame-loop entry is `e` are current: placed
  /// in this table since it was last emptied, from the layer's animations at `revision`
  /// (its `LayerAnimationStorage.revision`).
  @inline(__always)
  func holds(_ e: LayerEvaluationTable.Entry, revision: UInt64) -> Bool {
    e.flatEpoch == epoch && e.flatRevision == revision
  }

  /// The first record of `s`'s animations (in `entries` order), appending them first when
  /// they are not current; `e` is the layer's frame-loop entry, which records where they
  /// are.
  @inline(__always)
  func place(
    _ s: LayerAnimationStorage, at e: UnsafeMutablePointer<LayerEvaluationTable.Entry>
  ) -> UnsafeMutablePointer<FlatTrack> {
    if holds(e.pointee, revision: s.revision) { return records + e.pointee.flatStart }
    return append(s, at: e)
  }

  private func append(
    _ s: LayerAnimationStorage, at e: UnsafeMutablePointer<LayerEvaluationTable.Entry>
  ) -> UnsafeMutablePointer<FlatTrack> {
    if e.pointee.flatEpoch == epoch { garbage += e.pointee.flatCount }
    let entries = s.entries
    reserve(count + entries.count)
    let start = count
    for entry in entries {
      let t = entry.lifecycle
      (records + count).initialize(to: record(for: t))
      count += 1
      owners.append(t)
    }
    e.pointee.flatEpoch = epoch
    e.pointee.flatRevision = s.revision
    e.pointee.flatStart = start
    e.pointee.flatCount = entries.count
    return records + start
  }

  /// Counts `n` records of a layer that left the tree as garbage.
  func discard(_ n: Int) { garbage += n }

  private func reserve(_ n: Int) {
    guard n > capacity else { return }
    let grown = Swift.max(n, capacity * 2)
    let fresh = UnsafeMutablePointer<FlatTrack>.allocate(capacity: grown)
    fresh.moveInitialize(from: records, count: count)
    records.deallocate()
    records = fresh
    capacity = grown
  }

  private func curveIndex(_ c: TimingCurve?) -> Int32 {
    guard let c else { return -1 }
    if let i = curves.prefix(32).firstIndex(of: c) { return Int32(i) }
    curves.append(c)
    return Int32(curves.count - 1)
  }

  private func record(for t: AnimationTrack) -> FlatTrack {
    var kind = FlatTrack.Kind.object
    var from = SIMD4<Double>.zero
    var delta = SIMD4<Double>.zero
    var curve: Int32 = -1
    var aux: Int32 = 0
    var keyCount: Int32 = 0
    var cumulative = false
    if let (source, isCumulative) = t.flatSource() {
      cumulative = isCumulative
      switch source {
      case .basic(let a, let z, let c):
        kind = .basic
        (from, delta, curve) = (a, z - a, curveIndex(c))
      case .spring(let a, let z, let solver):
        kind = .spring
        (from, delta, aux) = (a, z - a, Int32(solvers.count))
        solvers.append(solver)
      case .keyframes(let values, let times, let c, let segmentCurves):
        kind = .keyframes
        (from, delta, curve) = (values[0], values[values.count - 1] - values[0], curveIndex(c))
        (aux, keyCount) = (Int32(keyValues.count), Int32(values.count))
        keyValues.append(contentsOf: values)
        keyTimes.append(contentsOf: times)
        for i in values.indices {
          keyCurves.append(i < segmentCurves.count ? curveIndex(segmentCurves[i]) : -1)
        }
      case .discrete(let values, let times, let c):
        kind = .discrete
        (from, delta, curve) = (values[0], values[values.count - 1] - values[0], curveIndex(c))
        (aux, keyCount) = (Int32(keyValues.count), Int32(times.count))
        // The three pools stay the same length, so that one start indexes them all.
        let n = Swift.max(values.count, times.count)
        keyValues.append(contentsOf: values)
        keyTimes.append(contentsOf: times)
        keyValues.append(contentsOf: repeatElement(.zero, count: n - values.count))
        keyTimes.append(contentsOf: repeatElement(1, count: n - times.count))
        keyCurves.append(contentsOf: repeatElement(-1, count: n))
      }
      // A change too large for a Double (−1e308 to 1e308) is interpolated by the track
      // object, whose `interpolateLinearly` does not overflow.
      if !(delta.x.isFinite && delta.y.isFinite && delta.z.isFinite && delta.w.isFinite) {
        kind = .object
      }
    }
    var r = FlatTrack(
      timing: t.timing, from: from, delta: delta, track: .passUnretained(t), kind: kind,
      isCumulative: cumulative,
      curve: curve, aux: aux, keyCount: keyCount)
    r.changedAt = changeStamp
    r.sync(from: t)
    return r
  }

  /// The record of `track`, the animation at `position` in its layer's `entries`, if
  /// the layer's records (frame-loop entry `e`) were placed in this table (searching
  /// them when its animations changed since).
  func record(of track: AnimationTrack, at position: Int, in e: LayerEvaluationTable.Entry)
    -> UnsafeMutablePointer<FlatTrack>?
  {
    guard e.flatEpoch == epoch else { return nil }
    let base = records + e.flatStart
    let id = Unmanaged.passUnretained(track).toOpaque()
    if position < e.flatCount, base[position].track.toOpaque() == id { return base + position }
    for k in 0..<e.flatCount where base[k].track.toOpaque() == id { return base + k }
    return nil
  }

  /// Whether any record of the layer whose frame-loop entry is `e` (animations at
  /// `revision`) changed after stamp `stamp`; true when they are not current in this
  /// table (nothing is then known).
  func changed(_ e: LayerEvaluationTable.Entry, revision: UInt64, since stamp: Int) -> Bool {
    guard holds(e, revision: revision) else { return true }
    let base = records + e.flatStart
    for k in 0..<e.flatCount where base[k].changedAt > stamp { return true }
    return false
  }

  /// Computes ready record `r`'s value in state `e` (applied): from its lanes, or for an
  /// `.object` record through the track object (`model` gives the owner's model state,
  /// read only when a value needs it).
  @inline(__always)
  func evaluate(
    _ r: UnsafeMutablePointer<FlatTrack>, _ e: MediaTiming.Evaluation,
    model: () -> LayerState
  ) {
    evaluations &+= 1
    if r.pointee.kind == .object {
      evaluateObject(r, e, model: model)
    } else {
      computeValue(r, e)
    }
  }

  /// The track object's value in state `e`, kept in the object (`materialize(into:)`
  /// writes it), with the record stamped when the value or whether it shows moved.
  @inline(never)
  func evaluateObject(
    _ r: UnsafeMutablePointer<FlatTrack>, _ e: MediaTiming.Evaluation,
    model: () -> LayerState
  ) {
    let t = r.pointee.track.takeUnretainedValue()
    t.evaluate(e, modelState: model)
    r.pointee.setState(.object, changed: t.frameChanged, stamp: changeStamp)
  }

  /// Hides ready record `r` for a frame whose layer timing does not apply (the track
  /// object too, for an `.object` record, as the object path hides it).
  @inline(__always)
  func hide(_ r: UnsafeMutablePointer<FlatTrack>) {
    r.pointee.setState(.hidden, stamp: changeStamp)
    if r.pointee.kind == .object {
      let t = r.pointee.track.takeUnretainedValue()
      t.frameChanged = t.isShowing
      t.isShowing = false
    }
  }

  /// `evaluate(_:_:)` without counting it (the track object counted it already).
  @inline(__always)
  func computeValue(_ r: UnsafeMutablePointer<FlatTrack>, _ e: MediaTiming.Evaluation) {
    var v: SIMD4<Double>
    let p = e.progress
    switch r.pointee.kind {
    case .basic:
      let c = r.pointee.curve
      let f = c >= 0 ? curves[Int(c)].evaluate(p) : p
      v = r.pointee.from + r.pointee.delta * f
    case .spring:
      let f = solvers[Int(r.pointee.aux)].fraction(at: p * r.pointee.timing.duration)
      v = r.pointee.from + r.pointee.delta * f
    case .keyframes:
      let c = r.pointee.curve
      let f = c >= 0 ? curves[Int(c)].evaluate(p) : p
      v = keyframeValue(start: Int(r.pointee.aux), count: Int(r.pointee.keyCount), at: f)
    case .discrete:
      let c = r.pointee.curve
      let f = c >= 0 ? curves[Int(c)].evaluate(p) : p
      let start = Int(r.pointee.aux)
      let i = keyTimes.withUnsafeBufferPointer {
        KeyframeTiming.discreteIndex(
          f, times: UnsafeBufferPointer(rebasing: $0[start..<start + Int(r.pointee.keyCount)]))
      }
      v = keyValues[start + i]
    case .object:
      return
    }
    if r.pointee.isCumulative && e.iteration > 0 {
      // The value one repeat ends on, once per completed repeat (`PropertyProgram`).
      let passEnd =
        r.pointee.timing.autoreverses ? r.pointee.from : r.pointee.from + r.pointee.delta
      v = v + passEnd * Double(e.iteration)
    }
    // An overflowing value (NaN or an infinity in any lane) never reaches the
    // presentation: the record hides, so the value below it shows.
    guard all((v - v) .== .zero) else {
      r.pointee.setState(.hidden, stamp: changeStamp)
      FlatTrackTable.reportOverflow(r)
      return
    }
    if r.pointee.state != .flat || any(r.pointee.result .!= v) { r.pointee.changedAt = changeStamp }
    r.pointee.result = v
    r.pointee.state = .flat
  }

  /// Records, once per record, that its value overflowed and the value below shows.
  @inline(never)
  static func reportOverflow(_ r: UnsafeMutablePointer<FlatTrack>) {
    guard !r.pointee.didReportOverflow else { return }
    r.pointee.didReportOverflow = true
    r.pointee.track.takeUnretainedValue().reportOverflow()
  }

  /// Linear keyframes at pass fraction `f`, each segment through its own timing curve,
  /// as `KeyframeSampler.value(at:)` computes them.
  @inline(__always)
  private func keyframeValue(start: Int, count n: Int, at f: Double) -> SIMD4<Double> {
    keyTimes.withUnsafeBufferPointer { allTimes in
      let times = UnsafeBufferPointer(rebasing: allTimes[start..<start + n])
      var lo = 0
      var u = 0.0
      if f <= times[0] {
        (lo, u) = (0, 0)
      } else if f >= times[n - 1] {
        (lo, u) = (n - 2, 1)
      } else {
        var hi = n - 1
        while hi - lo > 1 {
          let mid = (lo + hi) / 2
          if times[mid] <= f { lo = mid } else { hi = mid }
        }
        let span = times[lo + 1] - times[lo]
        u = span > 0 ? (f - times[lo]) / span : 1
        let segmentCurve = keyCurves[start + lo]
        if segmentCurve >= 0 { u = curves[Int(segmentCurve)].evaluate(u) }
      }
      let a = keyValues[start + lo]
      let b = keyValues[start + lo + 1]
      return SIMD4(
        interpolateLinearly(a.x, b.x, u), interpolateLinearly(a.y, b.y, u),
        interpolateLinearly(a.z, b.z, u),
        interpolateLinearly(a.w, b.w, u))
    }
  }
}

import Foundation

/// One animation attached to a layer: the private copy, its compiled track and its
/// lifecycle flags.
package final class LayerAnimationEntry {
  /// The key it was added under (a unique internal key when added with nil).
  package let key: String
  /// Whether the caller gave no key (such entries are not listed by `animationKeys()`).
  package let isAnonymous: Bool
  /// The copy made by `add(_:forKey:)`.
  package let animation: CAAnimation
  /// The compiled animation, or nil when it cannot change anything.
  package let track: AnimationTrack?
  /// The object the frame loop reads: the track, or for an animation that changes
  /// nothing an inert track carrying only its timing and lifecycle.
  package let lifecycle: AnimationTrack
  /// The timing, stamped at the commit that starts the animation.
  package var timing: MediaTiming {
    get { lifecycle.timing }
    set { lifecycle.setTiming(newValue) }
  }
  /// Order of addition within the context, for ordering delegate callbacks.
  package var sequence: UInt64 = 0
  package var isCommitted: Bool {
    get { lifecycle.isCommitted }
    set { lifecycle.isCommitted = newValue }
  }
  /// The animation's `isRemovedOnCompletion`, read at commit.
  package var isRemovedOnCompletion: Bool {
    get { lifecycle.isRemovedOnCompletion }
    set { lifecycle.isRemovedOnCompletion = newValue }
  }
  package var didStart: Bool {
    get { lifecycle.didStart }
    set { lifecycle.didStart = newValue }
  }
  package var didStop = false
  /// Whether the active interval has ended and the animation is to be removed.
  package var isFinished: Bool {
    get { lifecycle.isFinished }
    set { lifecycle.isFinished = newValue }
  }
  /// The completion groups of the transactions it was added in, told when it stops.
  package var completionToken: TransactionCompletionToken?

  package init(key: String, isAnonymous: Bool, animation: CAAnimation, track: AnimationTrack?) {
    self.key = key
    self.isAnonymous = isAnonymous
    self.animation = animation
    self.track = track
    lifecycle = track ?? AnimationTrack(timing: animation.mediaTiming)
    lifecycle.setTiming(animation.mediaTiming)
  }
}

/// A layer's animations and timing bookkeeping: animations in add order, and for
/// presentation copies the model layer.
package final class LayerAnimationStorage {
  /// Attached animations, in add order.
  package var entries: [LayerAnimationEntry] = [] {
    didSet {
      lifecyclesAreStale = true
      flatIsStale = true
    }
  }
  /// Where the frame loop keeps this layer's records (`FlatTrackTable.place`): the table,
  /// its epoch then, the first record and the count; stale after `entries` changes.
  @exclusivity(unchecked) package var flatTable: FlatTrackTable?
  @exclusivity(unchecked) package var flatEpoch: UInt64 = 0
  @exclusivity(unchecked) package var flatStart = 0
  @exclusivity(unchecked) package var flatCount = 0
  @exclusivity(unchecked) package var flatIsStale = true
  /// `entries`' lifecycle tracks, contiguous, for the frame loop (rebuilt after a change).
  package private(set) var lifecycles: ContiguousArray<AnimationTrack> = []
  private var lifecyclesAreStale = false

  /// Rebuilds `lifecycles` if `entries` changed; allocates only then.
  @inline(__always)
  package func refreshLifecycles() {
    guard lifecyclesAreStale else { return }
    lifecyclesAreStale = false
    lifecycles = ContiguousArray(entries.map(\.lifecycle))
  }
  /// The context whose root this layer is (only set on a root layer).
  package weak var hostingContext: CAContext?
  /// For a presentation copy: the model layer it presents.
  package weak var modelLayer: CALayer?
  /// The layer these animations belong to (set by the first evaluation).
  package weak var owner: CALayer?
  /// Whether `owner` was set (a weak load per frame costs more than this flag).
  @exclusivity(unchecked) package var hasOwner = false
  /// Whether any animation showed at the context's last evaluation.
  @exclusivity(unchecked) package var hasPresentationState = false
  /// Whether the layer's subtree (sublayers and masks, nested, the layer included) had
  /// anything for the frame loop to evaluate at the last walk that visited it: an
  /// animation, an emitter or a replicator. True until a walk says otherwise.
  @exclusivity(unchecked) package var subtreeIsTimed = true

  /// The presentation state at the context's last evaluation: the owner's model state
  /// with the values each showing animation computed written over it, in add order.
  /// Nil when no animation shows (the model state is then the presentation).
  ///
  /// Evaluation keeps each animation's value in its context's `FlatTrackTable` record
  /// (or, for tracks evaluated through the object, in the track); this assembles the full
  /// state on demand, so read it once per frame.
  package var presentationState: LayerState? {
    guard hasPresentationState, let layer = owner else { return nil }
    var state = layer.state
    writePresentation(into: &state)
    return state
  }

  /// Writes the value each showing animation computed at the context's last evaluation
  /// over `state`, in add order: given the owner's model state, this leaves the
  /// presentation state in place, without the copy `presentationState` makes.
  ///
  /// While the context's table holds the layer's records (in `entries` order), it reads
  /// them alone: no entry is retained and no lifecycle forwarded.
  package func writePresentation(into state: inout LayerState) {
    let table = flatTable
    if let table, table.holds(self) {
      let base = table.records + flatStart
      for k in 0..<flatCount {
        let r = base + k
        switch r.pointee.state {
        case .hidden: continue
        case .flat:
          let lanes = r.pointee.result
          r.pointee.track._withUnsafeGuaranteedRef { $0.materialize(flat: lanes, into: &state) }
        case .object:
          r.pointee.track._withUnsafeGuaranteedRef {
            if $0.isCommitted { $0.materialize(into: &state) }
          }
        }
      }
      return
    }
    for (i, entry) in entries.enumerated() where entry.isCommitted {
      guard let track = entry.track else { continue }
      guard let r = table?.record(of: track, at: i, in: self) else {
        track.materialize(into: &state)
        continue
      }
      switch r.pointee.state {
      case .hidden: break
      case .flat: track.materialize(flat: r.pointee.result, into: &state)
      case .object: track.materialize(into: &state)
      }
    }
  }

  /// Whether any animation's value, or whether it shows, may have changed since the
  /// evaluation numbered `evaluation` (`CAContext.evaluatedFrames`): false only when
  /// every record of the layer in its context's `FlatTrackTable` is known unchanged, so
  /// that a presentation state written then over an unchanged model is still current.
  package func presentationChanged(since evaluation: Int) -> Bool {
    guard let table = flatTable else { return true }
    return table.changed(self, since: evaluation)
  }

  /// The layer's local time at the last evaluation, and whether it applied then (kept in
  /// the context's `FlatTimingPlan` while this layer is in its current recording).
  package var localTime: Double {
    get { isInCurrentPlan ? plan.unsafelyUnwrapped.localTimes[planSlot] : ownLocalTime }
    set { ownLocalTime = newValue }
  }
  package var isTimeApplied: Bool {
    get { isInCurrentPlan ? plan.unsafelyUnwrapped.applied[planSlot] : ownIsTimeApplied }
    set { ownIsTimeApplied = newValue }
  }
  @exclusivity(unchecked) private var ownLocalTime: Double = 0
  @exclusivity(unchecked) private var ownIsTimeApplied = false
  /// Where the last walk recorded this layer: the plan, its epoch then and the index.
  @exclusivity(unchecked) package var plan: FlatTimingPlan?
  @exclusivity(unchecked) package var planEpoch: UInt64 = 0
  @exclusivity(unchecked) package var planSlot = 0
  /// Whether a change of only the owner's `beginTime`, `speed` or `timeOffset` can be
  /// taken into its context's plan (`retimePlan`): the layer is in the plan's current
  /// recording.
  package var canRetimePlan: Bool { isInCurrentPlan }

  /// Writes the owner's new `beginTime`, `speed` and `timeOffset` (in `state`) into its
  /// node of the context's current plan (see `FlatTimingPlan.retime`).
  package func retimePlan(from state: LayerState) {
    guard isInCurrentPlan else { return }
    plan.unsafelyUnwrapped.retime(at: planSlot, from: state)
  }

  private var isInCurrentPlan: Bool {
    guard let plan else { return false }
    return plan.epoch == planEpoch && planSlot < plan.count
  }
  /// Counter for anonymous keys.
  package var anonymousCounter: UInt64 = 0

  package init() {}

  /// The entry under `key`, if any.
  package func entry(forKey key: String) -> LayerAnimationEntry? {
    entries.first { $0.key == key }
  }
}

import Foundation

/// What the context's last evaluation left for each layer of its tree, read by the render
/// tree, presentation copies and actions. The answers live in the context
/// (`LayerEvaluationTable`, `FlatTrackTable`, `FlatTimingPlan`), never in the layer; a
/// layer the context has not evaluated (outside its tree, or a presentation copy) has
/// no presentation state and local time 0.
extension CAContext {
  /// The presentation state of `layer` at the last evaluation: its model state with the
  /// value each showing animation computed written over it, in add order; nil when no
  /// animation showed (the model state is then the presentation).
  ///
  /// Assembled on each call from the records, so read it once per frame.
  package func presentationState(of layer: CALayer) -> LayerState? {
    guard let i = evaluations.index(of: layer) else { return nil }
    return presentationState(of: layer, layer.animationStorage, evaluations.entries[i])
  }

  /// `presentationState(of:)` with the layer's storage and entry at hand.
  func presentationState(
    of layer: CALayer, _ s: LayerAnimationStorage, _ e: LayerEvaluationTable.Entry
  ) -> LayerState? {
    guard e.hasPresentationState else { return nil }
    var state = layer.state
    writePresentation(s, e, into: &state)
    return state
  }

  /// Whether any animation of `layer` showed at the last evaluation.
  package func hasPresentationState(_ layer: CALayer) -> Bool {
    guard let i = evaluations.index(of: layer) else { return false }
    return evaluations.entries[i].hasPresentationState
  }

  /// Writes the value each showing animation of `layer` computed at the last evaluation
  /// over `state`, in add order: given the layer's model state, this leaves the
  /// presentation state in place, without the copy `presentationState(of:)` makes.
  package func writePresentation(of layer: CALayer, into state: inout LayerState) {
    guard let i = evaluations.index(of: layer) else { return }
    writePresentation(layer.animationStorage, evaluations.entries[i], into: &state)
  }

  /// While the flat table holds the layer's records (in `entries` order), reads them
  /// alone: no entry is retained and no lifecycle forwarded.
  private func writePresentation(
    _ s: LayerAnimationStorage, _ e: LayerEvaluationTable.Entry, into state: inout LayerState
  ) {
    if flatTable.holds(e, revision: s.revision) {
      let base = flatTable.records + e.flatStart
      for k in 0..<e.flatCount {
        let r = base + k
        switch r.pointee.state {
        case .hidden: continue
        case .flat:
          let lanes = r.pointee.result
          // The table retains every track it points to (`FlatTrackTable.owners`).
          r.pointee.track._withUnsafeGuaranteedRef { $0.materialize(flat: lanes, into: &state) }
        case .object:
          r.pointee.track._withUnsafeGuaranteedRef {
            if $0.isCommitted { $0.materialize(into: &state) }
          }
        }
      }
      return
    }
    for (i, entry) in s.entries.enumerated() where entry.isCommitted {
      guard let track = entry.track else { continue }
      guard let r = flatTable.record(of: track, at: i, in: e) else {
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

  /// Whether any animation value of `layer`, or whether it shows, may have changed since
  /// the evaluation numbered `evaluation` (`evaluatedFrames`): false only when every
  /// record of the layer is known unchanged, so that a presentation state written then
  /// over an unchanged model is still current.
  package func presentationChanged(of layer: CALayer, since evaluation: Int) -> Bool {
    guard let i = evaluations.index(of: layer) else { return true }
    return flatTable.changed(
      evaluations.entries[i], revision: layer.animationStorage.revision, since: evaluation)
  }

  /// `layer`'s local time at the last evaluation that visited it, in seconds (0 when
  /// none did): the plan's copy while the layer is in its current recording.
  package func localTime(of layer: CALayer) -> Double {
    guard let i = evaluations.index(of: layer) else { return 0 }
    let e = evaluations.entries[i]
    return isInCurrentPlan(e) ? plan.localTimes[e.planSlot] : e.localTime
  }

  /// Whether `layer`'s timing applied at the last evaluation that visited it (false when
  /// none did).
  package func isTimeApplied(of layer: CALayer) -> Bool {
    guard let i = evaluations.index(of: layer) else { return false }
    let e = evaluations.entries[i]
    return isInCurrentPlan(e) ? plan.applied[e.planSlot] : e.isTimeApplied
  }

  /// The index of `layer`'s node in the plan's current recording, if it is in it.
  func planIndex(of layer: CALayer) -> Int? {
    guard let i = evaluations.index(of: layer), isInCurrentPlan(evaluations.entries[i])
    else { return nil }
    return evaluations.entries[i].planSlot
  }

  /// `layer`'s records in the flat table (in `entries` order) while they are current.
  func records(of layer: CALayer) -> UnsafeMutableBufferPointer<FlatTrack>? {
    guard let i = evaluations.index(of: layer) else { return nil }
    let e = evaluations.entries[i]
    guard flatTable.holds(e, revision: layer.animationStorage.revision) else { return nil }
    return UnsafeMutableBufferPointer(start: flatTable.records + e.flatStart, count: e.flatCount)
  }

  @inline(__always)
  private func isInCurrentPlan(_ e: LayerEvaluationTable.Entry) -> Bool {
    e.planEpoch == plan.epoch && e.planSlot < plan.count
  }
}

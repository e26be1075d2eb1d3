import Foundation

/// The frame loop's walk over the tree: each layer's local time, its animations' values
/// and lifecycle, recorded in the frame plan (see `CAContext.updatePresentation()`).
extension CAContext {
  /// Computes `layer`'s local time and presentation state, then its subtree's.
  ///
  /// Each showing animation computes its value into its record in the context's flat
  /// table (read in walk order, without touching the track object while nothing can
  /// happen to its lifecycle); no layer state is copied.
  /// `presentationState(of:)` assembles a layer's state from the model
  /// and those values when it is read, and a record whose value or visibility moved
  /// takes the pass's change stamp (`FlatTrack.changedAt`), so that a render tree kept
  /// between frames rewrites only the layers whose values moved.
  /// What the walk learns about a layer goes into its entry in ``evaluations``, never into
  /// the layer.
  /// - Returns: whether anything in the subtree is timed (see `isUntimed`), kept in the
  ///   layer's entry (`LayerEvaluationTable.Entry.subtreeIsTimed`).
  @discardableResult
  func walk(
    _ layer: CALayer, parentTime tp: Double, parentApplied: Bool, parentIndex: Int, committing: Bool
  ) -> Bool {
    visitedLayers &+= 1
    let s = layer.animationStorage
    let slot = evaluations.slot(for: layer)
    if walksWholeTree { evaluations.seen(slot) }
    // Valid until the subtree's walk below, which may give new layers slots (and grow
    // the buffer); nothing before it does.
    let ev = evaluations.entries + slot
    let beginTime = layer.state.beginTime
    let timeOffset = layer.state.timeOffset
    var local = (tp - beginTime) * Double(layer.state.speed) + timeOffset
    var applied = parentApplied
    if tp < beginTime {
      let fill = layer.state.fillMode
      if fill == .backwards || fill == .both {
        local = timeOffset
      } else {
        applied = false
      }
    }
    if !local.isFinite { applied = false }
    ev.pointee.localTime = local
    ev.pointee.isTimeApplied = applied
    let fillMode = layer.state.fillMode
    let index = plan.append(
      FlatTimingPlan.Node(
        layer: Unmanaged.passUnretained(layer),
        parent: Int32(truncatingIfNeeded: parentIndex), recordStart: 0, recordCount: 0,
        fillsBackwards: fillMode == .backwards || fillMode == .both, beginTime: beginTime,
        speed: Double(layer.state.speed), timeOffset: timeOffset),
      localTime: local, isApplied: applied)
    ev.pointee.planEpoch = plan.epoch
    ev.pointee.planSlot = index
    if !hasAnimations(s, ev.pointee) {
      ev.pointee.hasPresentationState = false
    } else {
      ev.pointee.hasPresentationState = true
      var showing = false
      var anyFinished = false
      let records = flatTable.place(s, at: ev)
      let recordCount = ev.pointee.flatCount
      plan.setRecords(at: index, start: ev.pointee.flatStart, count: recordCount)
      for index in 0..<recordCount {
        let r = records + index
        if r.pointee.isReady {
          // Committed: a frame that raises no event (see `FlatTrack.step(at:)`) needs the
          // record alone. A hidden record keeps the layer's presentation state assembled
          // (`showing`), so that a replay may show it again without a walk.
          guard applied else {
            flatTable.hide(r)
            showing = true
            continue
          }
          let e = r.pointee.evaluateTiming(parentTime: local)
          switch r.pointee.step(at: e) {
          case .evaluate:
            flatTable.evaluate(r, e, model: { layer.state })
            showing = true
            continue
          case .hide:
            flatTable.hide(r)
            showing = true
            continue
          case .lifecycle: break
          }
        }
        // The track object decides this frame: the plan cannot stand for this walk.
        plan.isUsable = false
        let t = r.pointee.track.takeUnretainedValue()
        var inRecord = false
        defer {
          r.pointee.sync(from: t)
          if !inRecord {
            let shows = t.isShowing
            let changed = shows && t.frameChanged
            r.pointee.setState(
              shows ? .object : .hidden, changed: changed, stamp: flatTable.changeStamp)
          }
        }
        if !t.isCommitted {
          guard committing else { continue }
          let entry = s.entries[index]
          if !t.isInert, let shown = presentationState(of: layer, s, ev.pointee) {
            t.capturePrevious(from: shown)
            entry.capturedPresentation = shown
          }
          if t.timing.beginTime == 0 {
            // The copy the layer holds shows the stamped time too (`animation(forKey:)`).
            t.timing.beginTime = local
            entry.animation.beginTime = local
          }
          t.isRemovedOnCompletion = entry.animation.isRemovedOnCompletion
          t.isCommitted = true
        }
        guard applied else {
          t.frameChanged = t.isShowing
          t.isShowing = false
          continue
        }
        let e = t.timing.evaluate(parentTime: local)
        // An animation that ends this frame and is removed on completion no longer shows.
        if e.shows(removedOnCompletion: t.isRemovedOnCompletion) && !t.isInert {
          t.evaluate(e, modelState: { layer.state })
          objectEvaluations &+= 1
          showing = true
          if r.pointee.kind != .object {
            // The record's value too (the same, by `FlatLanes`), so that the frames after
            // this one, evaluated from the record, compare with it.
            flatTable.computeValue(r, e)
            inRecord = true
          }
        } else {
          t.frameChanged = t.isShowing
          t.isShowing = false
        }
        if committing { continue }
        if !t.didStart && e.phase != .before {
          t.didStart = true
          events.append(LifecycleEvent(entry: s.entries[index], isStart: true))
        }
        if e.phase == .after && !t.isFinished {
          t.isFinished = true
          events.append(LifecycleEvent(entry: s.entries[index], isStart: false))
          if t.isRemovedOnCompletion { anyFinished = true }
        }
      }
      ev.pointee.hasPresentationState = showing
      if anyFinished { removals.append(s) }
    }
    // Deep trees continue on a fresh stack segment (`StackReserve`). Nothing the walk
    // calls can change the tree (delegates and completion blocks run after it).
    // A sublayer whose subtree had nothing timed at the last full walk is skipped while
    // nothing was attached or removed anywhere since (`walksWholeTree`).
    var timed = !isUntimed(layer, ev.pointee)
    for child in layer.children {
      if !walksWholeTree && !subtreeIsTimed(child) { continue }
      let t = StackReserve.ensure {
        walk(
          child, parentTime: local, parentApplied: applied, parentIndex: index,
          committing: committing)
      }
      timed = timed || t
    }
    if let mask = layer.maskLayer, walksWholeTree || subtreeIsTimed(mask) {
      let t = StackReserve.ensure {
        walk(
          mask, parentTime: local, parentApplied: applied, parentIndex: index,
          committing: committing)
      }
      timed = timed || t
    }
    evaluations.entries[slot].subtreeIsTimed = timed
    return timed
  }

  /// Whether `layer`'s subtree had anything timed at the last walk that visited it (true
  /// when no walk did).
  @inline(__always)
  private func subtreeIsTimed(_ layer: CALayer) -> Bool {
    guard let i = evaluations.index(of: layer) else { return true }
    return evaluations.entries[i].subtreeIsTimed
  }

  /// Whether `layer` on its own needs no visit from the frame loop: no animation
  /// attached, and nothing it draws depends on its local time (an emitter's particles
  /// and a replicator's instance delays do).
  @inline(__always)
  private func isUntimed(_ layer: CALayer, _ e: LayerEvaluationTable.Entry) -> Bool {
    !hasAnimations(layer.animationStorage, e) && !type(of: layer).frameTraits.drawsOverTime
  }

  /// Whether `s` has animations attached (`e` is its layer's entry). The table's count
  /// stands for `entries.count` while it is current (reading the array itself would be
  /// one more cache miss per layer).
  @inline(__always)
  private func hasAnimations(_ s: LayerAnimationStorage, _ e: LayerEvaluationTable.Entry) -> Bool {
    flatTable.holds(e, revision: s.revision) ? e.flatCount != 0 : !s.entries.isEmpty
  }

  /// Decides whether the walk about to start visits every layer: a commit's walk does,
  /// and so does any walk after a sublayer, mask or animation was attached or removed
  /// in the tree (its `LayerChangeLog.attachments` moved) or under another root; the
  /// others skip subtrees that had nothing timed (`LayerEvaluationTable.Entry.subtreeIsTimed`)
  /// at the last walk that visited them, since only such a change could give them
  /// something to evaluate. Skipped layers keep the local time of their last visit.
  func beginWalk(_ root: CALayer, log: LayerChangeLog, committing: Bool) {
    let attachments = log.attachments
    walksWholeTree =
      committing || attachments != wholeWalkAttachments || log !== wholeWalkLog
      || root !== wholeWalkRoot
    if walksWholeTree {
      wholeWalkAttachments = attachments
      wholeWalkLog = log
      wholeWalkRoot = root
      evaluations.beginWholeWalk()
    }
  }

  /// Ends a walk: after one that visited every layer, frees the entries of the layers it
  /// did not meet (they left the tree or were released); after one that skipped subtrees
  /// but still had to hand out slots, makes the next walk a whole one.
  func endWalk() {
    if walksWholeTree {
      evaluations.endWholeWalk(table: flatTable)
    } else if evaluations.assignedSinceWholeWalk > 0 {
      wholeWalkAttachments = .max  // the next walk visits every layer
    }
  }
}

import Foundation

/// A layer tree driven by a clock: commits model changes and evaluates the presentation.
///
/// Creating a context makes it the current context of the creating thread; the tree is
/// confined to that thread. A layer has a presentation only while it is in the tree of a
/// context that has committed.
///
/// ```swift
/// let clock = CAManualClock()
/// let context = CAContext(clock: clock)
/// let layer = CALayer()
/// context.layer = layer
/// context.commit()
/// layer.add(fade, forKey: "fade")
/// context.advance(by: 0.125)   // commits at t = 0, then time is 0.125
/// layer.presentation()?.opacity
/// ```
///
/// One frame at time t (`advance(by:)`, or the first `presentation()` at a new time):
/// 1. state evaluation: top-down, every committed animation's value at its layer's
///    local time, kept in its compiled track (a layer's presentation state is assembled
///    from its model state and those values, in add order, when read);
/// 2. removals: animations whose active interval ended (unless `isRemovedOnCompletion`
///    is false) are detached;
/// 3. delegate callbacks, in add order across the tree: stops of animations removed or
///    replaced since the last frame (`finished == false`), then for each animation that
///    started this frame `animationDidStart`, and for each that ended
///    `animationDidStop(finished: true)`;
/// 4. completion blocks of the transactions whose animations have all ended (see the
///    Transactions and Actions article);
/// 5. in `advance(by:)`, the attached display links.
/// Steps 3 to 5 are the frame's one callback point (the "One Frame, Stage by Stage"
/// article), on the tree's thread, before a renderer's layout and display.
/// `commit()` (and so `advance(by:)`) first flushes the thread's implicit transaction,
/// which hands the tree commit its turn; a transaction that added no animation runs its
/// completion block at the end of that commit.
/// Callbacks run after the frame's state is complete, so they may add or remove
/// animations and change properties; those changes show at the next commit.
public final class CAContext {
  /// The clock the context reads.
  public let clock: any CAClock
  /// The root layer of the context's tree.
  public var layer: CALayer? {
    didSet {
      if oldValue !== layer, let old = oldValue, old.animationStorage.hostingContext === self {
        old.animationStorage.hostingContext = nil
      }
      layer?.animationStorage.hostingContext = self
      invalidate()
    }
  }

  /// Whether the context has committed since it got its tree.
  package private(set) var hasCommitted = false
  /// The root, its tree's change log and the log's change count at the end of the last
  /// committing walk: while all are unchanged, a commit has nothing to do.
  private weak var committedRoot: CALayer?
  private var committedLog: LayerChangeLog?
  private var committedChanges: UInt64 = .max
  /// `FlatTimingPlan.retimes` at the last commit: layer timing changes the plan took in
  /// place count, like model changes, from the next commit.
  private var committedRetimes: UInt64 = 0
  /// How many commits walked the tree (those with something to stamp or capture).
  package private(set) var commitWalks = 0
  /// The tree's `LayerChangeLog.attachments` at the last commit that walked it.
  package private(set) var committedAttachments: UInt64 = .max
  /// Bumped by every commit and every animation change: the presentation cache key.
  package private(set) var generation: UInt64 = 0
  private var sequence: UInt64 = 0
  /// The clock time and generation of the last evaluated frame (set only by evaluation).
  private(set) var evaluatedTime = Double.nan
  @exclusivity(unchecked) private var objectEvaluations = 0
  /// Frames of the presentation evaluated (`updatePresentation` calls that computed a new
  /// frame) since the context was made, for tests that count work rather than time it.
  package private(set) var evaluatedFrames = 0
  /// Animation values computed since the context was made, over all frames: each showing
  /// animation counts once per frame it is evaluated in.
  package var evaluatedAnimations: Int { flatTable.evaluations + objectEvaluations }
  private(set) var evaluatedGeneration: UInt64 = .max
  var events: [LifecycleEvent] = []
  var pendingStops: [LayerAnimationEntry] = []
  var removals: [LayerAnimationStorage] = []
  /// The presentation copies by model layer, built for the frame `presentationKey` names
  /// (see `CAContext+PresentationLayers`).
  var presentationLayers: [ObjectIdentifier: CALayer] = [:]
  var presentationKey: (time: Double, generation: UInt64) = (.nan, .max)
  /// Every attached animation as a flat record, in walk order (see `FlatTrackTable`).
  private let flatTable = FlatTrackTable()
  /// The tree in walk order with each layer's timing, replayed by a steady frame.
  private let plan = FlatTimingPlan()
  /// Layers visited by walks since the context was made, for tests that count work.
  @exclusivity(unchecked) package private(set) var visitedLayers = 0
  /// Whether the walk under way visits every layer (see `beginWalk`), and the
  /// attachment count, log and root of the last walk that did.
  @exclusivity(unchecked) private var walksWholeTree = true
  private var wholeWalkAttachments: UInt64 = .max
  private var wholeWalkLog: LayerChangeLog?
  private weak var wholeWalkRoot: CALayer?
  /// The attached `CADisplayLink`s, fired at the end of every `advance(by:)`.
  package let displayLinks = DisplayLinkList()

  struct LifecycleEvent {
    var entry: LayerAnimationEntry
    var isStart: Bool
  }

  /// Creates a context reading `clock` (default the system clock) and makes it the
  /// current context of this thread.
  public init(clock: any CAClock = CASystemClock()) {
    self.clock = clock
    events.reserveCapacity(64)
    removals.reserveCapacity(64)
    makeCurrent()
  }

  // MARK: - Current context

  private final class WeakBox {
    weak var context: CAContext?
    init(_ c: CAContext) { context = c }
  }

  private static let threadKey = "LayerKit.CAContext.current"

  /// The current thread's context, if it still exists.
  public static var current: CAContext? {
    (Thread.current.threadDictionary[threadKey] as? WeakBox)?.context
  }

  /// Makes this context the current thread's (held weakly).
  public func makeCurrent() {
    Thread.current.threadDictionary[Self.threadKey] = WeakBox(self)
  }

  // MARK: - Commit and time

  /// The clock's current time, in seconds.
  public var time: CFTimeInterval { clock.time }

  /// Commits what is pending at the current time: newly added animations start (a
  /// `beginTime` of 0 is stamped with the layer's local time now; a basic animation with
  /// no values captures the presentation value now), and the tree gets a presentation.
  ///
  /// A commit with nothing new since the previous one (no model, tree or animation change
  /// in the tree: its `LayerChangeLog` unmoved, no layer timing taken into the frame plan
  /// (`FlatTimingPlan.retime`), the same root) has nothing to stamp or
  /// capture, so it returns without walking the tree; a frame loop that commits every
  /// frame then pays only for the evaluation. A commit after changes of model values
  /// only (no sublayer, mask or animation attached or removed in the tree:
  /// `LayerChangeLog.attachments` unmoved) has no new animation either: it only
  /// starts a new generation, so the next evaluation walks the tree with the new values
  /// (a scrub that sets `timeOffset` each frame walks once a frame, not twice).
  public func commit() {
    TransactionThread.current.flush(thenCommit: commitTree)
  }

  /// The tree commit, the stage after the transaction flush: stamps and captures what
  /// was added since the last commit (see ``commit()``). Called by the flush of the
  /// thread's transaction and never calls back into it.
  package func commitTree() {
    if hasCommitted, let root = layer, root === committedRoot, let log = committedLog,
      log === root.treeChangeLog
    {
      if committedChanges == log.changes && committedRetimes == plan.retimes {
        return
      }
      if committedAttachments == log.attachments {
        generation &+= 1
        committedChanges = log.changes
        committedRetimes = plan.retimes
        return
      }
    }
    hasCommitted = true
    generation &+= 1
    guard let root = layer else { return }
    commitWalks &+= 1
    flatTable.compactIfNeeded()
    // Values computed now are first seen by the next evaluation.
    flatTable.changeStamp = evaluatedFrames &+ 1
    let log = root.treeChangeLog
    plan.beginRecording(tableEpoch: flatTable.epoch, log: log)
    beginWalk(root, log: log, committing: true)
    walk(root, parentTime: clock.time, parentApplied: true, parentIndex: -1, committing: true)
    generation &+= 1
    committedRoot = root
    committedLog = log
    committedChanges = log.changes
    committedRetimes = plan.retimes
    committedAttachments = log.attachments
  }

  /// Commits what is pending at the current time, then moves the clock by `seconds` and
  /// evaluates the frame at the new time (starts, ends, removals, delegate callbacks).
  ///
  /// Only a `CAManualClock` can be moved; with any other clock the seconds are ignored
  /// and the frame is evaluated at the clock's own time. Attached `CADisplayLink`s then
  /// fire, with the clock's new time as their timestamp.
  public func advance(by seconds: CFTimeInterval) {
    commit()
    (clock as? CAManualClock)?.advance(by: seconds)
    updatePresentation()
    displayLinks.fire(at: clock.time)
  }

  /// Starts a new generation and records an attachment in the tree's log: the root
  /// changed, or an animation was attached or removed.
  package func invalidate() {
    generation &+= 1
    layer?.treeChangeLog.recordAttachment()
  }

  package func nextSequence() -> UInt64 {
    sequence &+= 1
    return sequence
  }

  package func enqueueStop(_ entry: LayerAnimationEntry) {
    pendingStops.append(entry)
    generation &+= 1
    layer?.treeChangeLog.recordAttachment()
  }

  // MARK: - Evaluation

  /// Evaluates the frame at the clock's current time unless it already was: every
  /// attached layer's presentation state, then removals and delegate callbacks.
  ///
  /// A frame host calls it once per frame; `presentation()` and `advance(by:)` call it
  /// too. The result is cached per clock time and tree generation (every commit and
  /// animation change starts a new generation), so repeated calls in one frame are free;
  /// in steady state an evaluation allocates nothing.
  /// - Returns: false when the tree has no presentation (no root, or never committed).
  @discardableResult
  public func updatePresentation() -> Bool {
    guard hasCommitted, let root = layer else { return false }
    let t = clock.time
    if t == evaluatedTime && generation == evaluatedGeneration && pendingStops.isEmpty {
      return true
    }
    evaluatedFrames &+= 1
    flatTable.changeStamp = evaluatedFrames
    // Nothing structural changed since a walk that needed no track object: one pass over
    // the plan and the records, without reading a layer.
    let log = root.treeChangeLog
    if plan.isUsable && pendingStops.isEmpty && plan.isCurrent(for: log)
      && plan.tableEpoch == flatTable.epoch && plan.replay(at: t, table: flatTable)
    {
      evaluatedTime = t
      evaluatedGeneration = generation
      finishFrame()
      return true
    }
    flatTable.compactIfNeeded()
    plan.beginRecording(tableEpoch: flatTable.epoch, log: log)
    beginWalk(root, log: log, committing: false)
    walk(root, parentTime: t, parentApplied: true, parentIndex: -1, committing: false)
    evaluatedTime = t
    evaluatedGeneration = generation
    finishFrame()
    return true
  }

  /// Computes `layer`'s local time and presentation state, then its subtree's.
  ///
  /// Each showing animation computes its value into its record in the context's flat
  /// table (read in walk order, without touching the track object while nothing can
  /// happen to its lifecycle); no layer state is copied.
  /// `LayerAnimationStorage.presentationState` assembles a layer's state from the model
  /// and those values when it is read, and a record whose value or visibility moved
  /// takes the pass's change stamp (`FlatTrack.changedAt`), so that a render tree kept
  /// between frames rewrites only the layers whose values moved.
  /// - Returns: whether anything in the subtree is timed (see `isUntimed`), kept as the
  ///   layer's `LayerAnimationStorage.subtreeIsTimed`.
  @discardableResult
  private func walk(
    _ layer: CALayer, parentTime tp: Double, parentApplied: Bool, parentIndex: Int, committing: Bool
  ) -> Bool {
    visitedLayers &+= 1
    let s = layer.animationStorage
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
    s.localTime = local
    s.isTimeApplied = applied
    let fillMode = layer.state.fillMode
    let index = plan.append(
      FlatTimingPlan.Node(
        layer: Unmanaged.passUnretained(layer),
        parent: Int32(truncatingIfNeeded: parentIndex), recordStart: 0, recordCount: 0,
        fillsBackwards: fillMode == .backwards || fillMode == .both, beginTime: beginTime,
        speed: Double(layer.state.speed), timeOffset: timeOffset),
      localTime: local, isApplied: applied)
    if s.plan !== plan { s.plan = plan }
    s.planEpoch = plan.epoch
    s.planSlot = index
    if !hasAnimations(s) {
      s.hasPresentationState = false
    } else {
      if !s.hasOwner {
        s.owner = layer
        s.hasOwner = true
      }
      s.hasPresentationState = true
      var showing = false
      var anyFinished = false
      let records = flatTable.place(s)
      plan.setRecords(at: index, start: s.flatStart, count: s.flatCount)
      for index in 0..<s.flatCount {
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
          if !t.isInert, let shown = s.presentationState { t.capturePrevious(from: shown) }
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
        if e.isApplied && !(e.phase == .after && t.isRemovedOnCompletion) && !t.isInert {
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
      s.hasPresentationState = showing
      if anyFinished { removals.append(s) }
    }
    // Deep trees continue on a fresh stack segment (`StackReserve`). The sublayers are
    // read in place and unretained: `layer` holds its sublayer array, and nothing the
    // walk calls can change the tree (delegates and completion blocks run after it).
    // A sublayer whose subtree had nothing timed at the last full walk is skipped while
    // nothing was attached or removed anywhere since (`walksWholeTree`).
    var timed = !isUntimed(layer)
    let count = layer.children.count
    for k in 0..<count {
      unowned(unsafe) let child = layer.children[k]
      if !walksWholeTree && !child.animationStorage.subtreeIsTimed { continue }
      let t = StackReserve.ensure {
        walk(
          child, parentTime: local, parentApplied: applied, parentIndex: index,
          committing: committing)
      }
      timed = timed || t
    }
    if let mask = layer.maskLayer, walksWholeTree || mask.animationStorage.subtreeIsTimed {
      let t = StackReserve.ensure {
        walk(
          mask, parentTime: local, parentApplied: applied, parentIndex: index,
          committing: committing)
      }
      timed = timed || t
    }
    s.subtreeIsTimed = timed
    return timed
  }

  /// Whether `layer` on its own needs no visit from the frame loop: no animation
  /// attached, and nothing it draws depends on its local time (an emitter's particles
  /// and a replicator's instance delays do).
  @inline(__always)
  private func isUntimed(_ layer: CALayer) -> Bool {
    !hasAnimations(layer.animationStorage) && !(layer is CAEmitterLayer)
      && !(layer is CAReplicatorLayer)
  }

  /// Whether `s` has animations attached. The table's count stands for `entries.count`
  /// while it is current (reading the array itself would be one more cache miss per
  /// layer).
  @inline(__always)
  private func hasAnimations(_ s: LayerAnimationStorage) -> Bool {
    flatTable.holds(s) ? s.flatCount != 0 : !s.entries.isEmpty
  }

  /// Decides whether the walk about to start visits every layer: a commit's walk does,
  /// and so does any walk after a sublayer, mask or animation was attached or removed
  /// in the tree (its `LayerChangeLog.attachments` moved) or under another root; the
  /// others skip subtrees that had nothing timed (`LayerAnimationStorage.subtreeIsTimed`)
  /// at the last walk that visited them, since only such a change could give them
  /// something to evaluate. Skipped layers keep the local time of their last visit.
  private func beginWalk(_ root: CALayer, log: LayerChangeLog, committing: Bool) {
    let attachments = log.attachments
    walksWholeTree =
      committing || attachments != wholeWalkAttachments || log !== wholeWalkLog
      || root !== wholeWalkRoot
    if walksWholeTree {
      wholeWalkAttachments = attachments
      wholeWalkLog = log
      wholeWalkRoot = root
    }
  }
}

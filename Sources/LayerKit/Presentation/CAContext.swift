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
  /// The log's `LayerChangeLog.retimes` at the last commit: layer timing changes the
  /// plan took in place count, like model changes, from the next commit.
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
  var objectEvaluations = 0
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
  let flatTable = FlatTrackTable()
  /// The tree in walk order with each layer's timing, replayed by a steady frame.
  let plan = FlatTimingPlan()
  /// What the frame loop knows about each layer of the tree (see `LayerEvaluationTable`).
  package let evaluations = LayerEvaluationTable()
  /// Layers visited by walks since the context was made, for tests that count work.
  /// Unchecked, with `walksWholeTree`: touched once per layer of every walk, only on the
  /// context's thread and never across a call.
  @exclusivity(unchecked) package internal(set) var visitedLayers = 0
  /// Whether the walk under way visits every layer (see `beginWalk`), and the
  /// attachment count, log and root of the last walk that did.
  @exclusivity(unchecked) var walksWholeTree = true
  var wholeWalkAttachments: UInt64 = .max
  var wholeWalkLog: LayerChangeLog?
  weak var wholeWalkRoot: CALayer?
  /// The attached `CADisplayLink`s, fired at the end of every `advance(by:)`.
  package let displayLinks = DisplayLinkList()

  struct LifecycleEvent {
    var entry: LayerAnimationEntry
    var isStart: Bool
  }

  /// Creates a context reading `clock` (default the system clock) and makes it the
  /// current context of this thread.
  public convenience init(clock: any CAClock = CASystemClock()) {
    self.init(clock: clock, becomesCurrent: true)
  }

  /// Creates a context reading `clock`, made the current thread's only when
  /// `becomesCurrent` (a render thread's replica of a tree is current only while it is
  /// brought up to date).
  package init(clock: any CAClock, becomesCurrent: Bool) {
    self.clock = clock
    events.reserveCapacity(64)
    removals.reserveCapacity(64)
    if becomesCurrent { makeCurrent() }
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

  /// Runs `body` with this context current on this thread, then makes the context that
  /// was current before (or none) current again.
  package func whileCurrent<T>(_ body: () throws -> T) rethrows -> T {
    let dictionary = Thread.current.threadDictionary
    let before = dictionary[Self.threadKey]
    makeCurrent()
    defer { dictionary[Self.threadKey] = before }
    return try body()
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
    takeRetimes()
    if hasCommitted, let root = layer, root === committedRoot, let log = committedLog,
      log === root.treeChangeLog
    {
      if committedChanges == log.changes && committedRetimes == log.retimes {
        return
      }
      if committedAttachments == log.attachments {
        generation &+= 1
        committedChanges = log.changes
        committedRetimes = log.retimes
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
    endWalk()
    generation &+= 1
    committedRoot = root
    committedLog = log
    committedChanges = log.changes
    committedRetimes = log.retimes
    committedAttachments = log.attachments
  }

  /// Takes the timing-only changes the tree's log holds (`LayerChangeLog.recordRetime`)
  /// into the plan's nodes (commits and evaluations do this first).
  func takeRetimes() {
    if let root = layer { takeRetimes(from: root.treeChangeLog) }
  }

  /// Takes `log`'s timing-only changes into the plan's nodes; a change of a layer the
  /// current recording does not hold leaves the next frame to a walk instead.
  private func takeRetimes(from log: LayerChangeLog) {
    guard !log.pendingRetimes.isEmpty else { return }
    log.takeRetimes { r in
      let e = evaluations.entries
      let i = Int(r.slot.index)
      guard r.slot.table == ObjectIdentifier(evaluations), i >= 0, i < evaluations.count,
        e[i].layer == r.layer, e[i].planEpoch == plan.epoch, e[i].planSlot < plan.count
      else {
        plan.isUsable = false
        return
      }
      plan.retime(at: e[i].planSlot, to: r)
    }
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
    takeRetimes(from: log)
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
    endWalk()
    evaluatedTime = t
    evaluatedGeneration = generation
    finishFrame()
    return true
  }
}

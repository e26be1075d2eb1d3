/// The changes made to one layer tree, counted: what a context's commit and evaluation,
/// and a renderer's render-tree update, read to know whether anything changed since they
/// last looked.
///
/// A tree's log is held by its root layer (the layer with no superlayer that masks no
/// layer) and made the first time a change or a reader asks for it
/// (``CALayer/treeChangeLog``). A root that becomes a sublayer or a mask gives its log up:
/// from then on the tree's log is its new root's. A reader keeps the log it read with its
/// counts, and takes another log than last time as "everything may have changed".
///
/// Nothing is shared between trees: changes on one thread, or in one test, never move
/// another tree's counts, so every frame takes the same path on every run.
///
/// Counts only grow (wrapping after 2⁶⁴ changes). A tree belongs to the thread of its
/// context, and so does its log.
package final class LayerChangeLog {
  /// Changes that can alter how a frame walks the tree: a layer's model values (its
  /// timing among them, unless taken into the frame plan in place), its sublayers or mask,
  /// and its attached animations.
  package private(set) var changes: UInt64 = 0
  /// The changes among ``changes`` other than model values: sublayers, masks, attached or
  /// stopped animations, emitter cells.
  package private(set) var attachments: UInt64 = 0
  /// The newest render-change stamp handed out (``nextRenderStamp()``); 0 before the first.
  package private(set) var renderStamp: UInt64 = 0
  /// Changes of only a layer's `beginTime`, `speed` or `timeOffset` recorded
  /// (``recordRetime(_:)``), counted apart from ``changes``: the tree's context takes them
  /// into its frame plan in place (or walks the tree when it cannot).
  package private(set) var retimes: UInt64 = 0
  /// The retimes not yet taken by the tree's context (``takeRetimes(_:)``), oldest
  /// first; at most ``retimeCapacity``.
  package private(set) var pendingRetimes: [Retime] = []
  /// How many retimes wait at most; a timing change beyond them is a model change.
  package static let retimeCapacity = 64

  /// A layer's new timing, as a timing-only change leaves it.
  package struct Retime {
    /// The layer, and the frame-loop slot it held when it changed (its
    /// `LayerAnimationStorage.evaluationSlot`), which its context validates.
    package var layer: ObjectIdentifier
    package var slot: LayerEvaluationTable.Slot
    /// Parent time, seconds.
    package var beginTime: Double
    package var speed: Double
    /// Local time, seconds.
    package var timeOffset: Double
  }

  /// Whether a stage that only reads the tree is running: the render-tree build or the
  /// compositing of a frame (`CARenderer` seals the log around them). Nothing may write
  /// to a layer of the tree meanwhile; a write that does is counted in ``sealedWrites``.
  package var isSealed = false
  /// Changes to the tree's layers (model values, sublayers, display and layout marks,
  /// backing stores, tiles) made while the log was sealed: 0 unless a stage after the
  /// display stage wrote to a layer. Tests read it.
  package private(set) var sealedWrites = 0

  /// Counts a write to a layer of the tree when the log is sealed.
  @inline(__always)
  package func noteWrite() { if isSealed { sealedWrites &+= 1 } }

  /// A log whose first stamp is newer than `stamp` (the newest stamp of the tree it is
  /// made for, from its earlier logs).
  package init(after stamp: UInt64 = 0) { renderStamp = stamp }

  /// Makes the next stamp newer than `stamp`: a tree joining this log's brings stamps
  /// from its own log, and every stamp in a tree must be no newer than its log's.
  @inline(__always)
  package func advance(past stamp: UInt64) { renderStamp = Swift.max(renderStamp, stamp) }

  /// Records a change of model values only (no sublayer, mask or animation attached or
  /// removed): a commit then has no new animation to stamp, and skips its walk.
  @inline(__always)
  package func recordModelChange() { changes &+= 1 }

  /// Records an attachment: a sublayer, mask, animation or emitter cell attached or
  /// removed, a stopped animation, or a new root.
  @inline(__always)
  package func recordAttachment() {
    changes &+= 1
    attachments &+= 1
  }

  /// Whether a timing-only change can be recorded as a retime (fewer than
  /// ``retimeCapacity`` wait); otherwise record it as a model change.
  @inline(__always)
  package var canRecordRetime: Bool { pendingRetimes.count < Self.retimeCapacity }

  /// Records a change of only a layer's `beginTime`, `speed` or `timeOffset`, with its
  /// new values (see ``retimes``). Check ``canRecordRetime`` first.
  package func recordRetime(_ retime: Retime) {
    retimes &+= 1
    pendingRetimes.append(retime)
  }

  /// Hands each waiting retime to `body`, oldest first, and forgets them.
  package func takeRetimes(_ body: (Retime) -> Void) {
    for r in pendingRetimes { body(r) }
    pendingRetimes.removeAll(keepingCapacity: true)
  }

  /// A new render-change stamp, newer than every stamp this log handed out before.
  @inline(__always)
  package func nextRenderStamp() -> UInt64 {
    renderStamp &+= 1
    return renderStamp
  }
}

extension CALayer {
  /// The root of the tree this layer is in: the last of its superlayers and masked layers,
  /// or the layer itself.
  ///
  /// - Complexity: O(depth).
  package var treeRoot: CALayer {
    var top = self
    while let up = top.parentLayer ?? top.maskedLayer { top = up }
    return top
  }

  /// The change log of the tree this layer is in: its root's, made when first asked for.
  ///
  /// - Complexity: O(depth).
  package var treeChangeLog: LayerChangeLog {
    let root = treeRoot
    if let log = root.ownChangeLog { return log }
    let log = LayerChangeLog(after: root.subtreeRenderChangeStamp)
    root.ownChangeLog = log
    return log
  }

  /// What a change to a layer counts as in its tree's log.
  package enum ChangeKind {
    /// A model value changed: counted in ``LayerChangeLog/changes``, and what the layer
    /// draws may have changed.
    case model
    /// A sublayer or the mask was attached or removed: counted in
    /// ``LayerChangeLog/attachments`` too, and what the layer draws may have changed.
    case structure
    /// An animation or emitter cell was attached or removed: counted in
    /// ``LayerChangeLog/attachments``; the render tree notices it by the count alone.
    case attachment
    /// What the layer draws may have changed, counted nowhere else: its display is due,
    /// or its timing changed in a way the frame plan takes in place.
    case drawing
  }

  /// Records a change of this layer in its tree's log. A change of what it draws gives it
  /// a new ``renderChangeStamp`` and gives it and every layer above it (superlayers, and
  /// the layer a mask masks) that stamp as their ``subtreeRenderChangeStamp``, so a
  /// builder that read the log's ``LayerChangeLog/renderStamp`` when it last started
  /// knows, per layer, whether anything of the layer or of its subtree changed since.
  ///
  /// Presentation copies are snapshots no context walks: their changes are not recorded.
  /// - Complexity: O(depth).
  package func recordChange(_ kind: ChangeKind) {
    guard !isPresentationCopy else { return }
    let log = treeChangeLog
    log.noteWrite()
    switch kind {
    case .model: log.recordModelChange()
    case .structure, .attachment: log.recordAttachment()
    case .drawing: break
    }
    guard kind != .attachment else { return }
    let stamp = log.nextRenderStamp()
    renderChangeStamp = stamp
    var layer: CALayer? = self
    while let l = layer {
      l.subtreeRenderChangeStamp = stamp
      layer = l.parentLayer ?? l.maskedLayer
    }
  }

  /// Gives up the change log this layer holds as a tree's root, when it becomes a
  /// sublayer or the mask of `parent`: the tree it joins has its own, whose stamps then
  /// continue after this subtree's.
  package func joinTree(of parent: CALayer) {
    ownChangeLog = nil
    parent.treeChangeLog.advance(past: subtreeRenderChangeStamp)
  }
}

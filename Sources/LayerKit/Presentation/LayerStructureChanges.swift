import Synchronization

/// A process-wide count of changes that can alter how a frame walks the tree: a layer's
/// model state (its timing among it), its sublayers or mask, and its attached animations.
///
/// `FlatTimingPlan` is only replayed while the count is where it was when the plan was
/// recorded; a change on any thread makes every context walk its tree again once (a
/// conservative, never a stale, answer).
package enum LayerStructureChanges {
  private static let counter = Atomic<UInt64>(0)

  /// The current count.
  @inline(__always)
  package static var current: UInt64 { counter.load(ordering: .relaxed) }

  private static let attachmentCounter = Atomic<UInt64>(0)

  /// The count of changes other than model values (see ``bumpModel()``): sublayers,
  /// masks, attached animations, stopped animations, emitter cells.
  @inline(__always)
  package static var attachments: UInt64 { attachmentCounter.load(ordering: .relaxed) }

  /// Records a change (counted in ``attachments`` too).
  @inline(__always)
  package static func bump() {
    counter.wrappingAdd(1, ordering: .relaxed)
    attachmentCounter.wrappingAdd(1, ordering: .relaxed)
  }

  /// Records a change of model values only (no sublayer, mask or animation attached or
  /// removed): a commit then has no new animation to stamp, and skips its walk.
  @inline(__always)
  package static func bumpModel() { counter.wrappingAdd(1, ordering: .relaxed) }
}

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

  /// Records a change.
  @inline(__always)
  package static func bump() { counter.wrappingAdd(1, ordering: .relaxed) }
}

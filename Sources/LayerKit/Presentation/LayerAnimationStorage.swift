import Foundation

/// A layer's animations (Core Animation's `animations` dictionary, in add order) and the
/// links its model needs: the context whose root it is, and for a presentation copy the
/// model layer it presents.
///
/// Nothing here belongs to the frame loop: what a context's evaluator knows about the
/// layer (its records, its place in the frame plan, its local time, whether an animation
/// shows) lives in the context's ``LayerEvaluationTable``. The layer keeps only the slot
/// number the context handed out (``evaluationSlot``), which the context validates on
/// every read, so a layer moved to another context, or a context released, leaves
/// nothing dangling.
package final class LayerAnimationStorage {
  /// Attached animations, in add order.
  package var entries: [LayerAnimationEntry] = [] {
    didSet { revision &+= 1 }
  }
  /// The revision of ``entries``: moves with every change of the collection (an
  /// animation attached, replaced or removed), so that a reader that placed the
  /// animations earlier knows whether they are the same. Part of the collection, as an
  /// array's mutation count is; wraps after 2⁶⁴ changes.
  package private(set) var revision: UInt64 = 0
  /// The context whose root this layer is (only set on a root layer).
  package weak var hostingContext: CAContext?
  /// For a presentation copy: the model layer it presents.
  package weak var modelLayer: CALayer?
  /// The slot a context's ``LayerEvaluationTable`` handed out for this layer (see there).
  /// Unchecked: read for every layer of every walk and render-node rewrite; written only
  /// by the table's `assign`, on the context's thread, while nothing else reads it.
  @exclusivity(unchecked) package var evaluationSlot = LayerEvaluationTable.Slot()
  /// Counter for anonymous keys.
  package var anonymousCounter: UInt64 = 0

  package init() {}

  /// The entry under `key`, if any.
  package func entry(forKey key: String) -> LayerAnimationEntry? {
    entries.first { $0.key == key }
  }
}

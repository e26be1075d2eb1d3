import Foundation

/// What a context's frame loop knows about each layer of its tree, one entry per layer in
/// one contiguous buffer owned by the context: where the layer's animation records are in
/// the `FlatTrackTable`, where it is in the `FlatTimingPlan`, its local time at the last
/// evaluation, and whether any animation showed then.
///
/// A layer is given a slot the first time a walk meets it; the layer keeps only the slot
/// number and this table's identity (``Slot``, in its `LayerAnimationStorage`). Every read
/// checks both, and that the entry still names the layer, so a layer that moved to
/// another context's tree, or whose context was released, is simply given a new slot.
/// After every walk that visits the whole tree, the slots of layers it did not meet
/// (removed from the tree, or released) are freed and their records counted as garbage
/// in the flat table, so the table holds at most the tree's layers plus those removed
/// since the last whole walk.
///
/// Touched only on the context's thread.
package final class LayerEvaluationTable {
  /// A slot number as a layer keeps it: the table that handed it out and the index.
  package struct Slot: Equatable {
    /// The table's identity (nil: never given one).
    var table: ObjectIdentifier?
    var index: Int32 = -1
  }

  /// One layer's frame-loop state.
  struct Entry {
    /// The layer the slot belongs to; nil while the slot is free.
    var layer: ObjectIdentifier?
    /// The flat table's epoch and the layer's `LayerAnimationStorage.revision` when its
    /// records were placed, and where they are (see `FlatTrackTable.place`).
    var flatEpoch: UInt64 = .max
    var flatRevision: UInt64 = 0
    var flatStart = 0
    var flatCount = 0
    /// The plan's epoch when the last walk recorded the layer, and its node index then.
    var planEpoch: UInt64 = .max
    var planSlot = 0
    /// The layer's local time at its last visit (seconds), and whether its timing
    /// applied then; the plan's copy is newer while the layer is in the current recording.
    var localTime = 0.0
    var isTimeApplied = false
    /// Whether any animation showed at the last evaluation that visited the layer.
    var hasPresentationState = false
    /// Whether the layer's subtree (sublayers and masks, nested, the layer included) had
    /// anything for the frame loop to evaluate at the last walk that visited it: an
    /// animation, an emitter or a replicator. True until a walk says otherwise.
    var subtreeIsTimed = true
    /// The whole walk that last met the layer (``beginWholeWalk()``).
    var seenInWalk: UInt64 = 0
  }

  /// The entries. The pointer is read by the walk once per layer; the field skips the
  /// dynamic exclusivity check (a thread-local lookup per access): it is only touched on
  /// the context's thread, and no call made while an entry is borrowed grows the buffer
  /// (only ``slot(for:)`` does, and the walk takes the pointer after it).
  @exclusivity(unchecked) private(set) var entries: UnsafeMutablePointer<Entry>
  /// The slots in use. Unchecked, with `wholeWalk`: read for every layer of every walk
  /// and every render-node rewrite (callgrind: about a dozen runtime access checks per
  /// layer a frame otherwise); both are written only by this table's own methods, on the
  /// context's thread, none of which calls out while it holds them.
  @exclusivity(unchecked) private(set) var count = 0
  private var capacity: Int
  private var free: [Int] = []
  /// The number of the whole walk under way.
  @exclusivity(unchecked) private var wholeWalk: UInt64 = 0
  /// Slots handed out since the last whole walk began. A walk that skips subtrees hands
  /// out none unless a layer changed contexts without an attachment being logged (a tree
  /// shared by two contexts): the context then makes its next walk a whole one, which
  /// frees what the other slots held, so the table stays bounded.
  private(set) var assignedSinceWholeWalk = 0

  init() {
    capacity = 64
    entries = .allocate(capacity: capacity)
  }

  deinit {
    entries.deinitialize(count: count)
    entries.deallocate()
  }

  /// The index of `layer`'s entry, or nil when this table has none for it.
  @inline(__always)
  func index(of layer: CALayer) -> Int? {
    let slot = layer.animationStorage.evaluationSlot
    guard slot.table == ObjectIdentifier(self) else { return nil }
    let i = Int(slot.index)
    guard i < count, entries[i].layer == ObjectIdentifier(layer) else { return nil }
    return i
  }

  /// The index of `layer`'s entry, handing out a slot first when it has none here.
  @inline(__always)
  func slot(for layer: CALayer) -> Int {
    if let i = index(of: layer) { return i }
    return assign(layer)
  }

  private func assign(_ layer: CALayer) -> Int {
    assignedSinceWholeWalk += 1
    let i: Int
    if let reused = free.popLast() {
      i = reused
    } else {
      if count == capacity { grow() }
      i = count
      (entries + i).initialize(to: Entry())
      count += 1
    }
    entries[i] = Entry(layer: ObjectIdentifier(layer), seenInWalk: wholeWalk)
    layer.animationStorage.evaluationSlot = Slot(
      table: ObjectIdentifier(self), index: Int32(truncatingIfNeeded: i))
    return i
  }

  private func grow() {
    let grown = capacity * 2
    let fresh = UnsafeMutablePointer<Entry>.allocate(capacity: grown)
    fresh.moveInitialize(from: entries, count: count)
    entries.deallocate()
    entries = fresh
    capacity = grown
  }

  /// Starts a walk that visits every layer of the tree; the walk marks each entry it
  /// meets (`seen(_:)`), and ``endWholeWalk(table:)`` frees the others.
  func beginWholeWalk() {
    wholeWalk &+= 1
    assignedSinceWholeWalk = 0
  }

  /// Marks the entry at `i` met by the whole walk under way.
  @inline(__always)
  func seen(_ i: Int) { entries[i].seenInWalk = wholeWalk }

  /// Frees the entries the whole walk just finished did not meet: their layers left the
  /// tree or were released. Their records in `table` become garbage.
  func endWholeWalk(table: FlatTrackTable) {
    for i in 0..<count where entries[i].layer != nil && entries[i].seenInWalk != wholeWalk {
      if entries[i].flatEpoch == table.epoch { table.discard(entries[i].flatCount) }
      entries[i] = Entry()
      free.append(i)
    }
  }

  /// Entries in use (layers with a slot), for tests.
  package var liveCount: Int { count - free.count }
}

/// The edges of one fill, in memory that is kept (and only grown) between fills.
///
/// An `Array` append re-checks uniqueness and capacity through several calls for every
/// edge; a stroke outline appends hundreds of edges per shape, so the builder writes into
/// this buffer instead and the scan converter reads it as a plain pointer.
///
/// - Complexity: `append` is O(1) amortised; `removeAll` is O(1) and keeps the memory.
package final class RasterEdgeStorage {
  /// The first edge; valid for `count` edges until the next `append` or `removeAll`.
  @exclusivity(unchecked) package private(set) var base: UnsafeMutablePointer<RasterEdge>
  /// The number of stored edges.
  @exclusivity(unchecked) package private(set) var count = 0
  @exclusivity(unchecked) private var capacity: Int

  package init() {
    capacity = 256
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// Whether no edge is stored.
  package var isEmpty: Bool { count == 0 }

  /// Forgets every edge, keeping the memory.
  package func removeAll() { count = 0 }

  @inline(__always)
  package func append(_ e: RasterEdge) {
    if count == capacity { grow() }
    (base + count).initialize(to: e)
    count += 1
  }

  @inline(never)
  private func grow() {
    let bigger = UnsafeMutablePointer<RasterEdge>.allocate(capacity: capacity * 2)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity *= 2
  }
}

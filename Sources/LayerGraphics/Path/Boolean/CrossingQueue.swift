import Foundation

/// The pending crossings of a plane sweep: at most one per edge, the edge's crossing with
/// its right neighbour in the sweep-line status, in sweep order.
///
/// An indexed binary min-heap keyed by the crossing point in (y, x) order, ties broken by
/// the edge's index so that the order is deterministic. Because each edge holds at most one
/// entry, the queue never grows beyond the number of edges, and an entry that no longer
/// holds (its two edges stopped being neighbours) is replaced or removed in place instead
/// of waiting in the heap.
struct CrossingQueue {
  /// A queued crossing: its point in sweep order and the left edge.
  private struct Entry {
    var y: CGFloat
    var x: CGFloat
    var edge: Int32

    /// Whether this entry comes before `other`.
    @inline(__always)
    func precedes(_ other: Entry) -> Bool {
      if y != other.y { return y < other.y }
      if x != other.x { return x < other.x }
      return edge < other.edge
    }
  }

  /// The heap, keys inline so that sifting reads contiguous memory.
  private var heap: [Entry] = []
  /// Each edge's place in `heap`, or −1.
  private var slot: [Int32]
  /// The right neighbour each queued edge crosses.
  private(set) var partner: [Int32]

  /// A queue for edges `0..<count`, empty.
  init(count: Int) {
    slot = Array(repeating: -1, count: count)
    partner = Array(repeating: -1, count: count)
  }

  /// The edge whose crossing comes first, and that crossing, if any.
  var first: (edge: Int32, point: CGPoint)? {
    guard let e = heap.first else { return nil }
    return (e.edge, CGPoint(x: e.x, y: e.y))
  }

  /// Queues (or moves) edge `e`'s crossing with `right` at `point`.
  ///
  /// - Complexity: O(log n).
  mutating func set(_ e: Int32, at point: CGPoint, with right: Int32) {
    let i = Int(e)
    partner[i] = right
    let entry = Entry(y: point.y, x: point.x, edge: e)
    let k = Int(slot[i])
    if k < 0 {
      heap.append(entry)
      siftUp(entry, from: heap.count - 1)
    } else if entry.precedes(heap[k]) {
      siftUp(entry, from: k)
    } else {
      siftDown(entry, from: k)
    }
  }

  /// Drops edge `e`'s entry, if it has one.
  ///
  /// - Complexity: O(log n).
  mutating func remove(_ e: Int32) {
    let k = Int(slot[Int(e)])
    guard k >= 0 else { return }
    slot[Int(e)] = -1
    let last = heap.removeLast()
    guard k < heap.count else { return }
    if last.precedes(heap[k]) { siftUp(last, from: k) } else { siftDown(last, from: k) }
  }

  /// Places `entry` at `start` or above it.
  private mutating func siftUp(_ entry: Entry, from start: Int) {
    var k = start
    while k > 0 {
      let parent = (k - 1) / 2
      guard entry.precedes(heap[parent]) else { break }
      heap[k] = heap[parent]
      slot[Int(heap[k].edge)] = Int32(k)
      k = parent
    }
    heap[k] = entry
    slot[Int(entry.edge)] = Int32(k)
  }

  /// Places `entry` at `start` or below it.
  private mutating func siftDown(_ entry: Entry, from start: Int) {
    var k = start
    let n = heap.count
    while true {
      var child = 2 * k + 1
      guard child < n else { break }
      if child + 1 < n && heap[child + 1].precedes(heap[child]) { child += 1 }
      guard heap[child].precedes(entry) else { break }
      heap[k] = heap[child]
      slot[Int(heap[k].edge)] = Int32(k)
      k = child
    }
    heap[k] = entry
    slot[Int(entry.edge)] = Int32(k)
  }
}

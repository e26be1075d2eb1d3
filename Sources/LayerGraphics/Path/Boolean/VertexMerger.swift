import Foundation

/// Gives points within `snap` of each other one shared vertex index.
///
/// Points fall in grid cells twice the snap distance wide; a point is compared with the
/// vertices of the 3×3 cells around its own. The cells live in an open-addressing hash table
/// (linear probing, at most half full) whose slots hold the cell and its newest vertex; the
/// vertices of one cell are chained through `next`. No allocation per vertex or cell.
struct VertexMerger {
  let cell: CGFloat
  let snap: CGFloat
  private(set) var vertices: [CGPoint] = []
  /// The vertex added before each one in the same cell, or −1.
  private var next: [Int32] = []
  /// The table: each slot's cell and its newest vertex (−1: an empty slot).
  private var cells: [SIMD2<Int>]
  private var heads: [Int32]
  private var used = 0

  init(snap: CGFloat) {
    self.snap = snap
    self.cell = snap * 2
    cells = Array(repeating: .zero, count: 64)
    heads = Array(repeating: -1, count: 64)
  }

  private func key(_ p: CGPoint) -> SIMD2<Int> {
    let x = (p.x / cell).rounded(.down)
    let y = (p.y / cell).rounded(.down)
    let limit = CGFloat(Int.max / 4)
    return SIMD2(
      Int(Swift.max(-limit, Swift.min(limit, x.isNaN ? 0 : x))),
      Int(Swift.max(-limit, Swift.min(limit, y.isNaN ? 0 : y))))
  }

  /// The slot holding cell `k`, or the empty slot where it would go.
  @inline(__always)
  private func slot(_ k: SIMD2<Int>) -> Int {
    let mask = heads.count - 1
    let h = (k.x &* -7_046_029_254_386_353_131) ^ (k.y &* -4_658_895_280_553_007_687)
    var s = (h ^ (h >> 29)) & mask
    while heads[s] >= 0 && cells[s] != k { s = (s + 1) & mask }
    return s
  }

  /// The index of the vertex within `snap` of `p` (in both coordinates), adding `p` as a new
  /// vertex when there is none.
  ///
  /// - Complexity: O(1) expected.
  mutating func id(for p: CGPoint) -> Int {
    let k = key(p)
    for dx in -1...1 {
      for dy in -1...1 {
        var v = heads[slot(k &+ SIMD2(dx, dy))]
        while v >= 0 {
          let q = vertices[Int(v)]
          if abs(q.x - p.x) <= snap && abs(q.y - p.y) <= snap { return Int(v) }
          v = next[Int(v)]
        }
      }
    }
    if (used + 1) * 2 > heads.count { grow() }
    let s = slot(k)
    if heads[s] < 0 {
      used += 1
      cells[s] = k
    }
    vertices.append(p)
    next.append(heads[s])
    heads[s] = Int32(vertices.count - 1)
    return vertices.count - 1
  }

  /// Doubles the table, re-placing every cell.
  private mutating func grow() {
    let oldCells = cells
    let oldHeads = heads
    cells = Array(repeating: .zero, count: oldHeads.count * 2)
    heads = Array(repeating: -1, count: oldHeads.count * 2)
    for i in oldHeads.indices where oldHeads[i] >= 0 {
      let s = slot(oldCells[i])
      cells[s] = oldCells[i]
      heads[s] = oldHeads[i]
    }
  }
}

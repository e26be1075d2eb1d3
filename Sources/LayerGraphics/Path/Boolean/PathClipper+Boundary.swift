import Foundation

extension PathClipper {
  /// A directed edge of the result, with the result's interior on its left.
  struct BoundaryEdge {
    var from: Int
    var to: Int
    var source: Source
  }

  /// Merges the sweep's boundary pieces into the result's edges.
  ///
  /// Piece ends within `snap` of each other become one vertex. Pieces joining the same two
  /// vertices (coincident edges of either operand, or crossings that rounded together) are
  /// one group: a piece counts +1 one way and −1 the other, and the group bounds the result,
  /// in the direction of its sum, only when the sum is not zero. The coincident pieces of a
  /// group lie side by side in the sweep, so their counts telescope to the one boundary
  /// between the regions on the group's two outer sides (or to none).
  ///
  /// - Returns: the vertices and the result's edges between them, in first-seen order.
  /// - Complexity: O(m·d) expected for m pieces meeting at most d at a vertex.
  func boundary(of pieces: [BooleanSweep.Piece]) -> (vertices: [CGPoint], edges: [BoundaryEdge]) {
    var merger = VertexMerger(snap: snap)
    var groups: [(lo: Int, hi: Int, net: Int, source: Source)] = []
    // Each group is listed at its lower vertex: `first[v]` and then `next` chain them.
    var first: [Int32] = []
    var next: [Int32] = []
    for piece in pieces {
      let u = merger.id(for: piece.from)
      let v = merger.id(for: piece.to)
      guard u != v else { continue }
      let forward = u < v
      let lo = Swift.min(u, v)
      let hi = Swift.max(u, v)
      while first.count < merger.vertices.count { first.append(-1) }
      var g = first[lo]
      while g >= 0 && groups[Int(g)].hi != hi { g = next[Int(g)] }
      if g >= 0 {
        groups[Int(g)].net += forward ? 1 : -1
      } else {
        let s = piece.source
        let source = forward ? s : Source(curve: s.curve, t0: s.t1, t1: s.t0)
        groups.append((lo, hi, forward ? 1 : -1, source))
        next.append(first[lo])
        first[lo] = Int32(groups.count - 1)
      }
    }
    var out: [BoundaryEdge] = []
    for g in groups where g.net != 0 {
      if g.net > 0 {
        out.append(BoundaryEdge(from: g.lo, to: g.hi, source: g.source))
      } else {
        let s = g.source
        out.append(
          BoundaryEdge(from: g.hi, to: g.lo, source: Source(curve: s.curve, t0: s.t1, t1: s.t0)))
      }
    }
    return (merger.vertices, out)
  }
}

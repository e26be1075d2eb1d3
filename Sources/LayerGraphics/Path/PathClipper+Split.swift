import Foundation

extension PathClipper {
  /// The twice-signed area of triangle `a b c`: positive when `c` is left of `a→b`.
  @inline(__always)
  static func orient(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGFloat {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
  }

  /// The fraction along `a→b` where `q` lies, when `q` is within `snap` of the segment's
  /// interior (and farther than `snap` from both ends).
  @inline(__always)
  private func interiorFraction(of q: CGPoint, on a: CGPoint, _ b: CGPoint) -> CGFloat? {
    let dx = b.x - a.x, dy = b.y - a.y
    let len2 = dx * dx + dy * dy
    guard len2 > 0 else { return nil }
    let f = ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2
    guard f > 0, f < 1 else { return nil }
    let len = len2.squareRoot()
    guard f * len > snap, (1 - f) * len > snap else { return nil }
    let dist = abs(dx * (q.y - a.y) - dy * (q.x - a.x)) / len
    return dist <= snap ? f : nil
  }

  /// Records where edges `i` and `j` meet, as cut points on each.
  private func intersect(_ i: Int, _ j: Int, _ cuts: inout [[(f: CGFloat, p: CGPoint)]]) {
    let p1 = edges[i].a, p2 = edges[i].b, q1 = edges[j].a, q2 = edges[j].b
    if Swift.max(p1.y, p2.y) < Swift.min(q1.y, q2.y) - snap
      || Swift.max(q1.y, q2.y) < Swift.min(p1.y, p2.y) - snap
    {
      return
    }
    var touched = false
    if let f = interiorFraction(of: q1, on: p1, p2) {
      cuts[i].append((f, q1))
      touched = true
    }
    if let f = interiorFraction(of: q2, on: p1, p2) {
      cuts[i].append((f, q2))
      touched = true
    }
    if let f = interiorFraction(of: p1, on: q1, q2) {
      cuts[j].append((f, p1))
      touched = true
    }
    if let f = interiorFraction(of: p2, on: q1, q2) {
      cuts[j].append((f, p2))
      touched = true
    }
    if touched { return }
    let d1 = Self.orient(q1, q2, p1), d2 = Self.orient(q1, q2, p2)
    let d3 = Self.orient(p1, p2, q1), d4 = Self.orient(p1, p2, q2)
    guard (d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0), (d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0) else { return }
    let t = d1 / (d1 - d2)
    let u = d3 / (d3 - d4)
    let x = CGPoint(x: p1.x + (p2.x - p1.x) * t, y: p1.y + (p2.y - p1.y) * t)
    cuts[i].append((t, x))
    cuts[j].append((u, x))
  }

  /// Splits every edge at every meeting point and merges nearby points into vertices.
  ///
  /// - Returns: the vertices and the sub-edges between them (none of zero length).
  /// - Complexity: O(n log n + k) for n edges whose x-ranges overlap k times.
  func split() -> (vertices: [CGPoint], subEdges: [SubEdge]) {
    var cuts = [[(f: CGFloat, p: CGPoint)]](repeating: [], count: edges.count)
    let order = edges.indices.sorted {
      Swift.min(edges[$0].a.x, edges[$0].b.x) < Swift.min(edges[$1].a.x, edges[$1].b.x)
    }
    var active: [Int] = []
    for i in order {
      let minX = Swift.min(edges[i].a.x, edges[i].b.x)
      active.removeAll { Swift.max(edges[$0].a.x, edges[$0].b.x) < minX - snap }
      for j in active { intersect(i, j, &cuts) }
      active.append(i)
    }

    var merger = VertexMerger(snap: snap)
    var subEdges: [SubEdge] = []
    subEdges.reserveCapacity(edges.count + cuts.reduce(0) { $0 + $1.count })
    for (i, e) in edges.enumerated() {
      var points = cuts[i]
      points.append((0, e.a))
      points.append((1, e.b))
      points.sort { $0.f < $1.f }
      var prevID = merger.id(for: points[0].p)
      var prevF: CGFloat = 0
      for k in 1..<points.count {
        let id = merger.id(for: points[k].p)
        if id == prevID { continue }
        let f = points[k].f
        let s = e.source
        let src = Source(curve: s.curve, t0: s.t0 + (s.t1 - s.t0) * prevF, t1: s.t0 + (s.t1 - s.t0) * f)
        subEdges.append(SubEdge(u: prevID, v: id, operand: e.operand, source: src))
        prevID = id
        prevF = f
      }
    }
    return (merger.vertices, subEdges)
  }
}

/// Gives points within `snap` of each other one shared vertex index (a hash grid of
/// cells twice the snap distance; the 3×3 neighbouring cells are searched).
struct VertexMerger {
  let cell: CGFloat
  let snap: CGFloat
  var vertices: [CGPoint] = []
  private var grid: [SIMD2<Int>: [Int]] = [:]

  init(snap: CGFloat) {
    self.snap = snap
    self.cell = snap * 2
  }

  private func key(_ p: CGPoint) -> SIMD2<Int> {
    let x = (p.x / cell).rounded(.down), y = (p.y / cell).rounded(.down)
    let limit = CGFloat(Int.max / 4)
    return SIMD2(Int(Swift.max(-limit, Swift.min(limit, x))), Int(Swift.max(-limit, Swift.min(limit, y))))
  }

  mutating func id(for p: CGPoint) -> Int {
    let k = key(p)
    for dx in -1...1 {
      for dy in -1...1 {
        guard let list = grid[k &+ SIMD2(dx, dy)] else { continue }
        for v in list where abs(vertices[v].x - p.x) <= snap && abs(vertices[v].y - p.y) <= snap {
          return v
        }
      }
    }
    vertices.append(p)
    grid[k, default: []].append(vertices.count - 1)
    return vertices.count - 1
  }
}

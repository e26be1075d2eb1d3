import Foundation

extension PathClipper {
  /// A point where an edge is cut: its fraction along the edge, its position, and the
  /// source curve's parameter there.
  struct Cut {
    var f: CGFloat
    var p: CGPoint
    var t: CGFloat
  }

  /// The twice-signed area of triangle `a b c`: positive when `c` is left of `a→b`.
  @inline(__always)
  static func orient(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGFloat {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
  }

  /// The fraction along `a→b` where `q` lies, when `q` is within `snap` of the segment's
  /// interior (and farther than `snap` from both ends).
  @inline(__always)
  private func interiorFraction(of q: CGPoint, on a: CGPoint, _ b: CGPoint) -> CGFloat? {
    let dx = b.x - a.x
    let dy = b.y - a.y
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
  private func intersect(_ i: Int, _ j: Int, _ cuts: inout [[Cut]]) {
    let p1 = edges[i].a
    let p2 = edges[i].b
    let q1 = edges[j].a
    let q2 = edges[j].b
    if Swift.max(p1.y, p2.y) < Swift.min(q1.y, q2.y) - snap
      || Swift.max(q1.y, q2.y) < Swift.min(p1.y, p2.y) - snap
    {
      return
    }
    var touched = false
    if let f = interiorFraction(of: q1, on: p1, p2) {
      cuts[i].append(Cut(f: f, p: q1, t: edges[i].source.at(f)))
      touched = true
    }
    if let f = interiorFraction(of: q2, on: p1, p2) {
      cuts[i].append(Cut(f: f, p: q2, t: edges[i].source.at(f)))
      touched = true
    }
    if let f = interiorFraction(of: p1, on: q1, q2) {
      cuts[j].append(Cut(f: f, p: p1, t: edges[j].source.at(f)))
      touched = true
    }
    if let f = interiorFraction(of: p2, on: q1, q2) {
      cuts[j].append(Cut(f: f, p: p2, t: edges[j].source.at(f)))
      touched = true
    }
    if touched { return }
    let d1 = Self.orient(q1, q2, p1)
    let d2 = Self.orient(q1, q2, p2)
    let d3 = Self.orient(p1, p2, q1)
    let d4 = Self.orient(p1, p2, q2)
    guard (d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0), (d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0) else {
      return
    }
    let t = d1 / (d1 - d2)
    let u = d3 / (d3 - d4)
    var x = CGPoint(x: p1.x + (p2.x - p1.x) * t, y: p1.y + (p2.y - p1.y) * t)
    var ti = edges[i].source.at(t)
    var tj = edges[j].source.at(u)
    refine(i, j, &ti, &tj, &x)
    cuts[i].append(Cut(f: t, p: x, t: ti))
    cuts[j].append(Cut(f: u, p: x, t: tj))
  }

  /// The point of edge `k`'s source at parameter `t` and its derivative: the curve for
  /// curve edges, the edge itself (with `t` its fraction) for lines.
  private func evaluate(_ k: Int, _ t: CGFloat) -> (CGPoint, PathVector) {
    let e = edges[k]
    if e.source.curve < 0 {
      return (
        CGPoint(x: e.a.x + (e.b.x - e.a.x) * t, y: e.a.y + (e.b.y - e.a.y) * t),
        PathVector(dx: e.b.x - e.a.x, dy: e.b.y - e.a.y)
      )
    }
    let c = curves[Int(e.source.curve)]
    return (c.point(at: t), c.derivative(at: t))
  }

  /// Moves a crossing of two flattened edges onto the true crossing of the curves they
  /// came from (Newton's method on `Cᵢ(tᵢ) = Cⱼ(tⱼ)`), when that converges nearby.
  private func refine(
    _ i: Int, _ j: Int, _ ti: inout CGFloat, _ tj: inout CGFloat, _ x: inout CGPoint
  ) {
    guard edges[i].source.curve >= 0 || edges[j].source.curve >= 0 else { return }
    var a = ti
    var b = tj
    let si = edges[i].source
    let sj = edges[j].source
    let spanI = abs(si.t1 - si.t0)
    let spanJ = abs(sj.t1 - sj.t0)
    for _ in 0..<12 {
      let (pi, di) = evaluate(i, a)
      let (pj, dj) = evaluate(j, b)
      let fx = pi.x - pj.x
      let fy = pi.y - pj.y
      if abs(fx) + abs(fy) <= snap * 1e-3 { break }
      // Solve [di, −dj]·(δa, δb) = −f.
      let det = di.dx * -dj.dy - (-dj.dx) * di.dy
      guard abs(det) > 1e-300, det.isFinite else { return }
      let da = (-fx * -dj.dy - (-dj.dx) * -fy) / det
      let db = (di.dx * -fy - di.dy * -fx) / det
      a += da
      b += db
      guard a.isFinite, b.isFinite else { return }
    }
    let (pi, _) = evaluate(i, a)
    let (pj, _) = evaluate(j, b)
    let lo = { (s: Source) in Swift.min(s.t0, s.t1) }
    let hi = { (s: Source) in Swift.max(s.t0, s.t1) }
    let iLo = si.curve < 0 ? 0 : lo(si)
    let iHi = si.curve < 0 ? 1 : hi(si)
    let jLo = sj.curve < 0 ? 0 : lo(sj)
    let jHi = sj.curve < 0 ? 1 : hi(sj)
    guard pi.distance(to: pj) <= snap * 10, pi.distance(to: x) <= tolerance * 4,
      a >= iLo - spanI, a <= iHi + spanI, b >= jLo - spanJ, b <= jHi + spanJ
    else { return }
    x = CGPoint(x: (pi.x + pj.x) / 2, y: (pi.y + pj.y) / 2)
    if si.curve >= 0 { ti = Swift.min(Swift.max(a, 0), 1) }
    if sj.curve >= 0 { tj = Swift.min(Swift.max(b, 0), 1) }
  }

  /// Splits every edge at every meeting point and merges nearby points into vertices.
  ///
  /// - Returns: the vertices and the sub-edges between them (none of zero length).
  /// - Complexity: O(n log n + k) for n edges whose x-ranges overlap k times.
  func split() -> (vertices: [CGPoint], subEdges: [SubEdge]) {
    var cuts = [[Cut]](repeating: [], count: edges.count)
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
      points.append(Cut(f: 0, p: e.a, t: e.source.t0))
      points.append(Cut(f: 1, p: e.b, t: e.source.t1))
      points.sort { $0.f < $1.f }
      var prevID = merger.id(for: points[0].p)
      var prevT = e.source.t0
      for k in 1..<points.count {
        let id = merger.id(for: points[k].p)
        if id == prevID { continue }
        let t = points[k].t
        subEdges.append(
          SubEdge(
            u: prevID, v: id, operand: e.operand,
            source: Source(curve: e.source.curve, t0: prevT, t1: t)))
        prevID = id
        prevT = t
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
    let x = (p.x / cell).rounded(.down)
    let y = (p.y / cell).rounded(.down)
    let limit = CGFloat(Int.max / 4)
    return SIMD2(
      Int(Swift.max(-limit, Swift.min(limit, x))), Int(Swift.max(-limit, Swift.min(limit, y))))
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

import Foundation

extension PathClipper {
  /// Walks the boundary edges into closed loops and rebuilds curves along them.
  func link(vertices v: [CGPoint], edges: [BoundaryEdge]) -> PathStorage {
    var outgoing = [[Int]](repeating: [], count: v.count)
    for (k, e) in edges.enumerated() { outgoing[e.from].append(k) }
    var used = [Bool](repeating: false, count: edges.count)
    var out = PathStorage()
    var loop: [BoundaryEdge] = []
    for first in edges.indices where !used[first] {
      loop.removeAll(keepingCapacity: true)
      var current = first
      while true {
        used[current] = true
        loop.append(edges[current])
        let e = edges[current]
        if e.to == edges[first].from { break }
        // Take the leftmost turn among the unused edges leaving this vertex.
        let dIn = CGPoint(x: v[e.to].x - v[e.from].x, y: v[e.to].y - v[e.from].y)
        var best = -1
        var bestAngle = -CGFloat.infinity
        for k in outgoing[e.to] where !used[k] {
          let w = v[edges[k].to]
          let dOut = CGPoint(x: w.x - v[e.to].x, y: w.y - v[e.to].y)
          let angle = atan2(dIn.x * dOut.y - dIn.y * dOut.x, dIn.x * dOut.x + dIn.y * dOut.y)
          if angle > bestAngle {
            bestAngle = angle
            best = k
          }
        }
        if best < 0 { break }
        current = best
      }
      if loop.count >= 2 { emit(loop, vertices: v, into: &out) }
    }
    return out
  }

  /// Appends one loop: collinear line vertices dropped, curve runs rebuilt exactly.
  private func emit(_ input: [BoundaryEdge], vertices v: [CGPoint], into out: inout PathStorage) {
    // Drop vertices between two line edges that are collinear within the snap distance.
    var loop: [BoundaryEdge] = []
    loop.reserveCapacity(input.count)
    for e in input {
      if let last = loop.last, last.source.curve < 0, e.source.curve < 0,
        isCollinear(v[last.from], v[last.to], v[e.to])
      {
        loop[loop.count - 1].to = e.to
      } else {
        loop.append(e)
      }
    }
    if loop.count > 2, let first = loop.first, let last = loop.last, first.source.curve < 0,
      last.source.curve < 0, isCollinear(v[last.from], v[first.from], v[first.to])
    {
      loop[0].from = last.from
      loop.removeLast()
    }
    guard loop.count >= 2 else { return }

    // Start at the first edge that does not continue its predecessor's curve.
    func continues(_ k: Int) -> Bool {
      let prev = loop[(k + loop.count - 1) % loop.count]
      let e = loop[k]
      return e.source.curve >= 0 && e.source.curve == prev.source.curve
        && abs(e.source.t0 - prev.source.t1) < 1e-9
    }
    let start = loop.indices.first { !continues($0) } ?? 0
    out.move(to: v[loop[start].from])
    var k = 0
    while k < loop.count {
      let first = loop[(start + k) % loop.count]
      var last = first
      k += 1
      while k < loop.count && continues((start + k) % loop.count) {
        last = loop[(start + k) % loop.count]
        k += 1
      }
      let p0 = v[first.from]
      let p1 = v[last.to]
      guard first.source.curve >= 0 else {
        // The closing line is drawn by `close()`.
        if k < loop.count || p1 != v[loop[start].from] { out.line(to: p1) }
        continue
      }
      let curve = curves[Int(first.source.curve)]
      let a = first.source.t0
      let b = last.source.t1
      var piece =
        a <= b ? curve.subsegment(from: a, to: b) : curve.subsegment(from: b, to: a).reversed
      piece.moveEnds(to: p0, p1)
      out.append(piece, startingSubpath: false)
    }
    out.close()
  }

  private func isCollinear(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Bool {
    let dx = c.x - a.x
    let dy = c.y - a.y
    let len = (dx * dx + dy * dy).squareRoot()
    guard len > 0 else { return false }
    // b must lie on the chord a→c (not beyond it, which would be a spike).
    let f = ((b.x - a.x) * dx + (b.y - a.y) * dy) / (len * len)
    return f > 0 && f < 1 && abs(Self.orient(a, c, b)) / len <= snap * 16
  }
}

extension PathSegment {
  /// Moves the end points to `p0` and `p1`, carrying the adjacent control points along.
  mutating func moveEnds(to p0: CGPoint, _ p1: CGPoint) {
    let d0 = CGPoint(x: p0.x - start.x, y: p0.y - start.y)
    let d1 = CGPoint(x: p1.x - end.x, y: p1.y - end.y)
    switch kind {
    case .line:
      control1 = p0
      control2 = p1
    case .quad:
      control1.x += (d0.x + d1.x) / 2
      control1.y += (d0.y + d1.y) / 2
      control2 = p1
    case .cubic:
      control1.x += d0.x
      control1.y += d0.y
      control2.x += d1.x
      control2.y += d1.y
    }
    start = p0
    end = p1
  }
}

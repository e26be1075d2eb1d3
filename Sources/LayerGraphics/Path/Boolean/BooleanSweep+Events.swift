import Foundation

extension BooleanSweep {
  /// Handles the vertex at `p`: closes the pieces of the edges ending at or passing through
  /// it, replaces them in the status by the edges leaving it, ordered by direction, and
  /// requeues the crossings of the new neighbours.
  mutating func vertex(at p: CGPoint, ending: [Int32], starting: [Int32]) {
    sweepPoint = p
    if ending.count == 1 && starting.count == 1 && passThrough(ending[0], starting[0], p) {
      return
    }
    // The status entries at p: a run around where p.x falls, plus every edge ending here
    // (found by its place, should rounding have moved it out of the run).
    var lo = lowerBound(p.x - snap, at: p)
    while lo > 0 && abs(x(of: status[lo - 1], at: p) - p.x) <= snap { lo -= 1 }
    var hi = lo
    while hi < status.count && x(of: status[hi], at: p) <= p.x + snap { hi += 1 }
    for e in ending where place[Int(e)] >= 0 {
      lo = Swift.min(lo, Int(place[Int(e)]))
      hi = Swift.max(hi, Int(place[Int(e)]) + 1)
    }
    if lo > 0 { queue.remove(status[lo - 1]) }

    var run: [Int32] = []
    run.reserveCapacity(hi - lo + starting.count)
    for k in lo..<hi {
      let e = status[k]
      queue.remove(e)
      if edges[Int(e)].top == p {
        close(e, at: p, t: edges[Int(e)].source.t1)
        place[Int(e)] = -1
      } else {
        if passesNear(e, p) { close(e, at: p, t: parameter(of: e, at: p)) }
        run.append(e)
      }
    }
    for e in starting {
      pieceStart[Int(e)] = p
      pieceT[Int(e)] = edges[Int(e)].source.t0
      run.append(e)
    }
    // Left to right just above p: by where each edge is (p.x for those at p), then by
    // direction (the one turning further left first), then by index.
    let keys = run.map { passesNear($0, p) || edges[Int($0)].bottom == p ? p.x : x(of: $0, at: p) }
    var order = Array(run.indices)
    order.sort { i, j in
      if keys[i] != keys[j] { return keys[i] < keys[j] }
      let u = edges[Int(run[i])].direction
      let v = edges[Int(run[j])].direction
      let c = u.x * v.y - u.y * v.x
      if c != 0 { return c < 0 }
      return run[i] < run[j]
    }
    let sorted = order.map { run[$0] }
    status.replaceSubrange(lo..<hi, with: sorted)
    let end = sorted.count == hi - lo ? lo + sorted.count : status.count
    for k in lo..<end { place[Int(status[k])] = Int32(k) }

    var w = lo > 0 ? windings[Int(status[lo - 1])] &+ edges[Int(status[lo - 1])].step : .zero
    for e in sorted {
      windings[Int(e)] = w
      w &+= edges[Int(e)].step
    }
    var k = Swift.max(lo - 1, 0)
    while k < Swift.min(lo + sorted.count, status.count - 1) {
      check(status[k], status[k + 1])
      k += 1
    }
  }

  /// The common vertex: one edge ends at `p` and the next starts there, no other edge near.
  /// The new edge takes the old one's place and windings (a ring through `p` runs both
  /// the same way across the sweep), so the status array does not shift.
  ///
  /// - Returns: false, changing nothing, when another edge passes within `snap` of `p` or
  ///   the ending edge is not where the run around `p` would be.
  private mutating func passThrough(_ e: Int32, _ s: Int32, _ p: CGPoint) -> Bool {
    let k = Int(place[Int(e)])
    guard k >= 0, edges[Int(e)].step == edges[Int(s)].step,
      k == 0 || x(of: status[k - 1], at: p) < p.x - snap,
      k + 1 == status.count || x(of: status[k + 1], at: p) > p.x + snap
    else { return false }
    close(e, at: p, t: edges[Int(e)].source.t1)
    queue.remove(e)
    place[Int(e)] = -1
    status[k] = s
    place[Int(s)] = Int32(k)
    windings[Int(s)] = windings[Int(e)]
    pieceStart[Int(s)] = p
    pieceT[Int(s)] = edges[Int(s)].source.t0
    if k > 0 { check(status[k - 1], s) }
    if k + 1 < status.count { check(s, status[k + 1]) } else { queue.remove(s) }
    return true
  }

  /// The first place in the status whose edge meets the line through `p` at or right of
  /// `bound`.
  private func lowerBound(_ bound: CGFloat, at p: CGPoint) -> Int {
    var lo = 0
    var hi = status.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if x(of: status[mid], at: p) < bound { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Swaps edge `a` with its right neighbour at their crossing, queued at `key`.
  mutating func cross(_ a: Int32, at key: CGPoint) {
    let b = queue.partner[Int(a)]
    let k = Int(place[Int(a)])
    guard k >= 0, k + 1 < status.count, status[k + 1] == b else {
      queue.remove(a)
      return
    }
    if Self.precedes(sweepPoint, key) { sweepPoint = key }
    let (point, ta, tb) = crossing(a, b)
    close(a, at: point, t: ta)
    close(b, at: point, t: tb)
    status[k] = b
    status[k + 1] = a
    place[Int(b)] = Int32(k)
    place[Int(a)] = Int32(k + 1)
    windings[Int(b)] = windings[Int(a)]
    windings[Int(a)] = windings[Int(b)] &+ edges[Int(b)].step
    // `a` moves right: its entry becomes its crossing with its new right neighbour (or
    // goes); `b`, now left of `a`, diverges from it.
    if k + 2 < status.count { check(a, status[k + 2]) } else { queue.remove(a) }
    queue.remove(b)
    if k > 0 { check(status[k - 1], b) }
  }

  /// Queues the crossing of neighbours `a` (left) and `b` (right), if they cross ahead of
  /// the sweep line; otherwise clears `a`'s entry.
  ///
  /// They cross ahead when they cross properly (each one's ends strictly on both sides of
  /// the other, neither end within `snap` of the other edge, which the vertex events cut)
  /// and converge (`b` heads further left than `a`). Convergence is the sign of the cross
  /// product of the two input directions, which is exactly opposite for the swapped pair,
  /// so no pair crosses twice.
  mutating func check(_ a: Int32, _ b: Int32) {
    let ea = edges[Int(a)]
    let eb = edges[Int(b)]
    let da = ea.direction
    let db = eb.direction
    guard da.x * db.y - da.y * db.x > 0 else {
      queue.remove(a)
      return
    }
    let d1 = PathClipper.orient(eb.bottom, eb.top, ea.bottom)
    let d2 = PathClipper.orient(eb.bottom, eb.top, ea.top)
    let d3 = PathClipper.orient(ea.bottom, ea.top, eb.bottom)
    let d4 = PathClipper.orient(ea.bottom, ea.top, eb.top)
    guard (d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0), (d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)
    else {
      queue.remove(a)
      return
    }
    // An end within `snap` across the sweep is also within `snap` of the line, so only ends
    // that near are tested: the vertex events cut the edge there instead.
    let la = snap * snap * (da.x * da.x + da.y * da.y)
    let lb = snap * snap * (db.x * db.x + db.y * db.y)
    if (d1 * d1 <= lb && passesNear(b, ea.bottom)) || (d2 * d2 <= lb && passesNear(b, ea.top))
      || (d3 * d3 <= la && passesNear(a, eb.bottom)) || (d4 * d4 <= la && passesNear(a, eb.top))
    {
      queue.remove(a)
      return
    }
    let f = d1 / (d1 - d2)
    var point = CGPoint(x: ea.bottom.x + da.x * f, y: ea.bottom.y + da.y * f)
    if !(point.x.isFinite && point.y.isFinite) || Self.precedes(point, sweepPoint) {
      point = sweepPoint
    }
    let top = Self.precedes(ea.top, eb.top) ? ea.top : eb.top
    if Self.precedes(top, point) { point = top }
    queue.set(a, at: point, with: b)
  }

  /// The crossing of edges `i` and `j` for the output, moved onto the true crossing of the
  /// curves they came from when either is a curve, and each source's parameter there.
  private func crossing(_ i: Int32, _ j: Int32) -> (CGPoint, CGFloat, CGFloat) {
    let a = edges[Int(i)]
    let b = edges[Int(j)]
    let d1 = PathClipper.orient(b.bottom, b.top, a.bottom)
    let d2 = PathClipper.orient(b.bottom, b.top, a.top)
    let d3 = PathClipper.orient(a.bottom, a.top, b.bottom)
    let d4 = PathClipper.orient(a.bottom, a.top, b.top)
    var f = d1 / (d1 - d2)
    var g = d3 / (d3 - d4)
    f = f.isFinite ? Swift.min(Swift.max(f, 0), 1) : 0
    g = g.isFinite ? Swift.min(Swift.max(g, 0), 1) : 0
    var x = CGPoint(
      x: a.bottom.x + (a.top.x - a.bottom.x) * f, y: a.bottom.y + (a.top.y - a.bottom.y) * f)
    var ti = a.source.at(f)
    var tj = b.source.at(g)
    if a.source.curve >= 0 || b.source.curve >= 0 { refine(a, b, &ti, &tj, &x) }
    return (x, ti, tj)
  }
}

import Foundation

extension BooleanSweep {
  /// The point of edge `e`'s source at parameter `t` and its derivative: the curve for
  /// curve edges, the edge itself (with `t` its fraction from `bottom`) for lines.
  private func evaluate(_ e: SweepEdge, _ t: CGFloat) -> (CGPoint, PathVector) {
    if e.source.curve < 0 {
      let d = e.direction
      return (
        CGPoint(x: e.bottom.x + d.x * t, y: e.bottom.y + d.y * t), PathVector(dx: d.x, dy: d.y)
      )
    }
    let c = curves[Int(e.source.curve)]
    return (c.point(at: t), c.derivative(at: t))
  }

  /// Moves a crossing of two flattened edges onto the true crossing of the curves they came
  /// from (Newton's method on `Cᵢ(tᵢ) = Cⱼ(tⱼ)`), when that converges nearby.
  ///
  /// The sweep's order never reads the result: it only places the output's vertex.
  func refine(
    _ ei: SweepEdge, _ ej: SweepEdge, _ ti: inout CGFloat, _ tj: inout CGFloat,
    _ x: inout CGPoint
  ) {
    var a = ti
    var b = tj
    let si = ei.source
    let sj = ej.source
    let spanI = abs(si.t1 - si.t0)
    let spanJ = abs(sj.t1 - sj.t0)
    for _ in 0..<12 {
      let (pi, di) = evaluate(ei, a)
      let (pj, dj) = evaluate(ej, b)
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
    let (pi, _) = evaluate(ei, a)
    let (pj, _) = evaluate(ej, b)
    let iLo = Swift.min(si.t0, si.t1)
    let iHi = Swift.max(si.t0, si.t1)
    let jLo = Swift.min(sj.t0, sj.t1)
    let jHi = Swift.max(sj.t0, sj.t1)
    guard pi.distance(to: pj) <= snap * 10, pi.distance(to: x) <= tolerance * 4,
      a >= iLo - spanI, a <= iHi + spanI, b >= jLo - spanJ, b <= jHi + spanJ
    else { return }
    x = CGPoint(x: (pi.x + pj.x) / 2, y: (pi.y + pj.y) / 2)
    if si.curve >= 0 { ti = Swift.min(Swift.max(a, 0), 1) }
    if sj.curve >= 0 { tj = Swift.min(Swift.max(b, 0), 1) }
  }
}

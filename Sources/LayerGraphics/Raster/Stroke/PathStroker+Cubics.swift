import Foundation

extension PathStroker {
  /// The parameters where the cubic `path.verbs[vi]`, whose control points start at
  /// `path.points[i]`, is cut, starting from `p0` (the polyline's last point).
  ///
  /// Steps are sized by the local second derivative, within the same bound as Wang's
  /// uniform count: B''(t) = 6·D(t), D(t) = (1 − t)·D1 + t·D2. A chord over [t, t + h]
  /// stays within h²/8 · max|B''| of the curve, and |D| is convex in t, so its maximum over
  /// the piece is at an end: each step takes the largest h with h²·6/8·max(|D(t)|,
  /// |D(t + h)|) ≤ tolerance. Where the curve bends less than at its worst point the
  /// pieces get longer than Wang's uniform ones.
  ///
  /// The cubic is planned together with up to three more of the same subpath (their start
  /// taken as the point before their control points, which is what the polyline ends with
  /// unless a degenerate piece was dropped; `CubicStepPlan` checks that when they come).
  func cubicSteps(at i: Int, verb vi: Int, from p0: CGPoint, _ path: PathStorage)
    -> UnsafeBufferPointer<CGFloat>
  {
    if let planned = cubicPlan.planned(key: i, start: p0) { return planned }
    let pts = path.points
    var count = 0
    var k = i
    var verb = vi
    while count < CubicStepPlan.lanes {
      cubicPlan.set(
        lane: count, key: k, count == 0 ? p0 : pts[k - 1], pts[k], pts[k + 1], pts[k + 2])
      count += 1
      // The next cubic of the subpath, past lines and quadratic curves of finite points.
      k += 3
      verb += 1
      var found = false
      while verb < path.verbs.count {
        let v = path.verbs[verb]
        if v == .moveToPoint || v == .closeSubpath { break }
        let n = v.pointCount
        var finite = true
        for q in 0..<n where !(pts[k + q].x.isFinite && pts[k + q].y.isFinite) { finite = false }
        if !finite { break }
        if v == .addCurveToPoint {
          found = true
          break
        }
        k += n
        verb += 1
      }
      if !found { break }
    }
    cubicPlan.plan(count: count, budget: tolerance * 4 / 3)
    return cubicPlan.planned(key: i, start: p0)!
  }
}

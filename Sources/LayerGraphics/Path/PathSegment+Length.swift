import Foundation

extension PathSegment {
  /// Abscissae and weights of 8-point Gauss–Legendre quadrature on `[-1, 1]`.
  private static let gaussNodes: [(x: CGFloat, w: CGFloat)] = [
    (-0.9602898564975363, 0.1012285362903763), (-0.7966664774136267, 0.2223810344533745),
    (-0.5255324099163290, 0.3137066458778873), (-0.1834346424956498, 0.3626837833783620),
    (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
    (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
  ]

  /// The speed `|B′(t)|` at `t`.
  @inline(__always)
  private func speed(at t: CGFloat) -> CGFloat {
    let d = derivative(at: t)
    return (d.dx * d.dx + d.dy * d.dy).squareRoot()
  }

  /// `∫ |B′(t)| dt` over `[a, b]` by one 8-point Gauss–Legendre rule.
  private func gaussLength(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
    let half = (b - a) / 2
    let mid = (a + b) / 2
    var sum: CGFloat = 0
    for node in Self.gaussNodes { sum += node.w * speed(at: mid + half * node.x) }
    return sum * half
  }

  /// The arc length of the segment between parameters `a` and `b` (default the whole).
  ///
  /// Lines are exact. Curves use adaptive Gauss–Legendre quadrature: an interval is
  /// accepted when one rule and the sum of the rules on its halves agree to within
  /// `relativeTolerance` of the control polygon's length, so the result is accurate to
  /// about that fraction of the length (cusps included, where the speed has a kink).
  ///
  /// - Complexity: O(1) for lines; for curves, proportional to the number of subdivided
  ///   intervals (a few for smooth curves, at most `2^maxDepth`).
  package func length(
    from a: CGFloat = 0, to b: CGFloat = 1, relativeTolerance: CGFloat = 1e-9
  ) -> CGFloat {
    if kind == .line {
      let dx = end.x - start.x
      let dy = end.y - start.y
      return (dx * dx + dy * dy).squareRoot() * abs(b - a)
    }
    guard isFinite, b > a else { return 0 }
    let polygon =
      start.distance(to: control1) + control1.distance(to: control2) + control2.distance(to: end)
    if polygon == 0 { return 0 }
    let tol = Swift.max(polygon * relativeTolerance, 1e-300)
    return adaptiveLength(a, b, gaussLength(a, b), tol, depth: 0)
  }

  private func adaptiveLength(
    _ a: CGFloat, _ b: CGFloat, _ whole: CGFloat, _ tol: CGFloat, depth: Int
  ) -> CGFloat {
    let m = (a + b) / 2
    let left = gaussLength(a, m)
    let right = gaussLength(m, b)
    if depth >= 24 || abs(left + right - whole) <= tol {
      return left + right
    }
    return adaptiveLength(a, m, left, tol / 2, depth: depth + 1)
      + adaptiveLength(m, b, right, tol / 2, depth: depth + 1)
  }

  /// The parameter `t` at which the arc length from the start equals `s`.
  ///
  /// `total` is the segment's full length (pass it when known). Solved by Newton steps on
  /// `L(t) − s` safeguarded by bisection, to within `1e-10` of the length.
  package func parameter(atLength s: CGFloat, total: CGFloat? = nil) -> CGFloat {
    let len = total ?? length()
    if s <= 0 || len <= 0 { return 0 }
    if s >= len { return 1 }
    if kind == .line { return s / len }
    var lo: CGFloat = 0
    var hi: CGFloat = 1
    var t = s / len
    for _ in 0..<50 {
      let f = length(from: 0, to: t) - s
      if abs(f) <= len * 1e-12 { return t }
      if f > 0 { hi = t } else { lo = t }
      let v = speed(at: t)
      var next = v > 0 ? t - f / v : (lo + hi) / 2
      if !(next > lo && next < hi) { next = (lo + hi) / 2 }
      if abs(next - t) < 1e-15 { return next }
      t = next
    }
    return t
  }
}

extension CGPoint {
  /// The Euclidean distance to `p`.
  @inline(__always)
  package func distance(to p: CGPoint) -> CGFloat {
    let dx = p.x - x
    let dy = p.y - y
    return (dx * dx + dy * dy).squareRoot()
  }
}

import Foundation

/// Receives a path flattened to polylines.
package protocol PathFlatteningSink {
  /// Starts a new polyline at `p`.
  mutating func moveTo(_ p: CGPoint)
  /// Continues the current polyline to `p`.
  mutating func lineTo(_ p: CGPoint)
  /// Closes the current polyline back to its start.
  mutating func close()
}

/// Turns the curves of a path into line segments within a tolerance.
///
/// Curves are split uniformly in their parameter into `n` pieces, where `n` comes from
/// Wang's formula: for a Bézier of degree `d` with largest second difference `M`, the
/// chord of each of `n ≥ √(d(d−1)·M / (8·tol))` pieces stays within `tol` of the curve.
/// The points between are found by forward differencing (three additions per coordinate
/// and point for a cubic, two for a quadratic, instead of evaluating the polynomial);
/// over `n ≤ 512` steps its rounding error stays within about `n·2⁻⁵²` of the curve's
/// size, far below a coverage level. The end point is the element's own.
/// Non-finite points are skipped (their element is dropped), so NaN can never reach a
/// scan converter.
///
/// - Complexity: O(elements + emitted segments); allocates nothing.
package enum PathFlattener {
  /// The largest number of pieces one curve is split into.
  package static let maximumPieces = 512

  /// Flattens `path` mapped by `transform`, with chords within `tolerance` (in the
  /// transformed space, typically device pixels; default a quarter pixel).
  package static func flatten<S: PathFlatteningSink>(
    _ path: PathStorage, transform t: CGAffineTransform = .identity, tolerance: CGFloat = 0.25,
    into sink: inout S
  ) {
    flatten(path, transform: t, tolerance: FlatteningTolerance(tolerance), into: &sink)
  }

  /// Flattens `path` mapped by `transform`, each curve's chords within the tolerance
  /// `tolerance` gives for the curve's extent in the transformed space.
  package static func flatten<S: PathFlatteningSink>(
    _ path: PathStorage, transform t: CGAffineTransform = .identity, tolerance: FlatteningTolerance,
    into sink: inout S
  ) {
    let tol = tolerance
    var last = CGPoint.zero
    var open = false
    var i = 0
    for verb in path.verbs {
      let n = verb.pointCount
      defer { i += n }
      var ok = true
      for k in 0..<n where !(path.points[i + k].x.isFinite && path.points[i + k].y.isFinite) {
        ok = false
      }
      if !ok { continue }
      switch verb {
      case .moveToPoint:
        last = path.points[i].applying(t)
        sink.moveTo(last)
        open = true
      case .addLineToPoint:
        last = path.points[i].applying(t)
        sink.lineTo(last)
      case .addQuadCurveToPoint:
        let p1 = path.points[i].applying(t)
        let p2 = path.points[i + 1].applying(t)
        let p0 = last
        let ddx = p0.x - 2 * p1.x + p2.x
        let ddy = p0.y - 2 * p1.y + p2.y
        let pieces = Self.pieces(
          secondDifference: (ddx * ddx + ddy * ddy).squareRoot(), degree: 2,
          tolerance: tol.forCurve(p0, p1, p2, p2))
        if pieces > 1 {
          // p(t) = p0 + b·t + a·t² with b = 2(p1 − p0), a = p0 − 2p1 + p2; steps of h.
          let h = 1 / CGFloat(pieces)
          let hh = h * h
          steps(
            from: p0, pieces: pieces,
            first: CGPoint(
              x: 2 * (p1.x - p0.x) * h + ddx * hh, y: 2 * (p1.y - p0.y) * h + ddy * hh),
            second: CGPoint(x: 2 * ddx * hh, y: 2 * ddy * hh), third: CGPoint(x: 0, y: 0),
            into: &sink)
        }
        sink.lineTo(p2)
        last = p2
      case .addCurveToPoint:
        let p1 = path.points[i].applying(t)
        let p2 = path.points[i + 1].applying(t)
        let p3 = path.points[i + 2].applying(t)
        let p0 = last
        let d1x = p0.x - 2 * p1.x + p2.x
        let d1y = p0.y - 2 * p1.y + p2.y
        let d2x = p1.x - 2 * p2.x + p3.x
        let d2y = p1.y - 2 * p2.y + p3.y
        let m = Swift.max(
          (d1x * d1x + d1y * d1y).squareRoot(), (d2x * d2x + d2y * d2y).squareRoot())
        let pieces = Self.pieces(
          secondDifference: m, degree: 3, tolerance: tol.forCurve(p0, p1, p2, p3))
        if pieces > 1 {
          // p(t) = p0 + c·t + b·t² + a·t³ with c = 3(p1 − p0), b = 3(p0 − 2p1 + p2) and
          // a = p3 − p0 − 3(p2 − p1); the first three differences of steps of h.
          let h = 1 / CGFloat(pieces)
          let hh = h * h
          let hhh = hh * h
          let ax = p3.x - p0.x - 3 * (p2.x - p1.x)
          let ay = p3.y - p0.y - 3 * (p2.y - p1.y)
          steps(
            from: p0, pieces: pieces,
            first: CGPoint(
              x: 3 * (p1.x - p0.x) * h + 3 * d1x * hh + ax * hhh,
              y: 3 * (p1.y - p0.y) * h + 3 * d1y * hh + ay * hhh),
            second: CGPoint(x: 6 * d1x * hh + 6 * ax * hhh, y: 6 * d1y * hh + 6 * ay * hhh),
            third: CGPoint(x: 6 * ax * hhh, y: 6 * ay * hhh), into: &sink)
        }
        sink.lineTo(p3)
        last = p3
      case .closeSubpath:
        if open { sink.close() }
      }
    }
  }

  /// The `pieces − 1` points after `start` of a polynomial curve stepped by forward
  /// differencing from its `first`, `second` and `third` differences at the start (x and
  /// y as a point's; the third is zero for a quadratic), each passed to `sink.lineTo`.
  @inline(__always)
  private static func steps<S: PathFlatteningSink>(
    from start: CGPoint, pieces: Int, first: CGPoint, second: CGPoint, third: CGPoint,
    into sink: inout S
  ) {
    var x = start.x
    var y = start.y
    var dx = first.x
    var dy = first.y
    var ddx = second.x
    var ddy = second.y
    for _ in 1..<pieces {
      x += dx
      y += dy
      dx += ddx
      dy += ddy
      ddx += third.x
      ddy += third.y
      sink.lineTo(CGPoint(x: x, y: y))
    }
  }

  /// The number of uniform pieces that keeps a Bézier of `degree` within `tolerance`.
  @inlinable
  package static func pieces(secondDifference m: CGFloat, degree: Int, tolerance: CGFloat) -> Int {
    let k = CGFloat(degree * (degree - 1)) / 8
    let n = (k * m / tolerance).squareRoot().rounded(.up)
    guard n.isFinite else { return 1 }
    return Swift.min(Swift.max(Int(geometric: n), 1), maximumPieces)
  }
}

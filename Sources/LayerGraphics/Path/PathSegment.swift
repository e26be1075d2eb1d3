import Foundation

/// One drawable piece of a path: a line, a quadratic or a cubic Bézier, with its start.
///
/// Unlike a path element, a segment knows where it starts, so it can be evaluated, split
/// and measured on its own. Lines keep `control1 == start` and `control2 == end`; quads
/// keep their one control point in `control1` (and `control2 == end`).
package struct PathSegment: Equatable, Sendable {
  /// The degree of the curve.
  package enum Kind: UInt8, Sendable {
    case line = 1
    case quad = 2
    case cubic = 3
  }

  package var kind: Kind
  package var start: CGPoint
  package var control1: CGPoint
  package var control2: CGPoint
  package var end: CGPoint

  /// A straight segment from `start` to `end`.
  package init(line start: CGPoint, _ end: CGPoint) {
    self.kind = .line
    self.start = start
    self.control1 = start
    self.control2 = end
    self.end = end
  }

  /// A quadratic Bézier from `start` to `end` pulled towards `control`.
  package init(quad start: CGPoint, _ control: CGPoint, _ end: CGPoint) {
    self.kind = .quad
    self.start = start
    self.control1 = control
    self.control2 = end
    self.end = end
  }

  /// A cubic Bézier from `start` to `end` with two controls.
  package init(cubic start: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ end: CGPoint) {
    self.kind = .cubic
    self.start = start
    self.control1 = c1
    self.control2 = c2
    self.end = end
  }

  /// Whether every point of the segment is finite.
  package var isFinite: Bool {
    start.x.isFinite && start.y.isFinite && control1.x.isFinite && control1.y.isFinite
      && control2.x.isFinite && control2.y.isFinite && end.x.isFinite && end.y.isFinite
  }

  /// The point at parameter `t` in `0...1`.
  @inline(__always)
  package func point(at t: CGFloat) -> CGPoint {
    let u = 1 - t
    switch kind {
    case .line:
      return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
    case .quad:
      let a = u * u
      let b = 2 * u * t
      let c = t * t
      return CGPoint(
        x: a * start.x + b * control1.x + c * end.x, y: a * start.y + b * control1.y + c * end.y)
    case .cubic:
      let a = u * u * u
      let b = 3 * u * u * t
      let c = 3 * u * t * t
      let d = t * t * t
      return CGPoint(
        x: a * start.x + b * control1.x + c * control2.x + d * end.x,
        y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }
  }

  /// The derivative `dB/dt` at parameter `t` (a velocity, in path units per unit `t`).
  @inline(__always)
  package func derivative(at t: CGFloat) -> PathVector {
    let u = 1 - t
    switch kind {
    case .line:
      return PathVector(dx: end.x - start.x, dy: end.y - start.y)
    case .quad:
      let ax = control1.x - start.x
      let ay = control1.y - start.y
      let bx = end.x - control1.x
      let by = end.y - control1.y
      return PathVector(dx: 2 * (u * ax + t * bx), dy: 2 * (u * ay + t * by))
    case .cubic:
      let ax = control1.x - start.x
      let ay = control1.y - start.y
      let bx = control2.x - control1.x
      let by = control2.y - control1.y
      let cx = end.x - control2.x
      let cy = end.y - control2.y
      let a = 3 * u * u
      let b = 6 * u * t
      let c = 3 * t * t
      return PathVector(dx: a * ax + b * bx + c * cx, dy: a * ay + b * by + c * cy)
    }
  }

  /// The unit tangent at `t`; where the derivative vanishes (a cusp or a control point
  /// on an end point) it looks a little inside the segment, then at the chord.
  package func tangent(at t: CGFloat) -> PathVector {
    for probe in [t, t < 0.5 ? t + 1e-6 : t - 1e-6, t < 0.5 ? t + 1e-3 : t - 1e-3] {
      let d = derivative(at: probe)
      let len = (d.dx * d.dx + d.dy * d.dy).squareRoot()
      if len > 1e-12 { return PathVector(dx: d.dx / len, dy: d.dy / len) }
    }
    let dx = end.x - start.x
    let dy = end.y - start.y
    let len = (dx * dx + dy * dy).squareRoot()
    return len > 0 ? PathVector(dx: dx / len, dy: dy / len) : PathVector(dx: 1, dy: 0)
  }

  /// The two halves of the segment split at `t`, by de Casteljau's construction.
  package func split(at t: CGFloat) -> (PathSegment, PathSegment) {
    func lerp(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
      CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
    switch kind {
    case .line:
      let m = lerp(start, end)
      return (PathSegment(line: start, m), PathSegment(line: m, end))
    case .quad:
      let a = lerp(start, control1)
      let b = lerp(control1, end)
      let m = lerp(a, b)
      return (PathSegment(quad: start, a, m), PathSegment(quad: m, b, end))
    case .cubic:
      let a = lerp(start, control1)
      let b = lerp(control1, control2)
      let c = lerp(control2, end)
      let d = lerp(a, b)
      let e = lerp(b, c)
      let m = lerp(d, e)
      return (PathSegment(cubic: start, a, d, m), PathSegment(cubic: m, e, c, end))
    }
  }

  /// The part of the segment between parameters `t0 <= t1`, as a segment of the same kind.
  package func subsegment(from t0: CGFloat, to t1: CGFloat) -> PathSegment {
    let a = Swift.max(0, Swift.min(1, t0))
    let b = Swift.max(0, Swift.min(1, t1))
    if a <= 0 && b >= 1 { return self }
    var piece = self
    if b < 1 { piece = piece.split(at: b).0 }
    if a > 0 {
      let local = b > 0 ? a / b : 0
      piece = piece.split(at: local).1
    }
    return piece
  }

  /// The same curve traversed from `end` to `start`.
  package var reversed: PathSegment {
    switch kind {
    case .line: return PathSegment(line: end, start)
    case .quad: return PathSegment(quad: end, control1, start)
    case .cubic: return PathSegment(cubic: end, control2, control1, start)
    }
  }

  /// The segment with every point mapped by `t`.
  package func applying(_ t: CGAffineTransform) -> PathSegment {
    var s = self
    s.start = start.applying(t)
    s.control1 = control1.applying(t)
    s.control2 = control2.applying(t)
    s.end = end.applying(t)
    return s
  }

  /// The parameters in `(0, 1)` where `x(t)` or `y(t)` has a local extremum.
  ///
  /// Calls `body` once per root; the tight bounding box is the box of the end points and
  /// the points at these parameters.
  package func forEachExtremum(_ body: (CGFloat) -> Void) {
    // One axis at a time, x then y (no array of coordinates to allocate per segment).
    switch kind {
    case .line:
      return
    case .quad:
      func axis(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat) {
        let den = p0 - 2 * p1 + p2
        if den != 0 {
          let t = (p0 - p1) / den
          if t > 0 && t < 1 { body(t) }
        }
      }
      axis(start.x, control1.x, end.x)
      axis(start.y, control1.y, end.y)
    case .cubic:
      func axis(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) {
        // B'(t)/3 = a t² + b t + c with a = −p0 + 3p1 − 3p2 + p3, b = 2(p0 − 2p1 + p2), c = p1 − p0.
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        Self.quadraticRoots(a, b, c) { t in if t > 0 && t < 1 { body(t) } }
      }
      axis(start.x, control1.x, control2.x, end.x)
      axis(start.y, control1.y, control2.y, end.y)
    }
  }

  /// The real roots of `a t² + b t + c`, computed without catastrophic cancellation.
  package static func quadraticRoots(
    _ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ body: (CGFloat) -> Void
  ) {
    let scale = Swift.max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return }
    if abs(a) <= scale * 1e-12 {
      if b != 0 { body(-c / b) }
      return
    }
    let disc = b * b - 4 * a * c
    if disc < 0 { return }
    if disc == 0 {
      body(-b / (2 * a))
      return
    }
    let q = -0.5 * (b + (b < 0 ? -1 : 1) * disc.squareRoot())
    body(q / a)
    if q != 0 { body(c / q) }
  }

  /// The tight axis-aligned box of the curve (not of its control points).
  package var tightBounds: CGRect {
    var minX = Swift.min(start.x, end.x)
    var maxX = Swift.max(start.x, end.x)
    var minY = Swift.min(start.y, end.y)
    var maxY = Swift.max(start.y, end.y)
    forEachExtremum { t in
      let p = point(at: t)
      minX = Swift.min(minX, p.x)
      maxX = Swift.max(maxX, p.x)
      minY = Swift.min(minY, p.y)
      maxY = Swift.max(maxY, p.y)
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}

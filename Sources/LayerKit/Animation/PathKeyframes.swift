import Foundation

/// The keyframes of an animation along a `CGPath`: one segment per line, curve or close
/// element, each measured by arc length, so motion can pace evenly along curves.
///
/// Every segment's end point is a keyframe; a move-to adds none (the next segment starts
/// at the moved-to point, so the motion jumps there). Within a segment the position moves
/// by arc length, not by the curve parameter, so speed is constant inside a segment.
/// Arc length comes from a table of `samplesPerCurve` chords per curve, built once.
package struct PathKeyframes: Sendable {
  /// Chords per curve segment in the arc-length table.
  package static let samplesPerCurve = 32

  struct Segment: Sendable {
    /// Start, controls and end (p0, p1, p2, p3); a line has p1 = p0, p2 = p3; a quad is
    /// raised to a cubic.
    var p0: CGPoint, p1: CGPoint, p2: CGPoint, p3: CGPoint
    var isLine: Bool
    var length: Double
    /// Index of this segment's first entry in `table`.
    var tableStart: Int
  }

  private(set) var segments: [Segment] = []
  /// Cumulative chord lengths at s = k / samplesPerCurve, per curve segment.
  private(set) var table: [Double] = []

  /// The first point of the path (keyframe 0).
  package private(set) var startPoint: CGPoint = .zero

  /// The keyframes' end points: `startPoint` then each segment's end.
  package var keyPoints: [CGPoint] { [startPoint] + segments.map(\.p3) }

  /// The segments' arc lengths.
  package var lengths: [Double] { segments.map(\.length) }

  /// Reads `path`; nil (with a diagnostic) when it has no segments or non-finite points.
  package init?(_ path: CGPath, keyPath: String) {
    let st = path.storage
    guard st.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
      CADiagnostics.report(key: keyPath, "path holds NaN or an infinity; the animation is ignored")
      return nil
    }
    var current = CGPoint.zero, subStart = CGPoint.zero
    var started = false
    var i = 0
    for verb in st.verbs {
      let n = verb.pointCount
      defer { i += n }
      switch verb {
      case .moveToPoint:
        current = st.points[i]
        subStart = current
        if !started { startPoint = current; started = true }
      case .addLineToPoint:
        append(line: current, st.points[i])
        current = st.points[i]
      case .addQuadCurveToPoint:
        let c = st.points[i], e = st.points[i + 1]
        let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
        let c2 = CGPoint(x: e.x + 2 / 3 * (c.x - e.x), y: e.y + 2 / 3 * (c.y - e.y))
        append(curve: current, c1, c2, e)
        current = e
      case .addCurveToPoint:
        append(curve: current, st.points[i], st.points[i + 1], st.points[i + 2])
        current = st.points[i + 2]
      case .closeSubpath:
        append(line: current, subStart)
        current = subStart
      }
    }
    guard !segments.isEmpty else {
      CADiagnostics.report(key: keyPath, "path has no line or curve segments; the animation is ignored")
      return nil
    }
  }

  private mutating func append(line a: CGPoint, _ b: CGPoint) {
    let len = hypot(b.x - a.x, b.y - a.y)
    segments.append(Segment(p0: a, p1: a, p2: b, p3: b, isLine: true, length: len, tableStart: -1))
  }

  private mutating func append(curve a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) {
    let start = table.count
    var seg = Segment(p0: a, p1: b, p2: c, p3: d, isLine: false, length: 0, tableStart: start)
    var sum = 0.0
    var prev = a
    table.append(0)
    for k in 1...Self.samplesPerCurve {
      let p = Self.point(seg, Double(k) / Double(Self.samplesPerCurve))
      sum += hypot(p.x - prev.x, p.y - prev.y)
      table.append(sum)
      prev = p
    }
    seg.length = sum
    segments.append(seg)
  }

  static func point(_ s: Segment, _ u: Double) -> CGPoint {
    let v = 1 - u
    let a = v * v * v, b = 3 * u * v * v, c = 3 * u * u * v, d = u * u * u
    return CGPoint(
      x: a * s.p0.x + b * s.p1.x + c * s.p2.x + d * s.p3.x,
      y: a * s.p0.y + b * s.p1.y + c * s.p2.y + d * s.p3.y)
  }

  static func derivative(_ s: Segment, _ u: Double) -> CGPoint {
    let v = 1 - u
    let a = 3 * v * v, b = 6 * u * v, c = 3 * u * u
    return CGPoint(
      x: a * (s.p1.x - s.p0.x) + b * (s.p2.x - s.p1.x) + c * (s.p3.x - s.p2.x),
      y: a * (s.p1.y - s.p0.y) + b * (s.p2.y - s.p1.y) + c * (s.p3.y - s.p2.y))
  }

  /// The point and tangent angle (radians, atan2 of the direction of travel) at arc
  /// fraction `u` (0…1) of segment `index`.
  /// - Complexity: O(log samplesPerCurve); allocates nothing.
  package func sample(segment index: Int, fraction u: Double) -> (point: CGPoint, angle: Double) {
    let s = segments[index]
    let u = Swift.min(Swift.max(u, 0), 1)
    if s.isLine {
      let p = CGPoint(x: s.p0.x + (s.p3.x - s.p0.x) * u, y: s.p0.y + (s.p3.y - s.p0.y) * u)
      return (p, atan2(s.p3.y - s.p0.y, s.p3.x - s.p0.x))
    }
    // Arc length → curve parameter through the table.
    let target = u * s.length
    var lo = 0, hi = Self.samplesPerCurve
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if table[s.tableStart + mid] <= target { lo = mid } else { hi = mid }
    }
    let l0 = table[s.tableStart + lo], l1 = table[s.tableStart + hi]
    let w = l1 > l0 ? (target - l0) / (l1 - l0) : 0
    let param = (Double(lo) + w) / Double(Self.samplesPerCurve)
    var d = Self.derivative(s, param)
    if d.x == 0 && d.y == 0 { d = CGPoint(x: s.p3.x - s.p0.x, y: s.p3.y - s.p0.y) }
    return (Self.point(s, param), atan2(d.y, d.x))
  }
}

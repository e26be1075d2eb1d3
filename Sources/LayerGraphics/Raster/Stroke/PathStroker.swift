import Foundation

/// Turns a path into the outline of its stroke, as polygons filled with the non-zero rule.
///
/// Curves are flattened first, to a tolerance much finer than a pixel (cubics in steps
/// sized by their local second derivative, see `cubicSteps(at:verb:from:_:)`), and the
/// polyline is offset by half the line width on both sides:
/// - an open subpath becomes one contour: the left side forward, the end cap, the right
///   side backward, the start cap;
/// - a closed subpath becomes two contours, the left side forward and the right side
///   backward, so the ring between them winds once and the inside not at all.
/// At a corner of the path the outer side gets the join (miter up to the miter limit,
/// round, or bevel) and the inner side goes through the vertex itself, which keeps the
/// inner corner filled however short the segments are. Vertices where the path does not
/// turn (inside a flattened curve, or where two elements meet with the same tangent)
/// become, where the turn is gentle enough, one point per side: the intersection of the
/// two offset lines (see `join`); elsewhere they get a round join, which keeps the offset
/// within tolerance of the true offset curve. The outline then has two edges per
/// flattened segment of a curve.
/// Zero-length subpaths draw a dot with round caps (a disc) and square caps (a square),
/// and nothing with butt caps, like Core Graphics.
///
/// - Complexity: O(points after flattening); scratch arrays are reused between calls.
package struct PathStroker {
  package var lineWidth: CGFloat = 1
  package var lineCap: CGLineCap = .butt
  package var lineJoin: CGLineJoin = .miter
  package var miterLimit: CGFloat = 10
  /// The flattening tolerance in the path's units.
  package var tolerance: CGFloat = 0.05

  private let line = StrokePolyline()
  private var scratch = SegmentScratch()
  /// Steps of the cubics being flattened (see `cubicSteps(at:verb:from:_:)`).
  var cubicPlan = CubicStepPlan()

  package init() {}

  /// Strokes `path` and sends the outline polygons to `sink`.
  package mutating func stroke<S: PathFlatteningSink>(_ path: PathStorage, into sink: inout S) {
    guard lineWidth > 0, lineWidth.isFinite else { return }
    line.removeAll()
    cubicPlan.reset()
    var i = 0
    let pts = path.points
    var start = CGPoint.zero
    // The subpath's first start tangent and the latest element's end tangent (zero when
    // there is none), to find the places where the path itself does not turn.
    var firstTangent = CGPoint.zero
    var endTangent = CGPoint.zero
    for (vi, verb) in path.verbs.enumerated() {
      let n = verb.pointCount
      defer { i += n }
      var finite = true
      for k in 0..<n where !(pts[i + k].x.isFinite && pts[i + k].y.isFinite) { finite = false }
      if !finite { continue }
      if verb == .moveToPoint {
        flush(closed: false, closingSmooth: false, into: &sink)
        start = pts[i]
        append(pts[i], smooth: false)
        firstTangent = .zero
        endTangent = .zero
        continue
      }
      if verb == .closeSubpath {
        // The pen returns to the subpath's start; a later segment continues from there.
        var closingSmooth = false
        if let last = line.last, line.count > 1 {
          let closing = CGPoint(x: start.x - last.x, y: start.y - last.y)
          if abs(closing.x) < 1e-9 && abs(closing.y) < 1e-9 {
            closingSmooth = Self.continues(endTangent, into: firstTangent)
          } else {
            markSmooth(Self.continues(endTangent, into: closing))
            closingSmooth = Self.continues(closing, into: firstTangent)
          }
        }
        flush(closed: true, closingSmooth: closingSmooth, into: &sink)
        firstTangent = .zero
        endTangent = .zero
        continue
      }
      if line.isEmpty { append(start, smooth: false) }
      let p0 = line.points[line.count - 1]
      let (t0, t1) = Self.tangents(verb, from: p0, pts, i)
      if line.count == 1 {
        firstTangent = t0
      } else {
        markSmooth(Self.continues(endTangent, into: t0))
      }
      if t1 != .zero { endTangent = t1 }
      switch verb {
      case .addLineToPoint:
        append(pts[i], smooth: false)
      case .addQuadCurveToPoint:
        let p1 = pts[i]
        let p2 = pts[i + 1]
        let ddx = p0.x - 2 * p1.x + p2.x
        let ddy = p0.y - 2 * p1.y + p2.y
        let count = PathFlattener.pieces(
          secondDifference: (ddx * ddx + ddy * ddy).squareRoot(), degree: 2,
          tolerance: tolerance)
        for s in 1..<count {
          let u = CGFloat(s) / CGFloat(count)
          let v = 1 - u
          append(
            CGPoint(
              x: v * v * p0.x + 2 * u * v * p1.x + u * u * p2.x,
              y: v * v * p0.y + 2 * u * v * p1.y + u * u * p2.y), smooth: true)
        }
        append(p2, smooth: false)
      case .addCurveToPoint:
        let p1 = pts[i]
        let p2 = pts[i + 1]
        let p3 = pts[i + 2]
        let steps = cubicSteps(at: i, verb: vi, from: p0, path)
        for t in steps {
          let u = t
          let v = 1 - u
          let a = v * v * v
          let b = 3 * u * v * v
          let c = 3 * u * u * v
          let d = u * u * u
          append(
            CGPoint(
              x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
              y: a * p0.y + b * p1.y + c * p2.y + d * p3.y), smooth: true)
        }
        append(p3, smooth: false)
      case .moveToPoint, .closeSubpath:
        break
      }
    }
    flush(closed: false, closingSmooth: false, into: &sink)
  }

  /// Marks the latest point as a place where the path does not turn (a join between two
  /// elements whose tangents continue each other).
  private mutating func markSmooth(_ s: Bool) {
    if s && line.count > 1 { line.smooth[line.count - 1] = true }
  }

  /// The start and end tangents of the element `verb` starting at `p0` with its points at
  /// `pts[i...]`: the first and last non-zero control-polygon differences (zero for a
  /// degenerate element).
  private static func tangents(
    _ verb: CGPathElementType, from p0: CGPoint, _ pts: [CGPoint], _ i: Int
  )
    -> (CGPoint, CGPoint)
  {
    let n = verb.pointCount
    let end = pts[i + n - 1]
    var t0 = CGPoint.zero
    var t1 = CGPoint.zero
    for k in 0..<n where t0 == .zero {
      t0 = CGPoint(x: pts[i + k].x - p0.x, y: pts[i + k].y - p0.y)
    }
    for k in stride(from: n - 2, through: -1, by: -1) where t1 == .zero {
      let q = k >= 0 ? pts[i + k] : p0
      t1 = CGPoint(x: end.x - q.x, y: end.y - q.y)
    }
    return (t0, t1)
  }

  /// Whether a path arriving along `t0` leaves along `t1` without turning: the directions
  /// agree to within 10⁻⁹ radians (a tangent-continuous join of curves, or of a curve and
  /// a line). Any join style draws nothing extra there.
  private static func continues(_ t0: CGPoint, into t1: CGPoint) -> Bool {
    let cross = t0.x * t1.y - t0.y * t1.x
    let dot = t0.x * t1.x + t0.y * t1.y
    let l = (t0.x * t0.x + t0.y * t0.y).squareRoot() * (t1.x * t1.x + t1.y * t1.y).squareRoot()
    return l > 0 && dot > 0 && abs(cross) <= 1e-9 * l
  }

  private func append(_ p: CGPoint, smooth s: Bool) {
    let points = line.points
    let n = line.count
    if n > 0, abs(points[n - 1].x - p.x) < 1e-9, abs(points[n - 1].y - p.y) < 1e-9 {
      if n > 1 { line.smooth[n - 1] = line.smooth[n - 1] && s }
      // A zero-length piece still marks the subpath as drawn (for dots).
      if n == 1 { line.append(p, smooth: s) }
      return
    }
    if n == 2, abs(points[0].x - points[1].x) < 1e-9, abs(points[0].y - points[1].y) < 1e-9 {
      line.removeLast()
    }
    line.append(p, smooth: s)
  }

  /// Strokes the polyline collected so far and forgets it.
  ///
  /// `closingSmooth` tells whether a closed polyline does not turn at its first point.
  private mutating func flush<S: PathFlatteningSink>(
    closed: Bool, closingSmooth: Bool,
    into sink: inout S
  ) {
    defer { line.removeAll() }
    guard let l = line.last else { return }
    let points = line.points
    if closed, line.count > 2, abs(points[0].x - l.x) < 1e-9, abs(points[0].y - l.y) < 1e-9 {
      line.removeLast()
    }
    if closed { line.smooth[0] = closingSmooth }
    let hw = lineWidth / 2
    let n = line.count
    let distinct = n >= 2 && !(n == 2 && points[0] == points[1])
    if !distinct {
      // A zero-length subpath: a cap-shaped dot (if closed or drawn with a segment).
      guard closed || n >= 2 else { return }
      let c = points[0]
      switch lineCap {
      case .butt: return
      case .round:
        sink.moveTo(CGPoint(x: c.x + hw, y: c.y))
        arc(center: c, from: CGPoint(x: hw, y: 0), sweep: 2 * .pi, into: &sink)
        sink.close()
      case .square:
        sink.moveTo(CGPoint(x: c.x - hw, y: c.y - hw))
        sink.lineTo(CGPoint(x: c.x + hw, y: c.y - hw))
        sink.lineTo(CGPoint(x: c.x + hw, y: c.y + hw))
        sink.lineTo(CGPoint(x: c.x - hw, y: c.y + hw))
        sink.close()
      }
      return
    }
    measure(closed: closed && n >= 2)
    if closed && n >= 2 {
      side(closed: true, forward: true, continuing: false, into: &sink)
      sink.close()
      side(closed: true, forward: false, continuing: false, into: &sink)
      sink.close()
    } else {
      side(closed: false, forward: true, continuing: false, into: &sink)
      cap(at: points[n - 1], direction: unit(points[n - 1], from: points[n - 2]), into: &sink)
      side(closed: false, forward: false, continuing: true, into: &sink)
      cap(at: points[0], direction: unit(points[0], from: points[1]), into: &sink)
      sink.close()
    }
  }

  @inline(__always)
  private func unit(_ b: CGPoint, from a: CGPoint) -> CGPoint {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let l = (dx * dx + dy * dy).squareRoot()
    return l > 0 ? CGPoint(x: dx / l, y: dy / l) : CGPoint(x: 1, y: 0)
  }

  /// The segments' unit directions and lengths and the vertices' one-point joins, for the
  /// polyline collected so far (see `SegmentScratch`).
  private func measure(closed: Bool) {
    let n = line.count
    let segCount = closed ? n : n - 1
    let hw = lineWidth / 2
    scratch.reserve(count: n)
    let seg = scratch.segments
    let off = scratch.offsets
    let simple = scratch.simple
    let p = line.points
    let sm = line.smooth
    for s in 0..<segCount {
      let (d, length) = direction(p[s + 1 == n ? 0 : s + 1], from: p[s])
      seg[s] = SegmentScratch.Segment(direction: d, length: length)
    }
    let first = closed ? 0 : 1
    let end = closed ? n : n - 1
    for j in first..<end {
      simple[j] = false
      guard sm[j] else { continue }
      let s0 = seg[j == 0 ? n - 1 : j - 1]
      let s1 = seg[j]
      let d0 = s0.direction
      let d1 = s1.direction
      let dot = d0.x * d1.x + d0.y * d1.y
      // A segment without length keeps the direction (1, 0) both ways, not a negation:
      // its vertices take the general join on each side.
      guard dot > 0, s0.length > 0, s1.length > 0 else { continue }
      let cross = d0.x * d1.y - d0.y * d1.x
      let onePlusDot = 1 + dot
      let cosHalf = (onePlusDot / 2).squareRoot()
      if hw * (1 - cosHalf) <= tolerance * cosHalf
        && 2 * hw * abs(cross) <= onePlusDot * Swift.min(s0.length, s1.length)
      {
        let k = 1 / onePlusDot
        off[j] = CGPoint(x: (d0.y * hw + d1.y * hw) * k, y: (-d0.x * hw + -d1.x * hw) * k)
        simple[j] = true
      }
    }
  }

  /// One side of the polyline: offset to the left walking `forward`, which is the right
  /// side when walking backward. Needs `measure(closed:)` first.
  ///
  /// Each vertex's join emits the end of the previous offset segment (or the point that
  /// replaces it), so an open side ends with the last segment's offset end point and a
  /// closed one returns to its first join.
  ///
  /// Walking backward, every segment's direction is the exact negation of the measured
  /// one (negation commutes with IEEE subtraction, multiplication and division), and a
  /// one-point join lies at `v − offset` instead of `v + offset`: both sides come from
  /// one measurement, bit for bit what measuring each side on its own gave.
  private func side<S: PathFlatteningSink>(
    closed: Bool, forward: Bool, continuing: Bool,
    into sink: inout S
  ) {
    let n = line.count
    let hw = lineWidth / 2
    let seg = scratch.segments
    let off = scratch.offsets
    let simple = scratch.simple
    let segCount = closed ? n : n - 1
    let p = line.points
    let sm = line.smooth
    // The walking direction and length of the side's segment `s`.
    @inline(__always) func walk(_ s: Int) -> SegmentScratch.Segment {
      if forward { return seg[s] }
      // Backward segment s runs from p[n − 1 − s] to p[n − 2 − s], the measured
      // segment n − 2 − s reversed (n − 1, the closing one, for s = n − 1).
      let m = seg[s + 1 == n ? n - 1 : n - 2 - s]
      let d = m.length > 0 ? CGPoint(x: -m.direction.x, y: -m.direction.y) : m.direction
      return SegmentScratch.Segment(direction: d, length: m.length)
    }
    var previous = closed ? walk(segCount - 1) : SegmentScratch.Segment(direction: .zero, length: 0)
    for s in 0..<segCount {
      let j = forward ? s : n - 1 - s
      let a = p[j]
      let current = walk(s)
      defer { previous = current }
      if s == 0 && !closed {
        let d = current.direction
        let startOff = CGPoint(x: a.x + d.y * hw, y: a.y - d.x * hw)
        if continuing { sink.lineTo(startOff) } else { sink.moveTo(startOff) }
      } else if simple[j] {
        let o = off[j]
        let x = forward ? CGPoint(x: a.x + o.x, y: a.y + o.y) : CGPoint(x: a.x - o.x, y: a.y - o.y)
        if s == 0 { sink.moveTo(x) } else { sink.lineTo(x) }
      } else {
        join(
          at: a, d0: previous.direction, length0: previous.length, d1: current.direction,
          length1: current.length, smooth: sm[j], first: s == 0, into: &sink)
      }
    }
    if !closed {
      let b = p[forward ? n - 1 : 0]
      let d = previous.direction
      sink.lineTo(CGPoint(x: b.x + d.y * hw, y: b.y - d.x * hw))
    }
  }

  /// The unit vector from `a` to `b` and the distance between them; (1, 0) for equal points.
  @inline(__always)
  private func direction(_ b: CGPoint, from a: CGPoint) -> (CGPoint, CGFloat) {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let l = (dx * dx + dy * dy).squareRoot()
    return l > 0 ? (CGPoint(x: dx / l, y: dy / l), l) : (CGPoint(x: 1, y: 0), 0)
  }

  /// The join at `v` between the incoming direction `d0` (of a segment `length0` long) and
  /// the outgoing `d1` (`length1` long), on the left side; starts with the end of the
  /// incoming segment's offset (a `moveTo` when `first`).
  ///
  /// A `smooth` vertex (inside a flattened curve) whose offset lines meet close to the
  /// true offset curve is one point, their intersection `v + (n0 + n1)/(1 + cos φ)` (φ the
  /// turning angle, `n0`, `n1` the offsets of the two segments), on both sides. On the
  /// outer side it lies `hw·(1/cos(φ/2) − 1) ≈ hw·φ²/8` outside the circle of radius `hw`
  /// around `v` that the true offset passes through there; that is held to the tolerance
  /// as `hw·(1 − cos(φ/2)) ≤ tolerance·cos(φ/2)`. On the inner side it lies
  /// `hw·tan(φ/2) = hw·|sin φ|/(1 + cos φ)` back along each segment, held to half of each
  /// adjacent segment's length, so the offset segments between two such points never
  /// reverse. Other smooth vertices get a round join (a bevel when that is within
  /// tolerance) and the detour through `v` on the inner side; path corners get the
  /// path's join.
  private func join<S: PathFlatteningSink>(
    at v: CGPoint, d0: CGPoint, length0: CGFloat, d1: CGPoint,
    length1: CGFloat, smooth: Bool, first: Bool,
    into sink: inout S
  ) {
    let hw = lineWidth / 2
    let n0 = CGPoint(x: d0.y * hw, y: -d0.x * hw)
    let n1 = CGPoint(x: d1.y * hw, y: -d1.x * hw)
    let cross = d0.x * d1.y - d0.y * d1.x
    let dot = d0.x * d1.x + d0.y * d1.y
    if smooth && dot > 0 {
      let onePlusDot = 1 + dot
      let cosHalf = (onePlusDot / 2).squareRoot()
      if hw * (1 - cosHalf) <= tolerance * cosHalf
        && 2 * hw * abs(cross) <= onePlusDot * Swift.min(length0, length1)
      {
        let k = 1 / onePlusDot
        let x = CGPoint(x: v.x + (n0.x + n1.x) * k, y: v.y + (n0.y + n1.y) * k)
        if first { sink.moveTo(x) } else { sink.lineTo(x) }
        return
      }
    }
    let a = CGPoint(x: v.x + n0.x, y: v.y + n0.y)
    let b = CGPoint(x: v.x + n1.x, y: v.y + n1.y)
    if first { sink.moveTo(a) } else { sink.lineTo(a) }
    // The left offset (n = (dy, −dx)) is on the outside when the path turns towards −n.
    let outer = cross > 0 || (cross == 0 && dot < 0)
    if !outer || (abs(cross) < 1e-12 && dot > 0) {
      if abs(cross) > 1e-12 { sink.lineTo(v) }
      sink.lineTo(b)
      return
    }
    var style: CGLineJoin = smooth ? .round : lineJoin
    // Inside a flattened curve a bevel is within tolerance of the round join when
    // r·(1 − cos(φ/2)) ≤ tolerance, with cos(φ/2) = √((1 + cos φ)/2).
    if smooth && hw * (1 - ((1 + dot) / 2).squareRoot()) <= tolerance { style = .bevel }
    switch style {
    case .bevel:
      sink.lineTo(b)
    case .miter:
      // Miter length / line width = 1 / cos(φ/2), φ the turning angle.
      let cosHalf = ((1 + dot) / 2).squareRoot()
      if cosHalf > 1e-9 && 1 / cosHalf <= miterLimit {
        let k = 1 / (1 + dot)
        sink.lineTo(CGPoint(x: v.x + (n0.x + n1.x) * k, y: v.y + (n0.y + n1.y) * k))
      }
      sink.lineTo(b)
    case .round:
      let sweep = atan2(cross, dot)
      arc(center: v, from: n0, sweep: sweep, into: &sink)
    }
  }

  /// The end cap at `p`, leaving the direction `d`, from the left offset to the right.
  private func cap<S: PathFlatteningSink>(at p: CGPoint, direction d: CGPoint, into sink: inout S) {
    let hw = lineWidth / 2
    let n = CGPoint(x: d.y * hw, y: -d.x * hw)
    switch lineCap {
    case .butt:
      sink.lineTo(CGPoint(x: p.x - n.x, y: p.y - n.y))
    case .square:
      sink.lineTo(CGPoint(x: p.x + n.x + d.x * hw, y: p.y + n.y + d.y * hw))
      sink.lineTo(CGPoint(x: p.x - n.x + d.x * hw, y: p.y - n.y + d.y * hw))
      sink.lineTo(CGPoint(x: p.x - n.x, y: p.y - n.y))
    case .round:
      arc(center: p, from: n, sweep: .pi, into: &sink)
    }
  }

  /// Line segments along a circle around `center`, starting at offset `r0` (already
  /// emitted) and turning by `sweep` radians; ends exactly at the rotated offset.
  private func arc<S: PathFlatteningSink>(
    center: CGPoint, from r0: CGPoint, sweep: CGFloat, into sink: inout S
  ) {
    let r = (r0.x * r0.x + r0.y * r0.y).squareRoot()
    guard r > 0 else { return }
    let ratio = Swift.max(0, Swift.min(1, 1 - tolerance / r))
    let maxStep = Swift.max(2 * acos(ratio), 0.05)
    let steps = Swift.max(1, Int(geometric: abs(sweep) / maxStep, .up))
    let step = sweep / CGFloat(steps)
    let c = cos(step)
    let s = sin(step)
    var x = r0.x
    var y = r0.y
    for _ in 0..<steps {
      (x, y) = (x * c - y * s, x * s + y * c)
      sink.lineTo(CGPoint(x: center.x + x, y: center.y + y))
    }
  }
}

import Foundation

/// How Core Graphics turns circular and elliptical arcs into cubic Béziers.
///
/// An arc is cut into pieces of at most 90°; a piece from angle `a` to `b` on the unit
/// circle has control points at distance `k = 4/3·tan((b − a)/4)` along the tangents of
/// its end points (the radial error is below 2.8·10⁻⁴ of the radius for a quarter).
package enum ArcApproximation {
  /// Appends an elliptical arc to `storage` as cubics: the point at angle `θ` is
  /// `center + R(rotation)·(rx·cos θ, ry·sin θ)` mapped by `t`, for `θ` from `start` to
  /// `start + sweep`. Assumes the current point already is the arc's start.
  package static func appendArc(
    to storage: inout PathStorage, center: CGPoint, rx: CGFloat, ry: CGFloat, rotation: CGFloat = 0,
    start: CGFloat, sweep: CGFloat, transform t: CGAffineTransform, exactEnd: CGPoint? = nil
  ) {
    guard sweep != 0, sweep.isFinite else { return }
    // More than `maximumTurns` turns retrace the same circle: one turn plus the
    // remainder ends at the same point and covers the same pixels.
    let maximumTurns: CGFloat = 1024
    let sweep =
      abs(sweep) > maximumTurns * 2 * .pi
      ? remainder(sweep, 2 * .pi) + (sweep < 0 ? -2 : 2) * .pi : sweep
    let pieces = Swift.max(1, Int(geometric: abs(sweep) / (.pi / 2) - 1e-9, .up))
    let step = sweep / CGFloat(pieces)
    let k = 4 / 3 * tan(step / 4)
    let cr = cos(rotation)
    let sr = sin(rotation)
    func map(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
      CGPoint(x: center.x + cr * x - sr * y, y: center.y + sr * x + cr * y).applying(t)
    }
    var a = start
    var ca = cos(a)
    var sa = sin(a)
    for i in 0..<pieces {
      let b = i == pieces - 1 ? start + sweep : a + step
      let cb = cos(b)
      let sb = sin(b)
      let c1 = map(rx * (ca - k * sa), ry * (sa + k * ca))
      let c2 = map(rx * (cb + k * sb), ry * (sb - k * cb))
      var end = map(rx * cb, ry * sb)
      if i == pieces - 1, let e = exactEnd { end = e }
      storage.curve(to: end, control1: c1, control2: c2)
      a = b
      ca = cb
      sa = sb
    }
  }

  /// Connects the path to `p`: a new subpath when the path is empty, otherwise a line
  /// (skipped when the current point already is `p`).
  package static func connect(_ storage: inout PathStorage, to p: CGPoint) {
    if storage.verbs.isEmpty {
      storage.move(to: p)
    } else if storage.verbs.last == .closeSubpath {
      if storage.subpathStart == p { storage.move(to: p) } else { storage.line(to: p) }
    } else if storage.currentPoint != p {
      storage.line(to: p)
    }
  }

  /// The signed sweep of a Core Graphics arc from `start` to `end`.
  ///
  /// With `clockwise == false` the angle increases: the sweep is `end − start` reduced
  /// into `[0, 2π)`, or a full `2π` when the difference is at least a full turn or a
  /// non-zero whole number of turns (so `0 → −2π` is a whole circle too). With
  /// `clockwise == true` it is the mirror image, in `(−2π, 0]` or exactly `−2π`.
  package static func sweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
    let full = 2 * CGFloat.pi
    let delta = end - start
    if clockwise {
      if delta <= -full { return -full }
      var r = delta.truncatingRemainder(dividingBy: full)
      if r > 0 || (r == 0 && delta != 0) { r -= full }
      return r
    } else {
      if delta >= full { return full }
      var r = delta.truncatingRemainder(dividingBy: full)
      if r < 0 || (r == 0 && delta != 0) { r += full }
      return r
    }
  }
}

extension CGMutablePath {
  /// Adds an arc of a circle given by its center, radius and end angles.
  ///
  /// Angles are in radians, measured from the +x axis towards the +y axis. With
  /// `clockwise == false` the angle increases from `startAngle` to `endAngle`; that is
  /// counter-clockwise in Core Graphics' default y-up space and clockwise on a y-down
  /// screen (a flipped context or a `CALayer`). A difference of a full turn or more
  /// draws a whole circle.
  ///
  /// If the path has a current point, a line joins it to the arc's start; an empty path
  /// starts a new subpath there. The arc becomes cubic Béziers of at most 90° each.
  /// Non-finite arguments or a negative radius add nothing.
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
    transform: CGAffineTransform = .identity
  ) {
    storage.addArc(
      center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise,
      transform)
  }

  /// Adds an arc of a circle from `startAngle` turning by `delta` radians.
  ///
  /// A positive `delta` turns +x towards +y (counter-clockwise in a y-up space). The
  /// sweep is clamped to one full turn either way. Joins the current point with a line,
  /// as `addArc(center:radius:startAngle:endAngle:clockwise:transform:)` does.
  public func addRelativeArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    storage.addRelativeArc(
      center: center, radius: radius, startAngle: startAngle, delta: delta, transform)
  }

  /// Adds an arc of radius `radius` tangent to the line from the current point to
  /// `tangent1End` and to the line from `tangent1End` to `tangent2End`.
  ///
  /// A line joins the current point to the first tangent point, then the shorter arc
  /// runs to the second. When the three points are collinear or the radius is zero, only
  /// the line to `tangent1End` is added. An empty path starts at `tangent1End`. The
  /// current point is mapped back through `transform` so the construction happens in the
  /// arguments' space.
  public func addArc(
    tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    guard radius.isFinite, radius >= 0, tangent1End.x.isFinite, tangent1End.y.isFinite,
      tangent2End.x.isFinite, tangent2End.y.isFinite
    else { return }
    if storage.verbs.isEmpty {
      storage.move(to: tangent1End.applying(transform))
      return
    }
    let p0 = storage.currentPoint.applying(transform.inverted())
    let p1 = tangent1End
    let p2 = tangent2End
    var v1 = PathVector(dx: p0.x - p1.x, dy: p0.y - p1.y)
    var v2 = PathVector(dx: p2.x - p1.x, dy: p2.y - p1.y)
    let l1 = (v1.dx * v1.dx + v1.dy * v1.dy).squareRoot()
    let l2 = (v2.dx * v2.dx + v2.dy * v2.dy).squareRoot()
    let cross = v1.dx * v2.dy - v1.dy * v2.dx
    guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
      ArcApproximation.connect(&storage, to: p1.applying(transform))
      return
    }
    v1 = PathVector(dx: v1.dx / l1, dy: v1.dy / l1)
    v2 = PathVector(dx: v2.dx / l2, dy: v2.dy / l2)
    // θ is the angle at the corner between the two tangent lines; the tangent points lie
    // r / tan(θ/2) from the corner, with tan(θ/2) = sin θ / (1 + cos θ).
    let cosTheta = Swift.max(-1, Swift.min(1, v1.dx * v2.dx + v1.dy * v2.dy))
    let sinTheta = abs(v1.dx * v2.dy - v1.dy * v2.dx)
    let d = radius * (1 + cosTheta) / sinTheta
    let t1 = CGPoint(x: p1.x + v1.dx * d, y: p1.y + v1.dy * d)
    let t2 = CGPoint(x: p1.x + v2.dx * d, y: p1.y + v2.dy * d)
    var bis = PathVector(dx: v1.dx + v2.dx, dy: v1.dy + v2.dy)
    let bl = (bis.dx * bis.dx + bis.dy * bis.dy).squareRoot()
    bis = PathVector(dx: bis.dx / bl, dy: bis.dy / bl)
    let h = radius / ((1 - cosTheta) / 2).squareRoot()
    let center = CGPoint(x: p1.x + bis.dx * h, y: p1.y + bis.dy * h)
    let a0 = atan2(t1.y - center.y, t1.x - center.x)
    let a1 = atan2(t2.y - center.y, t2.x - center.x)
    var sweep = a1 - a0
    while sweep > CGFloat.pi { sweep -= 2 * .pi }
    while sweep < -CGFloat.pi { sweep += 2 * .pi }
    ArcApproximation.connect(&storage, to: t1.applying(transform))
    ArcApproximation.appendArc(
      to: &storage, center: center, rx: radius, ry: radius, start: a0, sweep: sweep,
      transform: transform, exactEnd: t2.applying(transform))
  }
}

import Foundation

/// Appends rectangles, ellipses and circular arcs to a `PathStorage` as lines and cubic
/// Béziers, mapping every point by a transform.
///
/// Arcs are split into pieces of at most 90°, each a cubic with control arms of length
/// `r · 4/3 · tan(θ/4)` (θ the piece's sweep); the radial error is below 0.03 % of `r`.
package enum RasterShapes {
  /// A closed rectangle: (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY).
  package static func appendRect(_ r: CGRect, transform t: CGAffineTransform, to p: inout PathStorage) {
    let r = r.standardized
    guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
    p.move(to: CGPoint(x: r.minX, y: r.minY).applying(t))
    p.line(to: CGPoint(x: r.maxX, y: r.minY).applying(t))
    p.line(to: CGPoint(x: r.maxX, y: r.maxY).applying(t))
    p.line(to: CGPoint(x: r.minX, y: r.maxY).applying(t))
    p.close()
  }

  /// A closed ellipse inscribed in `r`, starting at its right-most point, in increasing
  /// angle (clockwise on a y-down screen).
  package static func appendEllipse(in r: CGRect, transform t: CGAffineTransform, to p: inout PathStorage) {
    let r = r.standardized
    guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
    let e = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
      .concatenating(t)
    p.move(to: CGPoint(x: 1, y: 0).applying(e))
    appendUnitArc(from: 0, sweep: 2 * .pi, transform: e, to: &p)
    p.close()
  }

  /// A circular arc in Core Graphics' sense: `clockwise == false` runs through
  /// increasing angles (on a y-down screen, visually clockwise), `true` through
  /// decreasing ones. A line joins the current point to the arc's start; without a
  /// current point the arc starts a new subpath.
  package static func appendArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
    transform t: CGAffineTransform, to p: inout PathStorage
  ) {
    guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite,
      endAngle.isFinite, radius >= 0
    else { return }
    var sweep = endAngle - startAngle
    let full = 2 * CGFloat.pi
    if clockwise {
      if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
      if sweep < -full { sweep = -full }
      if sweep == 0 && endAngle != startAngle { sweep = -full }
    } else {
      if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
      if sweep > full { sweep = full }
      if sweep == 0 && endAngle != startAngle { sweep = full }
    }
    let e = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
      .concatenating(t)
    let start = CGPoint(x: cos(startAngle), y: sin(startAngle)).applying(e)
    if p.hasCurrentPoint && !p.verbs.isEmpty && p.verbs.last != .closeSubpath {
      p.line(to: start)
    } else {
      p.move(to: start)
    }
    appendUnitArc(from: startAngle, sweep: sweep, transform: e, to: &p)
  }

  /// Cubic pieces of the unit circle from angle `a0` through `sweep`, mapped by `e`.
  private static func appendUnitArc(from a0: CGFloat, sweep: CGFloat, transform e: CGAffineTransform,
                                    to p: inout PathStorage) {
    guard sweep != 0 else { return }
    let n = Swift.max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = sweep / CGFloat(n)
    let k = 4.0 / 3.0 * tan(step / 4)
    var a = a0
    for _ in 0..<n {
      let b = a + step
      let ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b)
      p.curve(
        to: CGPoint(x: cb, y: sb).applying(e),
        control1: CGPoint(x: ca - k * sa, y: sa + k * ca).applying(e),
        control2: CGPoint(x: cb + k * sb, y: sb - k * cb).applying(e))
      a = b
    }
  }
}

import Foundation

/// SVG's endpoint-parameterized elliptical arc, converted to cubic Béziers.
///
/// Follows the SVG implementation notes (appendix F.6.5–F.6.6): with `φ` the x-axis
/// rotation and `(x1′, y1′) = R(−φ)·(p1 − p2)/2`,
///
///     Λ = x1′²/rx² + y1′²/ry²                (radii are scaled by √Λ when Λ > 1)
///     c′ = ±√((rx²ry² − rx²y1′² − ry²x1′²) / (rx²y1′² + ry²x1′²)) · (rx·y1′/ry, −ry·x1′/rx)
///     center = R(φ)·c′ + (p1 + p2)/2
///
/// with `+` when `largeArc != sweep`; the start angle and sweep come from the vectors
/// `((±x1′ − cx′)/rx, (±y1′ − cy′)/ry)`, and the sweep is made positive when `sweep` is
/// set (towards +y) and negative otherwise.
package enum SVGArc {
  /// Appends the arc from `p1` (the current point) to `p2` to `storage`.
  ///
  /// An arc whose end point equals its start adds nothing; a zero radius adds a line.
  package static func append(
    to storage: inout PathStorage, from p1: CGPoint, to p2: CGPoint, rx rx0: CGFloat,
    ry ry0: CGFloat,
    xAxisRotation phi: CGFloat, largeArc: Bool, sweep: Bool
  ) {
    if p1 == p2 { return }
    var rx = abs(rx0)
    var ry = abs(ry0)
    if rx == 0 || ry == 0 {
      storage.line(to: p2)
      return
    }
    let cp = cos(phi)
    let sp = sin(phi)
    let hx = (p1.x - p2.x) / 2
    let hy = (p1.y - p2.y) / 2
    let x1 = cp * hx + sp * hy
    let y1 = -sp * hx + cp * hy
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      let s = lambda.squareRoot()
      rx *= s
      ry *= s
    }
    let rx2 = rx * rx
    let ry2 = ry * ry
    let den = rx2 * y1 * y1 + ry2 * x1 * x1
    var coef: CGFloat = 0
    if den > 0 {
      let num = rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1
      coef = (Swift.max(0, num) / den).squareRoot()
      if largeArc == sweep { coef = -coef }
    }
    let cxp = coef * rx * y1 / ry
    let cyp = -coef * ry * x1 / rx
    let center = CGPoint(
      x: cp * cxp - sp * cyp + (p1.x + p2.x) / 2, y: sp * cxp + cp * cyp + (p1.y + p2.y) / 2)
    let ux = (x1 - cxp) / rx
    let uy = (y1 - cyp) / ry
    let vx = (-x1 - cxp) / rx
    let vy = (-y1 - cyp) / ry
    let theta1 = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    guard delta.isFinite, theta1.isFinite, center.x.isFinite, center.y.isFinite else {
      storage.line(to: p2)
      return
    }
    ArcApproximation.appendArc(
      to: &storage, center: center, rx: rx, ry: ry, rotation: phi, start: theta1, sweep: delta,
      transform: .identity, exactEnd: p2)
  }
}

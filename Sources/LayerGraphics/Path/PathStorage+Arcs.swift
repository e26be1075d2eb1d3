import Foundation

extension PathStorage {
  /// Appends a Core Graphics circular arc mapped by `t` (see
  /// `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`):
  /// `clockwise == false` runs through increasing angles. Non-finite arguments or a
  /// negative radius add nothing.
  package mutating func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
    _ t: CGAffineTransform
  ) {
    guard radius >= 0, radius.isFinite, startAngle.isFinite, endAngle.isFinite,
      center.x.isFinite, center.y.isFinite
    else { return }
    let sweep = ArcApproximation.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
    addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, t)
  }

  /// Appends a circular arc from `startAngle` turning by `delta` radians (clamped to one
  /// turn either way), mapped by `t`; a line joins the current point to its start.
  package mutating func addRelativeArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, _ t: CGAffineTransform
  ) {
    guard radius >= 0, radius.isFinite, startAngle.isFinite, delta.isFinite,
      center.x.isFinite, center.y.isFinite
    else { return }
    let sweep = Swift.min(Swift.max(delta, -2 * .pi), 2 * .pi)
    let start = CGPoint(
      x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
    ArcApproximation.connect(&self, to: start.applying(t))
    ArcApproximation.appendArc(
      to: &self, center: center, rx: radius, ry: radius, start: startAngle, sweep: sweep,
      transform: t)
  }
}

import Foundation

/// The outline of a layer's bounds with its corner radius on the masked corners.
///
/// `.circular` corners are circular arcs, each drawn as one cubic Bézier with the usual
/// 0.5523 handle ratio; `.continuous` corners are three cubics each
/// (`ContinuousCorner`). The radius is clamped to half the shorter side, as Core
/// Animation clamps it. `minY` is the top edge on LayerKit's
/// y-down screen, so `.layerMinXMinYCorner` is the top-left corner.
package enum RoundedRectPath {
  /// The cubic handle length of a quarter circle of radius 1.
  private static let kappa: CGFloat = 0.552_284_749_8

  /// The radius actually used for `rect` and `radius`.
  package static func clampedRadius(_ radius: CGFloat, in rect: CGRect) -> CGFloat {
    guard radius.isFinite, radius > 0 else { return 0 }
    return Swift.min(radius, Swift.min(rect.width, rect.height) / 2)
  }

  /// `CALayer.cornerCurveExpansionFactor(.continuous)`.
  package static let continuousExtent: CGFloat = 1.528665

  /// How far from each rounded corner the outline of `state`'s bounds leaves the
  /// straight edges, in points (0 when nothing is rounded).
  package static func cornerExtent(of state: LayerState) -> CGFloat {
    RoundedBoundsShape(state).cornerExtent
  }

  /// Appends the outline (clockwise on screen, starting at the top edge) to `path`.
  package static func add(
    _ rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve = .circular,
    to path: CGMutablePath
  ) {
    let r = clampedRadius(radius, in: rect)
    guard rect.width > 0, rect.height > 0 else { return }
    if r == 0 || corners.isEmpty {
      path.addRect(rect)
      return
    }
    if curve == .continuous {
      addContinuous(rect, radius: r, corners: corners, to: path)
      return
    }
    // One move, four lines, up to four curves and a close: room for them at once.
    path.storage.verbs.reserveCapacity(path.storage.verbs.count + 10)
    path.storage.points.reserveCapacity(path.storage.points.count + 17)
    let tl = corners.contains(.layerMinXMinYCorner) ? r : 0
    let tr = corners.contains(.layerMaxXMinYCorner) ? r : 0
    let bl = corners.contains(.layerMinXMaxYCorner) ? r : 0
    let br = corners.contains(.layerMaxXMaxYCorner) ? r : 0
    let k = kappa
    let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
    path.move(to: CGPoint(x: x0 + tl, y: y0))
    path.addLine(to: CGPoint(x: x1 - tr, y: y0))
    if tr > 0 {
      path.addCurve(
        to: CGPoint(x: x1, y: y0 + tr), control1: CGPoint(x: x1 - tr + tr * k, y: y0),
        control2: CGPoint(x: x1, y: y0 + tr - tr * k))
    }
    path.addLine(to: CGPoint(x: x1, y: y1 - br))
    if br > 0 {
      path.addCurve(
        to: CGPoint(x: x1 - br, y: y1), control1: CGPoint(x: x1, y: y1 - br + br * k),
        control2: CGPoint(x: x1 - br + br * k, y: y1))
    }
    path.addLine(to: CGPoint(x: x0 + bl, y: y1))
    if bl > 0 {
      path.addCurve(
        to: CGPoint(x: x0, y: y1 - bl), control1: CGPoint(x: x0 + bl - bl * k, y: y1),
        control2: CGPoint(x: x0, y: y1 - bl + bl * k))
    }
    path.addLine(to: CGPoint(x: x0, y: y0 + tl))
    if tl > 0 {
      path.addCurve(
        to: CGPoint(x: x0 + tl, y: y0), control1: CGPoint(x: x0, y: y0 + tl - tl * k),
        control2: CGPoint(x: x0 + tl - tl * k, y: y0))
    }
    path.closeSubpath()
  }

  /// The continuous outline: each masked corner's three cubics (`ContinuousCorner`)
  /// placed by its corner point and the directions back along its incoming edge and
  /// out along its outgoing one.
  private static func addContinuous(
    _ rect: CGRect, radius r: CGFloat, corners: CACornerMask, to path: CGMutablePath
  ) {
    let pts = ContinuousCorner.points(radius: r, halfSide: Swift.min(rect.width, rect.height) / 2)
    let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
    // (mask, corner, back along the incoming edge, out along the outgoing edge)
    let frames: [(CACornerMask, CGPoint, CGPoint, CGPoint)] = [
      (.layerMaxXMinYCorner, CGPoint(x: x1, y: y0), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1)),
      (.layerMaxXMaxYCorner, CGPoint(x: x1, y: y1), CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0)),
      (.layerMinXMaxYCorner, CGPoint(x: x0, y: y1), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: -1)),
      (.layerMinXMinYCorner, CGPoint(x: x0, y: y0), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 0)),
    ]
    func place(_ p: CGPoint, _ f: (CACornerMask, CGPoint, CGPoint, CGPoint)) -> CGPoint {
      CGPoint(x: f.1.x + p.x * f.2.x + p.y * f.3.x, y: f.1.y + p.x * f.2.y + p.y * f.3.y)
    }
    // Start where the top-left corner hands over to the top edge.
    let tl = frames[3]
    path.move(to: corners.contains(tl.0) ? place(pts[9], tl) : tl.1)
    for f in frames {
      guard corners.contains(f.0) else {
        path.addLine(to: f.1)
        continue
      }
      path.addLine(to: place(pts[0], f))
      for i in stride(from: 1, to: 10, by: 3) {
        path.addCurve(
          to: place(pts[i + 2], f), control1: place(pts[i], f), control2: place(pts[i + 1], f))
      }
    }
    path.closeSubpath()
  }

  /// The outline of `state`'s bounds with its corner radius, curve and masked corners.
  package static func bounds(of state: LayerState) -> CGPath { RoundedBoundsShape(state).path }

  /// The border's area: the rounded bounds minus the same outline inset by the border
  /// width (its radius reduced by the width), for an even-odd fill.
  package static func border(of state: LayerState) -> CGPath {
    let p = CGMutablePath()
    let w = Swift.min(state.borderWidth, Swift.min(state.bounds.width, state.bounds.height) / 2)
    let curve = state.cornerCurve
    add(state.bounds, radius: state.cornerRadius, corners: state.maskedCorners, curve: curve, to: p)
    let r = clampedRadius(state.cornerRadius, in: state.bounds)
    add(
      state.bounds.insetBy(dx: w, dy: w), radius: Swift.max(r - w, 0), corners: state.maskedCorners,
      curve: curve,
      to: p)
    return p
  }

  /// Whether the state's rounded bounds are a plain rectangle.
  package static func isRectangular(_ state: LayerState) -> Bool {
    RoundedBoundsShape(state).isRectangular
  }
}

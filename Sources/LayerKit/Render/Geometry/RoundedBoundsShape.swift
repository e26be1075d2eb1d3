import Foundation

/// A layer's rounded bounds as the compositor draws them: its bounds, corner radius,
/// masked corners and corner curve, what a background fill, a bounds clip or a path-less
/// shadow depends on (`RoundedRectPath` draws it).
struct RoundedBoundsShape: Equatable {
  /// The layer's bounds, in its own coordinates (points).
  var bounds: CGRect
  /// The corner radius in points, before clamping to half the shorter side.
  var cornerRadius: CGFloat
  var corners: CACornerMask
  var curve: CALayerCornerCurve

  init(_ st: LayerState) {
    self = withUnsafePointer(to: st) { RoundedBoundsShape($0) }
  }

  /// The rounded bounds of the state at `st`, read in place (a state passed by value
  /// from a render node is copied whole first).
  init(_ st: UnsafePointer<LayerState>) {
    bounds = st.pointee.bounds
    cornerRadius = st.pointee.cornerRadius
    corners = st.pointee.maskedCorners
    curve = st.pointee.rare.value.cornerCurve
  }

  /// The outline, clockwise on screen from the top edge (`RoundedRectPath.add`).
  var path: CGPath {
    let p = CGMutablePath()
    RoundedRectPath.add(bounds, radius: cornerRadius, corners: corners, curve: curve, to: p)
    return p
  }

  /// Whether the outline is a plain rectangle (no corner is rounded).
  var isRectangular: Bool {
    RoundedRectPath.clampedRadius(cornerRadius, in: bounds) == 0 || corners.isEmpty
  }

  /// How far from each rounded corner the outline leaves the straight edges, in points
  /// (0 when nothing is rounded).
  var cornerExtent: CGFloat {
    let r = RoundedRectPath.clampedRadius(cornerRadius, in: bounds)
    guard curve == .continuous else { return r }
    return ContinuousCorner.extent(
      radius: r, halfSide: Swift.min(bounds.width, bounds.height) / 2)
  }
}

import Foundation

extension ShapeLayerState {
  /// How far, in the layer's points, the shape's drawing can reach outside its path's
  /// control box: half the line width, times the miter limit where joins are mitered and
  /// √2 for square caps, plus a point for the stroker's flattening, when it strokes (a
  /// visible colour, a finite positive width); 0 when it only fills; nil when unbounded
  /// (a miter limit that is not finite).
  ///
  /// The one rule for a stroke's reach: the painted rectangle of a render node
  /// (`RenderNode.paintedRect`, hence placement, damage and offscreen layout) and the
  /// compositor's drawn extents and shape masks read it.
  package var strokeReach: CGFloat? {
    guard let c = strokeColor, c.alpha > 0, lineWidth > 0, lineWidth.isFinite else { return 0 }
    guard miterLimit.isFinite else { return nil }
    var factor: CGFloat = 1
    if lineJoin != .round && lineJoin != .bevel { factor = Swift.max(factor, miterLimit) }
    if lineCap == .square { factor = Swift.max(factor, 2.0.squareRoot()) }
    // Bevel joins and round parts stay within half the width.
    return lineWidth / 2 * factor + 1
  }
}

import Foundation

/// The model of a `CAShapeLayer` beyond `CALayer`'s: its path and how it is filled and
/// stroked, with Core Animation's defaults. Lengths are in the layer's points.
package struct ShapeLayerState: Equatable, Sendable {
  /// The shape, in the layer's coordinates. Default nil (nothing drawn).
  package var path: CGPath? = nil
  /// Default opaque black; nil does not fill.
  package var fillColor: CGColor? = .black
  package var fillRule: CAShapeLayerFillRule = .nonZero
  /// Default nil (no stroke).
  package var strokeColor: CGColor? = nil
  /// In points. Default 1.
  package var lineWidth: CGFloat = 1
  package var lineCap: CAShapeLayerLineCap = .butt
  package var lineJoin: CAShapeLayerLineJoin = .miter
  /// Default 10.
  package var miterLimit: CGFloat = 10
  /// Dash and gap lengths in points; empty for a solid line. Default empty (nil).
  package var lineDashPattern = InterpolatableArray<CGFloat>([])
  /// In points. Default 0.
  package var lineDashPhase: CGFloat = 0
  /// Where stroking starts, as a fraction of the path's length. Default 0.
  package var strokeStart: CGFloat = 0
  /// Where stroking ends, as a fraction of the path's length. Default 1.
  package var strokeEnd: CGFloat = 1

  package init() {}
}

extension LayerState {
  /// The shape state, created with its defaults when first written.
  package var shapeState: ShapeLayerState {
    get { self.shape ?? ShapeLayerState() }
    // Written in place (no copy of the whole subclass state per property write).
    _modify {
      if self.shape == nil { self.shape = ShapeLayerState() }
      yield &self.shape!
    }
  }
}

import Foundation

extension CAShapeLayer {
  /// The model of a `CAShapeLayer` beyond `CALayer`'s: its path and how it is filled and
  /// stroked, with Core Animation's defaults. Lengths are in the layer's points.
  @LayerModel(state: "shapeState")
  package struct ShapeLayerState: Equatable, Sendable {
    /// The shape to draw, in the layer's coordinates. Default nil. Animatable (morphs
    /// between paths with the same elements).
    @Model(animatable: true)
    package var path: CGPath? = nil
    /// The colour the path is filled with; nil does not fill. Default opaque black.
    /// Animatable.
    @Model(animatable: true)
    package var fillColor: CGColor? = .black
    /// The rule that decides the inside of the path. Default `.nonZero`.
    @Model
    package var fillRule: CAShapeLayerFillRule = .nonZero
    /// The colour the path is stroked with; nil does not stroke. Default nil. Animatable.
    @Model(animatable: true)
    package var strokeColor: CGColor? = nil
    /// The stroke width in points, centred on the path. Default 1. Animatable.
    @Model(animatable: true)
    package var lineWidth: CGFloat = 1
    /// The ends of open subpaths. Default `.butt`.
    @Model
    package var lineCap: CAShapeLayerLineCap = .butt
    /// The corners between segments. Default `.miter`.
    @Model
    package var lineJoin: CAShapeLayerLineJoin = .miter
    /// The miter limit: longer miters are bevelled. Default 10. Animatable.
    @Model(animatable: true)
    package var miterLimit: CGFloat = 10
    /// Dash and gap lengths in points; empty for a solid line. Default empty (nil).
    @Model(animatable: true, accessor: false)
    package var lineDashPattern: InterpolatableArray<CGFloat> = InterpolatableArray([])
    /// How far into the dash pattern the stroke starts, in points. Default 0. Animatable.
    @Model(animatable: true)
    package var lineDashPhase: CGFloat = 0
    /// Where the stroke starts, as a fraction (0…1) of the path's length. Default 0.
    /// Animatable.
    ///
    /// As in Core Animation, the fraction picks the path segment by arc length, and inside
    /// a curve the point whose curve parameter is the fraction's share of that segment's
    /// length (not the point at that arc length): on a curve whose speed varies the cut
    /// moves unevenly. The same holds for `strokeEnd`.
    @Model(animatable: true)
    package var strokeStart: CGFloat = 0
    /// Where the stroke ends, as a fraction (0…1) of the path's length. Default 1.
    /// Animatable: animating it from 0 to 1 draws the path progressively.
    @Model(animatable: true)
    package var strokeEnd: CGFloat = 1

    package init() {}
  }
}

/// `CAShapeLayer.ShapeLayerState`, by its own name.
package typealias ShapeLayerState = CAShapeLayer.ShapeLayerState

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

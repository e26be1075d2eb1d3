import Foundation

/// A layer that draws a path: filled, stroked, or both, every property animatable.
///
/// The path is in the layer's own coordinates and is drawn over the background and
/// contents and under the sublayers and border. It is rasterized as a vector at every
/// frame, so it stays sharp under any transform, and `path` morphs point by point
/// between paths with the same elements.
///
/// ```swift
/// let ring = CAShapeLayer()
/// ring.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
/// ring.fillColor = nil
/// ring.strokeColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
/// ring.lineWidth = 6
/// ring.strokeEnd = 0.25
/// ```
open class CAShapeLayer: CALayer {
  /// Creates a shape layer with no path, a black fill and no stroke.
  public override init() {
    super.init()
    if state.shape == nil { state.shape = ShapeLayerState() }
  }

  /// Copies `layer`'s model, shape included when it is a shape layer.
  public required init(layer: Any) {
    super.init(layer: layer)
    if state.shape == nil { state.shape = ShapeLayerState() }
  }

  override package class var propertyRegistry: LayerPropertyRegistry { .shapeLayer }

  override package class var frameTraits: LayerFrameTraits { LayerFrameTraits(nodeKind: .shape) }

  override package class func makeRenderReplica() -> CALayer { CAShapeLayer() }

  /// The shape to draw, in the layer's coordinates. Default nil. Animatable (morphs
  /// between paths with the same elements).
  public var path: CGPath? {
    get { state.shapeState.path }
    set { setCheckedModelValue(\.shapeState.path, newValue, forKey: "path") }
  }

  /// The colour the path is filled with; nil does not fill. Default opaque black.
  /// Animatable.
  public var fillColor: CGColor? {
    get { state.shapeState.fillColor }
    set { setCheckedModelValue(\.shapeState.fillColor, newValue, forKey: "fillColor") }
  }

  /// The rule that decides the inside of the path. Default `.nonZero`.
  public var fillRule: CAShapeLayerFillRule {
    get { state.shapeState.fillRule }
    set { setModelValue(\.shapeState.fillRule, newValue, forKey: "fillRule") }
  }

  /// The colour the path is stroked with; nil does not stroke. Default nil. Animatable.
  public var strokeColor: CGColor? {
    get { state.shapeState.strokeColor }
    set { setCheckedModelValue(\.shapeState.strokeColor, newValue, forKey: "strokeColor") }
  }

  /// The stroke width in points, centred on the path. Default 1. Animatable.
  public var lineWidth: CGFloat {
    get { state.shapeState.lineWidth }
    set { setCheckedModelValue(\.shapeState.lineWidth, newValue, forKey: "lineWidth") }
  }

  /// The miter limit: longer miters are bevelled. Default 10. Animatable.
  public var miterLimit: CGFloat {
    get { state.shapeState.miterLimit }
    set { setCheckedModelValue(\.shapeState.miterLimit, newValue, forKey: "miterLimit") }
  }

  /// The ends of open subpaths. Default `.butt`.
  public var lineCap: CAShapeLayerLineCap {
    get { state.shapeState.lineCap }
    set { setModelValue(\.shapeState.lineCap, newValue, forKey: "lineCap") }
  }

  /// The corners between segments. Default `.miter`.
  public var lineJoin: CAShapeLayerLineJoin {
    get { state.shapeState.lineJoin }
    set { setModelValue(\.shapeState.lineJoin, newValue, forKey: "lineJoin") }
  }

  /// Alternating dash and gap lengths in points; nil (or empty) for a solid stroke.
  /// Default nil. Animatable (element by element for patterns of the same length).
  public var lineDashPattern: [NSNumber]? {
    get {
      let e = state.shapeState.lineDashPattern.elements
      return e.isEmpty ? nil : e.map { NSNumber(value: Double($0)) }
    }
    set {
      let lengths = (newValue ?? []).map { CGFloat($0.doubleValue) }
      setCheckedModelValue(
        \.shapeState.lineDashPattern, InterpolatableArray(lengths), forKey: "lineDashPattern")
    }
  }

  /// How far into the dash pattern the stroke starts, in points. Default 0. Animatable.
  public var lineDashPhase: CGFloat {
    get { state.shapeState.lineDashPhase }
    set { setCheckedModelValue(\.shapeState.lineDashPhase, newValue, forKey: "lineDashPhase") }
  }

  /// Where the stroke starts, as a fraction (0…1) of the path's length. Default 0.
  /// Animatable.
  ///
  /// As in Core Animation, the fraction picks the path segment by arc length, and inside
  /// a curve the point whose curve parameter is the fraction's share of that segment's
  /// length (not the point at that arc length): on a curve whose speed varies the cut
  /// moves unevenly. The same holds for `strokeEnd`.
  public var strokeStart: CGFloat {
    get { state.shapeState.strokeStart }
    set { setCheckedModelValue(\.shapeState.strokeStart, newValue, forKey: "strokeStart") }
  }

  /// Where the stroke ends, as a fraction (0…1) of the path's length. Default 1.
  /// Animatable: animating it from 0 to 1 draws the path progressively.
  public var strokeEnd: CGFloat {
    get { state.shapeState.strokeEnd }
    set { setCheckedModelValue(\.shapeState.strokeEnd, newValue, forKey: "strokeEnd") }
  }
}

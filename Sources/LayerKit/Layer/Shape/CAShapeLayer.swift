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

}

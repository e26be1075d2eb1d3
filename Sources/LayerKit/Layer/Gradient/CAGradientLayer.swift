import Foundation

/// A layer that fills its bounds with a colour gradient: axial, radial or conic.
///
/// The gradient is drawn over the background colour, in the layer's unit square: (0, 0)
/// is the top-left corner of the bounds, (1, 1) the bottom-right.
///
/// ```swift
/// let g = CAGradientLayer()
/// g.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
/// g.colors = [CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), CGColor(red: 0.5, green: 0, blue: 1, alpha: 1)]
/// g.startPoint = CGPoint(x: 0, y: 0.5)
/// g.endPoint = CGPoint(x: 1, y: 0.5)
/// ```
open class CAGradientLayer: CALayer {
  /// Creates a gradient layer with no colours, vertical from top to bottom.
  public override init() {
    super.init()
    if state.gradient == nil { state.gradient = GradientLayerState() }
  }

  /// Copies `layer`'s model, gradient included when it is a gradient layer.
  public required init(layer: Any) {
    super.init(layer: layer)
    if state.gradient == nil { state.gradient = GradientLayerState() }
  }

  override package class var propertyRegistry: LayerPropertyRegistry { .gradientLayer }

  override package class var frameTraits: LayerFrameTraits { LayerFrameTraits(nodeKind: .gradient) }

  override package class func makeRenderReplica() -> CALayer { CAGradientLayer() }

  /// The gradient's colours, `CGColor`s. Default nil. Animatable (colour by colour for
  /// arrays of the same length). An element that is not a `CGColor` makes the whole
  /// array be ignored with a diagnostic.
  public var colors: [Any]? {
    get {
      let c = state.gradientState.colors.elements
      return c.isEmpty ? nil : c
    }
    set {
      let list = newValue ?? []
      let colors = list.compactMap { $0 as? CGColor }
      guard colors.count == list.count else {
        CADiagnostics.report(key: "colors", "expected an array of CGColor; ignored")
        return
      }
      setCheckedModelValue(\.gradientState.colors, InterpolatableArray(colors), forKey: "colors")
    }
  }

  /// Where each colour sits along the gradient, in 0…1 and increasing; nil spreads the
  /// colours evenly. Default nil. Animatable.
  public var locations: [NSNumber]? {
    get {
      let l = state.gradientState.locations.elements
      return l.isEmpty ? nil : l.map { NSNumber(value: Double($0)) }
    }
    set {
      let stops = (newValue ?? []).map { CGFloat($0.doubleValue) }
      setCheckedModelValue(
        \.gradientState.locations, InterpolatableArray(stops), forKey: "locations")
    }
  }

}

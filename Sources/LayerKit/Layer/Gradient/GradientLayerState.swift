import Foundation

extension CAGradientLayer {
  /// The model of a `CAGradientLayer` beyond `CALayer`'s, with Core Animation's defaults.
  /// Points are in the layer's unit square ((0, 0) is the top-left corner of the bounds).
  @LayerModel(state: "gradientState")
  package struct GradientLayerState: Equatable, Sendable {
    /// The colours, in order. Default empty (nothing drawn).
    @Model(animatable: true, accessor: false)
    package var colors: InterpolatableArray<CGColor> = InterpolatableArray([])
    /// Where each colour sits, in 0…1; empty spreads the colours evenly. Default empty.
    @Model(animatable: true, accessor: false)
    package var locations: InterpolatableArray<CGFloat> = InterpolatableArray([])
    /// Where the gradient starts, in the unit square. Default (0.5, 0). Animatable.
    @Model(animatable: true)
    package var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
    /// Where the gradient ends, in the unit square. Default (0.5, 1). Animatable.
    @Model(animatable: true)
    package var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
    /// The gradient's geometry. Default `.axial`.
    @Model
    package var type: CAGradientLayerType = .axial

    package init() {}
  }
}

/// `CAGradientLayer.GradientLayerState`, by its own name.
package typealias GradientLayerState = CAGradientLayer.GradientLayerState

extension LayerState {
  /// The gradient state, created with its defaults when first written.
  package var gradientState: GradientLayerState {
    get { self.gradient ?? GradientLayerState() }
    // Written in place (no copy of the whole subclass state per property write).
    _modify {
      if self.gradient == nil { self.gradient = GradientLayerState() }
      yield &self.gradient!
    }
  }
}

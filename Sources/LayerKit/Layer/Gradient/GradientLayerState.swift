import Foundation

/// The model of a `CAGradientLayer` beyond `CALayer`'s, with Core Animation's defaults.
/// Points are in the layer's unit square ((0, 0) is the top-left corner of the bounds).
package struct GradientLayerState: Equatable, Sendable {
  /// The colours, in order. Default empty (nothing drawn).
  package var colors = InterpolatableArray<CGColor>([])
  /// Where each colour sits, in 0…1; empty spreads the colours evenly. Default empty.
  package var locations = InterpolatableArray<CGFloat>([])
  /// Default (0.5, 0).
  package var startPoint = CGPoint(x: 0.5, y: 0)
  /// Default (0.5, 1).
  package var endPoint = CGPoint(x: 0.5, y: 1)
  package var type: CAGradientLayerType = .axial

  package init() {}
}

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

import Foundation

// Background, border, corners, shadow and compositing flags.
extension CALayer {
  /// The shadow's shape in the layer's coordinates; nil casts the shadow of the layer's
  /// composited alpha. Default nil. Animatable.
  public var shadowPath: CGPath? {
    get { state.shadowPath }
    set { setModelValue(\.shadowPath, newValue.flatMap { $0.copy() }, forKey: "shadowPath") }
  }

}

import Foundation

/// The object a layer asks for its contents, its layout and its actions.
///
/// Every method has a default implementation, so a delegate implements only what it
/// needs (Core Animation's optional protocol methods).
///
/// Drawing into a graphics context (`draw(_:in:)`) is declared by the renderer, which
/// owns `CGContext`.
public protocol CALayerDelegate: AnyObject {
  /// Supplies the layer's contents, typically by setting `layer.contents`. Called by
  /// `CALayer.display()`. Default: does nothing.
  func display(_ layer: CALayer)
  /// Called before the layer's contents are drawn into a backing store. Default: does
  /// nothing.
  func layerWillDraw(_ layer: CALayer)
  /// Lays out the layer's sublayers. Called by `CALayer.layoutSublayers()`. Default:
  /// does nothing.
  func layoutSublayers(of layer: CALayer)
  /// The action for `event` on `layer`: return an action, `NSNull()` to stop the
  /// search with no action, or nil to continue it. Default: nil.
  func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
  public func display(_ layer: CALayer) {}
  public func layerWillDraw(_ layer: CALayer) {}
  public func layoutSublayers(of layer: CALayer) {}
  public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

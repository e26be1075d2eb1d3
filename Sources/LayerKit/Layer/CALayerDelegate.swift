import Foundation

/// The object a layer asks for its contents, its layout and its actions.
///
/// Every method has a default implementation, so a delegate implements only what it
/// needs (Core Animation's optional protocol methods).
///
public protocol CALayerDelegate: AnyObject {
  /// Supplies the layer's contents, typically by setting `layer.contents`. Called by
  /// `CALayer.display()`. Default: does nothing.
  func display(_ layer: CALayer)
  /// Called before the layer's contents are drawn into a backing store. Default: does
  /// nothing.
  func layerWillDraw(_ layer: CALayer)
  /// Draws the layer's content into `ctx`, in the layer's coordinates. Called by
  /// `CALayer.draw(in:)` when the layer's backing store is redrawn. Default: draws
  /// nothing.
  func draw(_ layer: CALayer, in ctx: CGContext)
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
  public func draw(_ layer: CALayer, in ctx: CGContext) {}
  public func layoutSublayers(of layer: CALayer) {}
  public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

import LayerKit

/// A rectangle on screen backed by a layer, as UIKit's view is: every visual property is
/// its ``layer``'s, and ``draw(_:)`` fills the layer's backing store.
///
/// This is the part of `UIView` that layer code touches — geometry, colour, alpha,
/// clipping, the subview tree, custom drawing, `layerClass` and UIKit's animation blocks
/// (`UIView.animate`, keyframes, transitions, ``UIViewPropertyAnimator``) — without
/// events, responders or Auto Layout. As in UIKit, the view is its layer's delegate: it
/// turns off the layer's implicit animations outside animation blocks and, inside one,
/// answers each animatable property change with the block's animation.
open class UIView: CALayerDelegate {
  /// The class of the layer a view makes (override to use a `CALayer` subclass).
  open class var layerClass: AnyClass { CALayer.self }

  /// The backing layer; the view is its delegate.
  public let layer: CALayer
  /// The views inside this one, back to front.
  public private(set) var subviews: [UIView] = []
  /// The view this one is inside.
  public private(set) weak var superview: UIView?

  public init(frame: CGRect) {
    // `init(layer:)` is the one initialiser every CALayer subclass has.
    let type = (Self.layerClass as? CALayer.Type) ?? CALayer.self
    layer = type === CALayer.self ? CALayer() : type.init(layer: CALayer())
    adoptLayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.frame = frame
    CATransaction.commit()
  }

  public convenience init() { self.init(frame: .zero) }

  /// Views are not decoded from archives here; this makes an empty view.
  public required init?(coder: NSCoder) {
    layer = CALayer()
    adoptLayer()
  }

  /// Becomes the layer's delegate and asks for a first ``draw(_:)``, again on resizes.
  private func adoptLayer() {
    layer.delegate = self
    layer.needsDisplayOnBoundsChange = true
    layer.setNeedsDisplay()
  }

  /// The frame in the superview's coordinates: the layer's.
  open var frame: CGRect {
    get { layer.frame }
    set { layer.frame = newValue }
  }
  /// The layer's bounds.
  open var bounds: CGRect {
    get { layer.bounds }
    set { layer.bounds = newValue }
  }
  /// The layer's position (the centre while the anchor point is the default).
  open var center: CGPoint {
    get { layer.position }
    set { layer.position = newValue }
  }
  /// The layer's background colour.
  open var backgroundColor: UIColor? {
    get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
    set { layer.backgroundColor = newValue?.cgColor }
  }
  /// The layer's opacity.
  open var alpha: CGFloat {
    get { CGFloat(layer.opacity) }
    set { layer.opacity = Float(newValue) }
  }
  /// The layer's `masksToBounds`.
  open var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }
  /// The layer's `isOpaque`.
  open var isOpaque: Bool {
    get { layer.isOpaque }
    set { layer.isOpaque = newValue }
  }
  /// The layer's affine transform (`layer.affineTransform()`), about the centre while the
  /// anchor point is the default.
  open var transform: CGAffineTransform {
    get { layer.affineTransform() }
    set { layer.setAffineTransform(newValue) }
  }
  /// How the layer places its contents: the matching `contentsGravity`
  /// (``ContentMode/contentsGravity``). Default `.scaleToFill`.
  open var contentMode: ContentMode {
    get { ContentMode(gravity: layer.contentsGravity) }
    set { layer.contentsGravity = newValue.contentsGravity }
  }
  /// The layer's `isHidden`.
  open var isHidden: Bool {
    get { layer.isHidden }
    set { layer.isHidden = newValue }
  }

  /// Adds `view` on top of the subviews (and its layer on top of the sublayers).
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
    layer.addSublayer(view.layer)
  }

  /// Removes the view from its superview.
  open func removeFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
    layer.removeFromSuperlayer()
  }

  /// Asks for ``draw(_:)`` before the next frame.
  open func setNeedsDisplay() { layer.setNeedsDisplay() }

  /// Draws the view's content into `UIGraphicsGetCurrentContext()`, in the view's bounds'
  /// coordinates. The default draws nothing.
  open func draw(_ rect: CGRect) {}

  // MARK: - CALayerDelegate

  /// Does nothing, so the layer draws through ``draw(_:)``; a subclass that sets the
  /// layer's `contents` itself (``UIImageView``) overrides it.
  open func display(_ layer: CALayer) {}

  open func draw(_ layer: CALayer, in ctx: CGContext) { draw(layer.bounds) }

  /// The view's animation: inside an animation block, an action that animates the
  /// property with the block's settings (for the view's own layer and an animatable
  /// property); otherwise `NSNull`, so the view's layer has no implicit animations, as in
  /// UIKit.
  open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
    guard layer === self.layer,
      let action = UIViewAnimationScope.current?.action(for: layer, forKey: event)
    else { return NSNull() }
    return action
  }
}

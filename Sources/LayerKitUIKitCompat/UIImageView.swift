import LayerKit

/// A view that shows an image: UIKit's `UIImageView` as far as layers go.
///
/// The image is the layer's `contents` (its `cgImage`, with `contentsScale` set to the
/// image's ``UIImage/scale``), placed by ``UIView/contentMode`` through the matching
/// `contentsGravity`. While ``isHighlighted`` is true and a ``highlightedImage`` is set,
/// that image shows instead. Animated image sequences (`animationImages`) are not
/// provided. As in UIKit, a new image view is not opaque and, made with
/// ``init(image:)``, takes the image's size.
open class UIImageView: UIView {
  /// The image shown while not highlighted. Default nil.
  open var image: UIImage? {
    didSet { updateContents() }
  }
  /// The image shown while ``isHighlighted`` is true. Default nil (the ``image`` shows).
  open var highlightedImage: UIImage? {
    didSet { updateContents() }
  }
  /// Whether the view shows ``highlightedImage``. Default false.
  open var isHighlighted = false {
    didSet { updateContents() }
  }

  /// An image view of the image's size (in points) at the origin.
  public init(image: UIImage?) {
    self.image = image
    super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    configure()
  }

  /// An image view showing `image`, or `highlightedImage` while highlighted.
  public convenience init(image: UIImage?, highlightedImage: UIImage?) {
    self.init(image: image)
    self.highlightedImage = highlightedImage
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
    configure()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    configure()
  }

  private func configure() {
    // An image view draws nothing itself: its layer shows the image as contents.
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.needsDisplayOnBoundsChange = false
    layer.isOpaque = false
    CATransaction.commit()
    updateContents()
  }

  /// The image on screen now: the highlighted one while highlighted, if there is one.
  var shownImage: UIImage? {
    isHighlighted ? highlightedImage ?? image : image
  }

  /// The view's natural size: the shown image's size in points.
  open func sizeThatFits(_ size: CGSize) -> CGSize { shownImage?.size ?? .zero }

  /// Resizes the view to the shown image's size, keeping its origin.
  open func sizeToFit() {
    frame = CGRect(origin: frame.origin, size: sizeThatFits(bounds.size))
  }

  private func updateContents() {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let shown = shownImage
    layer.contents = shown?.cgImage
    layer.contentsScale = shown?.scale ?? 1
    CATransaction.commit()
  }

  /// Sets the layer's contents to the shown image, so the layer never makes a backing
  /// store for ``UIView/draw(_:)``.
  open override func display(_ layer: CALayer) {
    guard layer === self.layer else { return }
    updateContents()
  }
}

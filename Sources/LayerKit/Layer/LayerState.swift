import Foundation

/// Every model property of a `CALayer`, as plain values with Core Animation's defaults.
///
/// The public `CALayer` properties read and write one of these; presentation copies and
/// the render tree are built from it, and animations evaluate typed properties
/// (`LayerProperty`) against it without boxing. Geometry is in points; `bounds` is in
/// the layer's own coordinate space, `position` and `zPosition` in the superlayer's;
/// `anchorPoint` and `contentsRect`/`contentsCenter` in the unit square.
///
/// Subclass-specific state (shape, gradient, …) is not here: each subclass keeps its
/// own. The exception is `text`: a text layer's animatable properties (`fontSize`,
/// `foregroundColor`) need descriptors over this value, so its state rides along here,
/// nil for every other layer.
package struct LayerState: Equatable, Sendable {
  // MARK: Geometry

  /// The layer's own coordinate space: its origin is the top-left corner's coordinates,
  /// its size the layer's size in points. Default `.zero`.
  package var bounds: CGRect = .zero
  /// Where the anchor point sits in the superlayer's coordinate space. Default `.zero`.
  package var position: CGPoint = .zero
  /// The layer's position along z in the superlayer's space. Default 0.
  package var zPosition: CGFloat = 0
  /// The point transforms turn about and `position` places, in the unit square of the
  /// bounds. Default (0.5, 0.5).
  package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
  /// The anchor point's z, in points. Default 0.
  package var anchorPointZ: CGFloat = 0
  /// The layer's transform about its anchor point. Default identity.
  package var transform: CATransform3D = .identity
  /// The transform applied to the sublayers, about this layer's anchor point. Default
  /// identity.
  package var sublayerTransform: CATransform3D = .identity
  /// Whether sublayer geometry has its y axis pointing up. Default false.
  package var isGeometryFlipped = false

  // MARK: Visibility and appearance

  package var isHidden = false
  package var isDoubleSided = true
  /// In 0…1. Default 1.
  package var opacity: Float = 1
  package var backgroundColor: CGColor? = nil
  /// In points. Default 0.
  package var cornerRadius: CGFloat = 0
  package var maskedCorners: CACornerMask = .all
  /// The shape of the rounded corners. Default `.circular`.
  package var cornerCurve: CALayerCornerCurve = .circular
  /// How `mask` becomes coverage (a LayerKit addition). Default `.alpha`.
  package var maskMode: LayerMaskMode = .alpha
  /// In points, drawn inside the bounds. Default 0.
  package var borderWidth: CGFloat = 0
  package var borderColor: CGColor? = .black
  package var masksToBounds = false
  package var allowsGroupOpacity = true
  package var allowsEdgeAntialiasing = false
  package var edgeAntialiasingMask: CAEdgeAntialiasingMask = .all
  package var isOpaque = false
  /// The name of the filter compositing the layer onto what is behind it (one of Apple's
  /// blend-mode filter names, see `CALayer.compositingFilter`). Default nil (source
  /// over).
  package var compositingFilter: String? = nil

  // MARK: Shadow

  package var shadowColor: CGColor? = .black
  /// In 0…1. Default 0 (no shadow).
  package var shadowOpacity: Float = 0
  /// In points. Default (0, −3).
  package var shadowOffset = CGSize(width: 0, height: -3)
  /// The blur radius, in points. Default 3.
  package var shadowRadius: CGFloat = 3
  /// The shadow's shape in the layer's coordinates; nil uses the layer's own alpha.
  package var shadowPath: CGPath? = nil

  // MARK: Contents

  /// Any object (`LayerContents`); only a `CGImage` is drawn. Default nil.
  package var contentsObject: LayerContents? = nil
  /// The contents when they are an image: what the renderer draws. Setting it replaces
  /// `contentsObject`.
  package var contents: CGImage? {
    get { contentsObject?.image }
    set { contentsObject = newValue.map(LayerContents.init) }
  }
  /// The part of `contents` shown, in the image's unit square. Default (0, 0, 1, 1).
  package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  /// Image pixels per point. Default 1.
  package var contentsScale: CGFloat = 1
  /// The stretchable middle of `contents`, in its unit square. Default (0, 0, 1, 1).
  package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
  package var contentsGravity: CALayerContentsGravity = .resize
  package var minificationFilter: CALayerContentsFilter = .linear
  package var magnificationFilter: CALayerContentsFilter = .linear
  package var minificationFilterBias: Float = 0
  package var needsDisplayOnBoundsChange = false
  package var drawsAsynchronously = false
  package var shouldRasterize = false
  /// Pixels per point of the rasterized copy. Default 1.
  package var rasterizationScale: CGFloat = 1

  // MARK: Subclass state

  /// A `CATextLayer`'s text and text properties; nil for other layers.
  package var text: TextLayerState? = nil

  // MARK: Media timing (the layer's own time space)

  /// In the superlayer's time, in seconds. Default 0.
  package var beginTime: CFTimeInterval = 0
  /// In seconds. Default infinity: a layer is active for ever (Core Animation's
  /// `CALayer.defaultValue(forKey: "duration")`). LayerKit's layer timing treats every
  /// layer's active duration as infinite whatever this holds.
  package var duration: CFTimeInterval = .infinity
  /// Default 1.
  package var speed: Float = 1
  /// In seconds. Default 0.
  package var timeOffset: CFTimeInterval = 0
  /// Default 0.
  package var repeatCount: Float = 0
  /// In seconds. Default 0.
  package var repeatDuration: CFTimeInterval = 0
  package var autoreverses = false
  package var fillMode: CAMediaTimingFillMode = .removed

  // MARK: Drawing subclasses

  /// A `CAShapeLayer`'s path and stroke/fill style; nil for other layers.
  package var shape: ShapeLayerState? = nil
  /// A `CAGradientLayer`'s colours, stops, end points and type; nil for other layers.
  package var gradient: GradientLayerState? = nil
  /// A `CAReplicatorLayer`'s instance count, transform, delay and colours; nil for
  /// other layers.
  package var replicator: ReplicatorLayerState? = nil
  /// A `CAEmitterLayer`'s emitter settings and cells; nil for other layers.
  package var emitter: EmitterLayerState? = nil

  /// A state with every property at Core Animation's default.
  package init() {}

  /// The anchor point in the layer's own (bounds) coordinates:
  /// `bounds.origin + anchorPoint · bounds.size`.
  package var anchorInBounds: CGPoint {
    CGPoint(
      x: bounds.origin.x + anchorPoint.x * bounds.size.width,
      y: bounds.origin.y + anchorPoint.y * bounds.size.height)
  }
}

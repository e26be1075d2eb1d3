import Foundation

/// Every model property of a `CALayer`, as plain values with Core Animation's defaults.
///
/// The public `CALayer` properties read and write one of these; presentation copies and
/// the render tree are built from it, and animations evaluate typed properties
/// (`LayerProperty`) against it without boxing. Geometry is in points; `bounds` is in
/// the layer's own coordinate space, `position` and `zPosition` in the superlayer's;
/// `anchorPoint` and `contentsRect`/`contentsCenter` in the unit square.
///
/// The properties most layers set or animate are stored inline. The rest (the sublayer
/// transform, rarely set appearance and contents options, media timing beyond what every
/// frame reads, and the subclass states `text`, `shape`, `gradient`, `replicator` and
/// `emitter`) live in one copy-on-write ``LayerState/Rare`` value behind ``rare``: a
/// state is copied for every layer at every frame (presentation, render tree, damage),
/// and those copies then cost one reference count for that part instead of copying it.
/// The properties read and write the same as if they were stored inline.
@dynamicMemberLookup
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
  /// In points, drawn inside the bounds. Default 0.
  package var borderWidth: CGFloat = 0
  package var borderColor: CGColor? = .black
  package var masksToBounds = false
  package var allowsGroupOpacity = true
  package var isOpaque = false

  // MARK: Shadow

  package var shadowColor: CGColor? = .black
  /// In 0…1. Default 0 (no shadow).
  package var shadowOpacity: Float = 0
  /// In points. Default (0, −3).
  package var shadowOffset = CGSize(width: 0, height: -3)
  /// The blur radius, in points. Default 3.
  package var shadowRadius: CGFloat = 3

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
  package var contentsGravity: CALayerContentsGravity = .resize
  package var shouldRasterize = false
  /// Pixels per point of the rasterized copy. Default 1.
  package var rasterizationScale: CGFloat = 1

  // MARK: Media timing (the layer's own time space)

  /// In the superlayer's time, in seconds. Default 0.
  package var beginTime: CFTimeInterval = 0
  /// Default 1.
  package var speed: Float = 1
  /// In seconds. Default 0.
  package var timeOffset: CFTimeInterval = 0
  package var fillMode: CAMediaTimingFillMode = .removed

  // MARK: Rarely set properties and subclass state

  /// The properties few layers set, shared between copies until one is written.
  package var rare = Rare.shared

  /// A state with every property at Core Animation's default.
  package init() {}

  /// The anchor point in the layer's own (bounds) coordinates:
  /// `bounds.origin + anchorPoint · bounds.size`.
  package var anchorInBounds: CGPoint { LayerGeometry.anchor(anchorPoint, in: bounds) }
}

extension LayerState {
  /// The part of a ``LayerState`` most layers leave at its defaults, kept behind one
  /// copy-on-write reference (see ``LayerState``). Each field is declared here once and
  /// read and written on the state as if it were stored inline
  /// (`state.cornerCurve`, through ``subscript(dynamicMember:)``).
  package struct Rare: Equatable, Sendable {
    /// The transform applied to the sublayers, about this layer's anchor point. Default
    /// identity.
    package var sublayerTransform: CATransform3D = .identity
    /// The shape of the rounded corners. Default `.circular`.
    package var cornerCurve: CALayerCornerCurve = .circular
    /// How `mask` becomes coverage (a LayerKit addition). Default `.alpha`.
    package var maskMode: LayerMaskMode = .alpha
    /// Default false.
    package var allowsEdgeAntialiasing = false
    /// Default `.all`.
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = .all
    /// The name of the filter compositing the layer onto what is behind it (one of Apple's
    /// blend-mode filter names, see `CALayer.compositingFilter`). Default nil (source
    /// over).
    package var compositingFilter: String? = nil
    /// The shadow's shape in the layer's coordinates; nil uses the layer's own alpha.
    package var shadowPath: CGPath? = nil
    /// The stretchable middle of `contents`, in its unit square. Default (0, 0, 1, 1).
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Default `.linear`.
    package var minificationFilter: CALayerContentsFilter = .linear
    /// Default `.linear`.
    package var magnificationFilter: CALayerContentsFilter = .linear
    /// Default 0.
    package var minificationFilterBias: Float = 0
    /// Default false.
    package var needsDisplayOnBoundsChange = false
    /// Default false.
    package var drawsAsynchronously = false
    /// In seconds. Default infinity: a layer is active for ever (Core Animation's
    /// `CALayer.defaultValue(forKey: "duration")`). LayerKit's layer timing treats every
    /// layer's active duration as infinite whatever this holds.
    package var duration: CFTimeInterval = .infinity
    /// Default 0.
    package var repeatCount: Float = 0
    /// In seconds. Default 0.
    package var repeatDuration: CFTimeInterval = 0
    /// Default false.
    package var autoreverses = false
    /// A `CATextLayer`'s text and text properties; nil for other layers.
    package var text: TextLayerState? = nil
    /// A `CAShapeLayer`'s path and stroke/fill style; nil for other layers.
    package var shape: ShapeLayerState? = nil
    /// A `CAGradientLayer`'s colours, stops, end points and type; nil for other layers.
    package var gradient: GradientLayerState? = nil
    /// A `CAReplicatorLayer`'s instance count, transform, delay and colours; nil for
    /// other layers.
    package var replicator: ReplicatorLayerState? = nil
    /// A `CAEmitterLayer`'s emitter settings and cells; nil for other layers.
    package var emitter: EmitterLayerState? = nil

    /// Every default, in one storage that all default states share (a state written
    /// for the first time copies it).
    static let shared = CopyOnWrite(Rare())
  }

  /// A rarely set property, read from the shared ``Rare`` storage and written after
  /// copying it when another state shares it.
  package subscript<Value>(dynamicMember keyPath: WritableKeyPath<Rare, Value>) -> Value {
    get { rare.value[keyPath: keyPath] }
    _modify { yield &rare.value[keyPath: keyPath] }
  }
}

import Foundation

extension CALayer {
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
  @LayerModel
  package struct LayerState: Equatable, Sendable {
    // MARK: Geometry

    /// The layer's own coordinate space: `origin` is the coordinate of its top-left
    /// corner, `size` its size in points. Default `.zero`. Animatable.
    ///
    /// A size change marks the layer as needing layout.
    @Model(animatable: true)
    package var bounds: CGRect = .zero
    /// Where the anchor point lies in the superlayer's coordinate space, in points.
    /// Default `.zero`. Animatable.
    @Model(animatable: true)
    package var position: CGPoint = .zero
    /// The layer's position on the z axis of the superlayer's space, in points; also
    /// orders siblings (higher is in front). Default 0. Animatable.
    @Model(animatable: true)
    package var zPosition: CGFloat = 0
    /// The point, in the unit square of `bounds`, that `position` places and `transform`
    /// turns about; (0, 0) is the top-left corner, (1, 1) the bottom-right. Changing it
    /// keeps `position` and moves `frame`. Default (0.5, 0.5). Animatable.
    @Model(animatable: true)
    package var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
    /// The anchor point's z coordinate, in points. Default 0. Animatable.
    @Model(animatable: true)
    package var anchorPointZ: CGFloat = 0
    /// The transform applied to the layer about its anchor point. Default identity.
    /// Animatable (through its decomposition).
    @Model(animatable: true)
    package var transform: CATransform3D = .identity
    /// Whether the sublayers' coordinate space has its y axis pointing up (origin at the
    /// bottom-left of `bounds`). Default false.
    @Model("geometryFlipped")
    package var isGeometryFlipped: Bool = false

    // MARK: Visibility and appearance

    /// Whether the layer and its sublayers are not drawn and not hit. Default false.
    /// Animatable.
    @Model("hidden", animatable: true)
    package var isHidden: Bool = false
    /// Whether the layer draws when facing away from the viewer. Default true.
    @Model("doubleSided", animatable: true)
    package var isDoubleSided: Bool = true
    /// The layer's opacity, in 0…1 (values outside are clamped when drawn). Default 1.
    /// Animatable.
    @Model(animatable: true)
    package var opacity: Float = 1
    /// The colour filling the bounds (rounded by `cornerRadius`). Default nil (none).
    /// Animatable; nil animates as transparent.
    @Model(animatable: true)
    package var backgroundColor: CGColor? = nil
    /// The radius of the rounded corners of the background and border, in points.
    /// Default 0. Animatable.
    @Model(animatable: true)
    package var cornerRadius: CGFloat = 0
    /// Which corners `cornerRadius` rounds. Default all four.
    @Model
    package var maskedCorners: CACornerMask = .all
    /// The width of the border, drawn inside the bounds, in points. Default 0. Animatable.
    @Model(animatable: true)
    package var borderWidth: CGFloat = 0
    /// The border's colour. Default opaque black. Animatable.
    @Model(animatable: true)
    package var borderColor: CGColor? = .black
    /// Whether sublayers (and contents) are clipped to the bounds, rounded by
    /// `cornerRadius`; also limits hit testing of sublayers. Default false. Animatable.
    @Model(animatable: true)
    package var masksToBounds: Bool = false
    /// Whether the layer composites with its sublayers as one group when its opacity is
    /// below 1. Default true.
    @Model
    package var allowsGroupOpacity: Bool = true
    /// Whether the layer promises to cover its bounds with opaque pixels. Default false.
    @Model("opaque")
    package var isOpaque: Bool = false

    // MARK: Shadow

    /// The shadow's colour. Default opaque black. Animatable.
    @Model(animatable: true)
    package var shadowColor: CGColor? = .black
    /// The shadow's opacity, in 0…1. Default 0 (no shadow). Animatable.
    @Model(animatable: true)
    package var shadowOpacity: Float = 0
    /// The shadow's offset, in points, in the layer's coordinates. Default (0, −3).
    /// Animatable.
    @Model(animatable: true)
    package var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    /// The shadow's blur radius, in points. Default 3. Animatable.
    @Model(animatable: true)
    package var shadowRadius: CGFloat = 3

    // MARK: Contents

    /// Any object (`LayerContents`); only a `CGImage` is drawn. Default nil.
    @Model("contents", animatable: true, accessor: false)
    package var contentsObject: LayerContents? = nil
    /// The contents when they are an image: what the renderer draws. Setting it replaces
    /// `contentsObject`.
    package var contents: CGImage? {
      get { contentsObject?.image }
      set { contentsObject = newValue.map(LayerContents.init) }
    }
    /// The part of `contents` shown, in the image's unit square. Default (0, 0, 1, 1).
    /// Animatable.
    @Model(animatable: true)
    package var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point: an image of `w` pixels is `w / contentsScale` points wide
    /// under the positional gravities, and `draw(in:)` draws `contentsScale` pixels per
    /// point. Default 1. Animatable.
    @Model(animatable: true)
    package var contentsScale: CGFloat = 1
    /// How `contents` is placed in the bounds. Default `.resize`.
    @Model
    package var contentsGravity: CALayerContentsGravity = .resize
    /// Whether the layer is rendered once to a bitmap and composited from it. Default
    /// false.
    ///
    /// When true, the layer and its whole subtree (shadow, mask, sublayers, border) are
    /// drawn into a bitmap in the layer's own coordinate space at `rasterizationScale`
    /// pixels per point, and that bitmap is composited at the layer's opacity as one
    /// group. Moving, rotating or fading the layer reuses the bitmap; any change inside
    /// the subtree draws it again. A bitmap larger than 4,194,304 pixels is not made: the
    /// layer is then drawn directly. Animatable (switches at the midpoint).
    @Model(animatable: true)
    package var shouldRasterize: Bool = false
    /// Pixels per point of the rasterized bitmap (`shouldRasterize`). Default 1, so on a
    /// screen with more pixels per point a rasterized layer is magnified and looks
    /// soft unless this is set to the screen's scale. Animatable.
    @Model(animatable: true)
    package var rasterizationScale: CGFloat = 1

    // MARK: Media timing (the layer's own time space)

    /// In the superlayer's time, in seconds. Default 0.
    @Model(accessor: false, accepts: TimingNumber.seconds)
    package var beginTime: CFTimeInterval = 0
    /// Default 1.
    @Model(accessor: false, accepts: TimingNumber.float)
    package var speed: Float = 1
    /// In seconds. Default 0.
    @Model(accessor: false, accepts: TimingNumber.seconds)
    package var timeOffset: CFTimeInterval = 0
    @Model
    package var fillMode: CAMediaTimingFillMode = .removed

    // MARK: Rarely set properties and subclass state

    /// The properties few layers set, shared between copies until one is written.
    package var rare: CopyOnWrite<Rare> = Rare.shared

    /// A state with every property at Core Animation's default.
    package init() {}

    /// The part of a ``LayerState`` most layers leave at its defaults, kept behind one
    /// copy-on-write reference (see ``LayerState``). Each field is declared here once and
    /// read and written on the state as if it were stored inline
    /// (`state.cornerCurve`, through ``subscript(dynamicMember:)``).
    package struct Rare: Equatable, Sendable {
      /// The transform applied to the sublayers, about this layer's anchor point; the usual
      /// place for a shared perspective (`m34 = −1/d`). Default identity. Animatable.
      @Model(animatable: true)
      package var sublayerTransform: CATransform3D = .identity
      /// The shape of the rounded corners. Default `.circular`.
      @Model(accessor: false)
      package var cornerCurve: CALayerCornerCurve = .circular
      /// How `mask` becomes coverage (a LayerKit addition). Default `.alpha`.
      @Model(accessor: false)
      package var maskMode: LayerMaskMode = .alpha
      /// Whether edges named by `edgeAntialiasingMask` are antialiased when the layer is
      /// transformed. Default false.
      @Model
      package var allowsEdgeAntialiasing: Bool = false
      /// The edges antialiased when `allowsEdgeAntialiasing` is set. Default all four.
      @Model
      package var edgeAntialiasingMask: CAEdgeAntialiasingMask = .all
      /// The name of the filter compositing the layer onto what is behind it (one of Apple's
      /// blend-mode filter names, see `CALayer.compositingFilter`). Default nil (source
      /// over).
      @Model(accessor: false, accepts: { .some(CALayer.compositingFilterName($0)) })
      package var compositingFilter: String? = nil
      /// The shadow's shape in the layer's coordinates; nil uses the layer's own alpha.
      @Model(animatable: true, accessor: false)
      package var shadowPath: CGPath? = nil
      /// The stretchable middle of `contents` (nine-part scaling), in its unit square.
      /// Default (0, 0, 1, 1): the whole image stretches. Animatable.
      @Model(animatable: true)
      package var contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
      /// The filter used when `contents` is drawn smaller than its size. Default `.linear`.
      @Model
      package var minificationFilter: CALayerContentsFilter = .linear
      /// The filter used when `contents` is drawn larger than its size. Default `.linear`.
      @Model
      package var magnificationFilter: CALayerContentsFilter = .linear
      /// The level-of-detail bias of `.trilinear` minification. Default 0.
      @Model
      package var minificationFilterBias: Float = 0
      /// Whether any change of `bounds` marks the layer as needing display. Default false.
      @Model
      package var needsDisplayOnBoundsChange: Bool = false
      /// Whether drawing may be deferred to a background queue (recorded; LayerKit draws in
      /// order). Default false.
      @Model
      package var drawsAsynchronously: Bool = false
      /// In seconds. Default infinity: a layer is active for ever (Core Animation's
      /// `CALayer.defaultValue(forKey: "duration")`). LayerKit's layer timing treats every
      /// layer's active duration as infinite whatever this holds.
      @Model(accessor: false, accepts: TimingNumber.seconds)
      package var duration: CFTimeInterval = .infinity
      /// Default 0.
      @Model(accessor: false, accepts: TimingNumber.float)
      package var repeatCount: Float = 0
      /// In seconds. Default 0.
      @Model(accessor: false, accepts: TimingNumber.seconds)
      package var repeatDuration: CFTimeInterval = 0
      @Model
      package var autoreverses: Bool = false
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

    /// The anchor point in the layer's own (bounds) coordinates:
    /// `bounds.origin + anchorPoint · bounds.size`.
    package var anchorInBounds: CGPoint { LayerGeometry.anchor(anchorPoint, in: bounds) }
  }
}

/// `CALayer.LayerState`, by its own name.
package typealias LayerState = CALayer.LayerState

extension LayerState {
  /// A rarely set property, read from the shared ``Rare`` storage and written after
  /// copying it when another state shares it.
  package subscript<Value>(dynamicMember keyPath: WritableKeyPath<Rare, Value>) -> Value {
    get { rare.value[keyPath: keyPath] }
    _modify { yield &rare.value[keyPath: keyPath] }
  }
}

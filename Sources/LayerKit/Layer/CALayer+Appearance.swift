import Foundation

// Background, border, corners, shadow and compositing flags.
extension CALayer {
  /// The colour filling the bounds (rounded by `cornerRadius`). Default nil (none).
  /// Animatable; nil animates as transparent.
  public var backgroundColor: CGColor? {
    get { state.backgroundColor }
    set { setCheckedModelValue(\.backgroundColor, newValue, forKey: "backgroundColor") }
  }

  /// The radius of the rounded corners of the background and border, in points.
  /// Default 0. Animatable.
  public var cornerRadius: CGFloat {
    get { state.cornerRadius }
    set { setCheckedModelValue(\.cornerRadius, newValue, forKey: "cornerRadius") }
  }

  /// Which corners `cornerRadius` rounds. Default all four.
  public var maskedCorners: CACornerMask {
    get { state.maskedCorners }
    set { setModelValue(\.maskedCorners, newValue, forKey: "maskedCorners") }
  }

  /// The width of the border, drawn inside the bounds, in points. Default 0. Animatable.
  public var borderWidth: CGFloat {
    get { state.borderWidth }
    set { setCheckedModelValue(\.borderWidth, newValue, forKey: "borderWidth") }
  }

  /// The border's colour. Default opaque black. Animatable.
  public var borderColor: CGColor? {
    get { state.borderColor }
    set { setCheckedModelValue(\.borderColor, newValue, forKey: "borderColor") }
  }

  /// The shadow's colour. Default opaque black. Animatable.
  public var shadowColor: CGColor? {
    get { state.shadowColor }
    set { setCheckedModelValue(\.shadowColor, newValue, forKey: "shadowColor") }
  }

  /// The shadow's opacity, in 0…1. Default 0 (no shadow). Animatable.
  public var shadowOpacity: Float {
    get { state.shadowOpacity }
    set { setCheckedModelValue(\.shadowOpacity, newValue, forKey: "shadowOpacity") }
  }

  /// The shadow's offset, in points, in the layer's coordinates. Default (0, −3).
  /// Animatable.
  public var shadowOffset: CGSize {
    get { state.shadowOffset }
    set { setCheckedModelValue(\.shadowOffset, newValue, forKey: "shadowOffset") }
  }

  /// The shadow's blur radius, in points. Default 3. Animatable.
  public var shadowRadius: CGFloat {
    get { state.shadowRadius }
    set { setCheckedModelValue(\.shadowRadius, newValue, forKey: "shadowRadius") }
  }

  /// The shadow's shape in the layer's coordinates; nil casts the shadow of the layer's
  /// composited alpha. Default nil. Animatable.
  public var shadowPath: CGPath? {
    get { state.shadowPath }
    set { setModelValue(\.shadowPath, newValue.flatMap { $0.copy() }, forKey: "shadowPath") }
  }

  /// Whether the layer composites with its sublayers as one group when its opacity is
  /// below 1. Default true.
  public var allowsGroupOpacity: Bool {
    get { state.allowsGroupOpacity }
    set { setModelValue(\.allowsGroupOpacity, newValue, forKey: "allowsGroupOpacity") }
  }

  /// Whether edges named by `edgeAntialiasingMask` are antialiased when the layer is
  /// transformed. Default false.
  public var allowsEdgeAntialiasing: Bool {
    get { state.allowsEdgeAntialiasing }
    set { setModelValue(\.allowsEdgeAntialiasing, newValue, forKey: "allowsEdgeAntialiasing") }
  }

  /// The edges antialiased when `allowsEdgeAntialiasing` is set. Default all four.
  public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
    get { state.edgeAntialiasingMask }
    set { setModelValue(\.edgeAntialiasingMask, newValue, forKey: "edgeAntialiasingMask") }
  }

  /// Whether the layer promises to cover its bounds with opaque pixels. Default false.
  public var isOpaque: Bool {
    get { state.isOpaque }
    set { setModelValue(\.isOpaque, newValue, forKey: "opaque") }
  }

  /// Whether the layer is rendered once to a bitmap and composited from it. Default
  /// false.
  ///
  /// When true, the layer and its whole subtree (shadow, mask, sublayers, border) are
  /// drawn into a bitmap in the layer's own coordinate space at `rasterizationScale`
  /// pixels per point, and that bitmap is composited at the layer's opacity as one
  /// group. Moving, rotating or fading the layer reuses the bitmap; any change inside
  /// the subtree draws it again. A bitmap larger than 4,194,304 pixels is not made: the
  /// layer is then drawn directly. Animatable (switches at the midpoint).
  public var shouldRasterize: Bool {
    get { state.shouldRasterize }
    set { setModelValue(\.shouldRasterize, newValue, forKey: "shouldRasterize") }
  }

  /// Pixels per point of the rasterized bitmap (`shouldRasterize`). Default 1, so on a
  /// screen with more pixels per point a rasterized layer is magnified and looks
  /// soft unless this is set to the screen's scale. Animatable.
  public var rasterizationScale: CGFloat {
    get { state.rasterizationScale }
    set { setCheckedModelValue(\.rasterizationScale, newValue, forKey: "rasterizationScale") }
  }

  /// Whether drawing may be deferred to a background queue (recorded; LayerKit draws in
  /// order). Default false.
  public var drawsAsynchronously: Bool {
    get { state.drawsAsynchronously }
    set { setModelValue(\.drawsAsynchronously, newValue, forKey: "drawsAsynchronously") }
  }
}

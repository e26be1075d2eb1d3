import Foundation

// The contents image and how it is placed.
extension CALayer {
  /// An object that provides the layer's contents, or nil. Default nil. Animatable
  /// (switches discretely: see `LayerContents`).
  ///
  /// A `CGImage` is drawn. Any other object is kept and returned by this property on
  /// the model and presentation layers, and animations switch between such objects, but
  /// it is never drawn (the layer shows no contents). `NSNull` means nil.
  public var contents: Any? {
    get { state.contentsObject?.object }
    set {
      let contents = newValue.flatMap { LayerContents(animationValue: $0) }
      setModelValue(\.contentsObject, contents, forKey: "contents")
    }
  }

  /// The part of `contents` shown, in the image's unit square. Default (0, 0, 1, 1).
  /// Animatable.
  public var contentsRect: CGRect {
    get { state.contentsRect }
    set { setCheckedModelValue(\.contentsRect, newValue, forKey: "contentsRect") }
  }

  /// Image pixels per point: an image of `w` pixels is `w / contentsScale` points wide
  /// under the positional gravities, and `draw(in:)` draws `contentsScale` pixels per
  /// point. Default 1. Animatable.
  public var contentsScale: CGFloat {
    get { state.contentsScale }
    set { setCheckedModelValue(\.contentsScale, newValue, forKey: "contentsScale") }
  }

  /// The stretchable middle of `contents` (nine-part scaling), in its unit square.
  /// Default (0, 0, 1, 1): the whole image stretches. Animatable.
  public var contentsCenter: CGRect {
    get { state.contentsCenter }
    set { setCheckedModelValue(\.contentsCenter, newValue, forKey: "contentsCenter") }
  }

  /// How `contents` is placed in the bounds. Default `.resize`.
  public var contentsGravity: CALayerContentsGravity {
    get { state.contentsGravity }
    set { setModelValue(\.contentsGravity, newValue, forKey: "contentsGravity") }
  }

  /// The filter used when `contents` is drawn smaller than its size. Default `.linear`.
  public var minificationFilter: CALayerContentsFilter {
    get { state.minificationFilter }
    set { setModelValue(\.minificationFilter, newValue, forKey: "minificationFilter") }
  }

  /// The filter used when `contents` is drawn larger than its size. Default `.linear`.
  public var magnificationFilter: CALayerContentsFilter {
    get { state.magnificationFilter }
    set { setModelValue(\.magnificationFilter, newValue, forKey: "magnificationFilter") }
  }

  /// The level-of-detail bias of `.trilinear` minification. Default 0.
  public var minificationFilterBias: Float {
    get { state.minificationFilterBias }
    set {
      setCheckedModelValue(\.minificationFilterBias, newValue, forKey: "minificationFilterBias")
    }
  }

  /// Whether any change of `bounds` marks the layer as needing display. Default false.
  public var needsDisplayOnBoundsChange: Bool {
    get { state.needsDisplayOnBoundsChange }
    set {
      setModelValue(\.needsDisplayOnBoundsChange, newValue, forKey: "needsDisplayOnBoundsChange")
    }
  }
}

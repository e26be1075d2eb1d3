import Foundation

// The contents image and how it is placed.
extension CALayer {
  /// The image the layer shows, a `CGImage`, or nil. Default nil. Animatable
  /// (switches discretely).
  ///
  /// Any other object records a diagnostic and leaves the contents unchanged.
  public var contents: Any? {
    get { state.contents }
    set {
      switch newValue {
      case nil: setModelValue(\.contents, nil, forKey: "contents")
      case let image as CGImage: setModelValue(\.contents, image, forKey: "contents")
      case let some?:
        CADiagnostics.report(key: "contents", "expected a CGImage, got \(type(of: some)); ignored")
      }
    }
  }

  /// The part of `contents` shown, in the image's unit square. Default (0, 0, 1, 1).
  /// Animatable.
  public var contentsRect: CGRect {
    get { state.contentsRect }
    set { setCheckedModelValue(\.contentsRect, newValue, forKey: "contentsRect") }
  }

  /// Image pixels per point: an image of `w` pixels is `w / contentsScale` points wide
  /// under the positional gravities. Default 1.
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
    set { setCheckedModelValue(\.minificationFilterBias, newValue, forKey: "minificationFilterBias") }
  }

  /// Whether any change of `bounds` marks the layer as needing display. Default false.
  public var needsDisplayOnBoundsChange: Bool {
    get { state.needsDisplayOnBoundsChange }
    set { setModelValue(\.needsDisplayOnBoundsChange, newValue, forKey: "needsDisplayOnBoundsChange") }
  }
}

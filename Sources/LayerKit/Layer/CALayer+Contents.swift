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

}

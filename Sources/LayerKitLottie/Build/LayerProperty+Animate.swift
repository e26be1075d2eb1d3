import Foundation
import LayerKit

extension CALayer {
  /// Sets the model value of `keyPath` to the property's first value and, when the
  /// property is keyframed, adds its keyframe animation under `keyPath`.
  ///
  /// The model value goes through key-value coding, for sub-paths such as
  /// `transform.rotation.z` that have no setter of their own; a top-level property takes
  /// ``lottieAnimate(_:_:_:set:convert:)`` instead.
  func lottieAnimate<V>(
    _ keyPath: String, _ property: Keyframed<V>, _ timing: LayerTiming, _ convert: (V) -> Any
  ) {
    setValue(convert(property.initial), forKeyPath: keyPath)
    addLottieAnimation(keyPath, property, timing, convert)
  }

  /// Like ``lottieAnimate(_:_:_:_:)`` for the top-level property `keyPath`, whose model
  /// value `set` stores through the property's own setter: the same model change as
  /// key-value coding (the same key reported, the same checks), without looking the key
  /// path up and converting the value back from `Any`, which cost more than the rest of
  /// the setter when a file builds thousands of layers.
  func lottieAnimate<V, T>(
    _ keyPath: String, _ property: Keyframed<V>, _ timing: LayerTiming, set: (T) -> Void,
    convert: (V) -> T
  ) {
    set(convert(property.initial))
    addLottieAnimation(keyPath, property, timing) { convert($0) }
  }

  /// Like ``lottieAnimate(_:_:_:set:convert:)``, storing the model value of the top-level
  /// property `keyPath` with ``lottieStore(_:_:_:)``: one write of the model instead of the
  /// property's setter, for a layer being built outside any context.
  func lottieAnimate<V, T: Interpolatable>(
    _ keyPath: String, _ property: Keyframed<V>, _ timing: LayerTiming,
    store: (inout LayerState, T) -> Void, convert: (V) -> T
  ) {
    lottieStore(keyPath, convert(property.initial), store)
    addLottieAnimation(keyPath, property, timing) { convert($0) }
  }

  /// Stores `value` as the model value of the top-level property `key` through `store`, in
  /// one write of the model (`setModel(keys:_:)`): the same model, explicitly set key and
  /// change record as the property's setter, without its key-path lookups and per-change
  /// bookkeeping, which cost more than the rest of building a layer. A value that is not
  /// usable (NaN or infinite) goes through key-value coding, whose checked setter refuses
  /// it with a diagnostic, as the property's own setter does.
  func lottieStore<T: Interpolatable>(
    _ key: String, _ value: T, _ store: (inout LayerState, T) -> Void
  ) {
    guard value.isValidAnimationValue else {
      setValue(value, forKey: key)
      return
    }
    setModel(keys: [key]) { store(&$0, value) }
  }

  /// Adds the keyframe animation of `keyPath` when `property` is keyframed.
  private func addLottieAnimation<V>(
    _ keyPath: String, _ property: Keyframed<V>, _ timing: LayerTiming, _ convert: (V) -> Any
  ) {
    if let a = KeyframeAnimationFactory.animation(
      property, keyPath: keyPath, timing: timing, convert: convert)
    {
      add(a, forKey: keyPath)
    }
  }

  /// Sets the layer's opacity from a Lottie opacity (percent) and its keyframes.
  func lottieAnimateOpacity(_ opacity: Keyframed<Double>, _ timing: LayerTiming) {
    lottieAnimate(
      "opacity", opacity, timing, store: { $0.opacity = $1 }, convert: LottieOpacity.fraction)
  }

  /// Sets `isHidden` (key `"hidden"`) in one write (see ``lottieStore(_:_:_:)``): the
  /// model value of every layer a visibility animation shows.
  func lottieHide() {
    setModel(keys: ["hidden"]) { $0.isHidden = true }
  }

  /// A layer that only groups and transforms: no size, anchored at its origin.
  static func lottieGroup(name: String? = nil) -> CALayer {
    let layer = CALayer()
    layer.lottieAnchorAtOrigin()
    layer.name = name
    return layer
  }

  /// Sets `anchorPoint` and `bounds` to zero, as the setters would, in one write (see
  /// ``lottieStore(_:_:_:)``): the start of most layers a Lottie file builds.
  func lottieAnchorAtOrigin() {
    setModel(keys: ["anchorPoint", "bounds"]) {
      $0.anchorPoint = .zero
      $0.bounds = .zero
    }
  }
}

/// Lottie opacities: percent, 0…100.
enum LottieOpacity {
  /// `percent` as a layer opacity, clamped to 0…1.
  static func fraction(_ percent: Double) -> Float { Float(min(1, max(0, percent / 100))) }

  /// Whether `opacity` is a constant 100 %.
  static func isOpaque(_ opacity: Keyframed<Double>) -> Bool {
    !opacity.isAnimated && opacity.initial == 100
  }
}

/// Lottie colour arrays (`[r, g, b, a]` in 0…1, or 0…255 in some old files).
enum LottieColorConversion {
  static func cgColor(_ c: [Double], opacity: Double = 1) -> CGColor {
    let scale = c.prefix(3).contains { $0 > 1 } ? 1 / 255.0 : 1
    func ch(_ i: Int) -> CGFloat { CGFloat(min(1, max(0, c.at(i) * scale))) }
    let a = c.count > 3 ? CGFloat(min(1, max(0, c[3] * scale))) : 1
    return CGColor(red: ch(0), green: ch(1), blue: ch(2), alpha: a * CGFloat(opacity))
  }
}

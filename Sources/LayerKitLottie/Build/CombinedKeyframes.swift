import Foundation
import LayerKit

/// The key frames of a value computed from several Lottie properties (a rectangle's path
/// from its position, size and roundness; a trim from start, end and offset).
///
/// When at most one of the properties is animated, or all animated ones share their
/// key times, easings and holds, the computed value keeps those keyframes and easings
/// exactly. Otherwise it is sampled over the animated span (`Sampling`), so Core
/// Animation still evaluates it and nothing is stepped at render time.
struct CombinedKeyframes {
  /// How a combination of properties with different key times is sampled.
  enum Sampling {
    /// Once per frame with linear segments (at most `maxSamples`).
    case perFrameLinear
    /// Every tenth of a frame from the first key time up to (not including) the last,
    /// each sample held until the next, as lottie-ios interpolates such keyframes by
    /// hand (trims with offsets); at most `maxHeldSamples`, spaced wider beyond that.
    case tenthFrameHolds
  }

  /// A keyframed value whose values are its own key frames: feeding it to
  /// `KeyframeAnimationFactory.animation` with a converter that evaluates the combined
  /// value at a frame yields the combined animation.
  let driver: Keyframed<Double>

  static let maxSamples = 2_000
  static let maxHeldSamples = 20_000

  /// Nil when every property is constant.
  init?(_ properties: [Keyframed<Double>], sampling: Sampling = .perFrameLinear) {
    let animated = properties.filter(\.isAnimated)
    guard let first = animated.first else { return nil }
    let same = animated.dropFirst().allSatisfy { p in
      p.keyframes.count == first.keyframes.count
        && zip(p.keyframes, first.keyframes).allSatisfy {
          $0.time == $1.time && $0.hold == $1.hold && Self.sameEasing($0.easing, $1.easing)
        }
    }
    if same {
      var d = first.map { _ in 0.0 }
      for i in d.keyframes.indices { d.keyframes[i].value = d.keyframes[i].time }
      driver = d
      return
    }
    // Key times are finite and within ±`LottieLimits.maxFrameTime` (clamped when read),
    // so the span is finite and the sample counts below convert to `Int` without a trap.
    let lo = animated.map { $0.keyframes[0].time }.min() ?? 0
    let hi = animated.map { $0.keyframes[$0.keyframes.count - 1].time }.max() ?? 0
    if sampling == .tenthFrameHolds {
      let step = max(0.1, (hi - lo) / Double(Self.maxHeldSamples))
      // All key times equal: one held sample there (the loop below would make none).
      var frames: [Keyframe<Double>] = [Keyframe(time: lo, value: lo, hold: true)]
      var i = 1.0
      while lo + i * step < hi {
        frames.append(Keyframe(time: lo + i * step, value: lo + i * step, hold: true))
        i += 1
      }
      driver = Keyframed(keyframes: frames)
      return
    }
    let steps = max(1, Int(lottieCount: (hi - lo).rounded(.up), limit: Self.maxSamples))
    var frames: [Keyframe<Double>] = []
    for i in 0...steps {
      let f = lo + (hi - lo) * Double(i) / Double(steps)
      frames.append(Keyframe(time: f, value: f))
    }
    driver = Keyframed(keyframes: frames)
  }

  /// The key times of any property, as a constant-valued keyframed number.
  static func times<V>(_ p: Keyframed<V>) -> Keyframed<Double> { p.map { _ in 0 } }

  private static func sameEasing(
    _ a: (Double, Double, Double, Double)?, _ b: (Double, Double, Double, Double)?
  ) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return x == y
    default: return false
    }
  }

  /// Sets the model value of `keyPath` from the value at the first key frame and adds
  /// the animation; with no animated input, only the model value at frame 0.
  static func apply(
    _ layer: CALayer, _ keyPath: String, inputs: [Keyframed<Double>], timing: LayerTiming,
    sampling: Sampling = .perFrameLinear, value: (Double) -> Any
  ) {
    guard let combined = CombinedKeyframes(inputs, sampling: sampling) else {
      layer.setValue(value(0), forKeyPath: keyPath)
      return
    }
    layer.setValue(value(combined.driver.initial), forKeyPath: keyPath)
    if let a = KeyframeAnimationFactory.animation(
      combined.driver, keyPath: keyPath, timing: timing, convert: value)
    {
      layer.add(a, forKey: keyPath)
    }
  }

  /// Like ``apply(_:_:inputs:timing:sampling:value:)`` for a top-level property, whose
  /// model value `store` writes into the layer's model in one write (the same model
  /// change as key-value coding, without the key path's lookup, the value's conversion
  /// from `Any` and the setter's per-change bookkeeping; see `CALayer.lottieStore`).
  static func apply<T: Interpolatable>(
    _ layer: CALayer, _ keyPath: String, inputs: [Keyframed<Double>], timing: LayerTiming,
    sampling: Sampling = .perFrameLinear, store: (inout LayerState, T) -> Void,
    value: (Double) -> T
  ) {
    guard let combined = CombinedKeyframes(inputs, sampling: sampling) else {
      layer.lottieStore(keyPath, value(0), store)
      return
    }
    layer.lottieStore(keyPath, value(combined.driver.initial), store)
    if let a = KeyframeAnimationFactory.animation(
      combined.driver, keyPath: keyPath, timing: timing, convert: { value($0) })
    {
      layer.add(a, forKey: keyPath)
    }
  }
}

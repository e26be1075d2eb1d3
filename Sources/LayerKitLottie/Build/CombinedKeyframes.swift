import Foundation
import LayerKit

/// The key frames of a value computed from several Lottie properties (a rectangle's path
/// from its position, size and roundness; a trim from start, end and offset).
///
/// When at most one of the properties is animated, or all animated ones share their
/// key times, easings and holds, the computed value keeps those keyframes and easings
/// exactly. Otherwise it is sampled once per frame over the animated span with linear
/// segments (at most `maxSamples`), so Core Animation still interpolates between
/// samples and nothing is stepped at render time.
struct CombinedKeyframes {
  /// A keyframed value whose values are its own key frames: feeding it to
  /// `KeyframeAnimationFactory.animation` with a converter that evaluates the combined
  /// value at a frame yields the combined animation.
  let driver: Keyframed<Double>

  static let maxSamples = 2_000

  /// Nil when every property is constant.
  init?(_ properties: [Keyframed<Double>]) {
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
    let lo = animated.map { $0.keyframes[0].time }.min()!
    let hi = animated.map { $0.keyframes[$0.keyframes.count - 1].time }.max()!
    let steps = max(1, min(Self.maxSamples, Int((hi - lo).rounded(.up))))
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
    value: (Double) -> Any
  ) {
    guard let combined = CombinedKeyframes(inputs) else {
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
}

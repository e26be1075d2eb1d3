import Foundation
import LayerKit

/// One keyframe of an animated Lottie property.
///
/// `time` is in frames of the composition that holds the layer. The easing of the segment
/// that starts here is the cubic Bézier `(outX, outY)`, `(inX, inY)` from the keyframe's
/// `o` and `i` tangents; `hold` keeps `value` until the next keyframe.
struct Keyframe<Value> {
  var time: Double
  var value: Value
  var hold = false
  /// The segment's easing control points (`o.x`, `o.y`, `i.x`, `i.y`); nil is linear.
  var easing: (Double, Double, Double, Double)?
  /// Spatial tangents of position keyframes (`to` of this keyframe, `ti` toward the next),
  /// relative to this keyframe's and the next keyframe's value, in points.
  var spatialOut: CGPoint?
  var spatialIn: CGPoint?
}

/// A Lottie property: a constant or a list of keyframes sorted by time.
struct Keyframed<Value> {
  var keyframes: [Keyframe<Value>]

  init(constant value: Value) { keyframes = [Keyframe(time: 0, value: value)] }
  init(keyframes: [Keyframe<Value>]) { self.keyframes = keyframes }

  /// Whether the value changes over time.
  var isAnimated: Bool { keyframes.count > 1 }
  /// The value before any keyframe (the first keyframe's).
  var initial: Value { keyframes[0].value }

  /// The same keyframes with every value mapped.
  func map<T>(_ transform: (Value) -> T) -> Keyframed<T> {
    Keyframed<T>(
      keyframes: keyframes.map {
        Keyframe(
          time: $0.time, value: transform($0.value), hold: $0.hold, easing: $0.easing,
          spatialOut: $0.spatialOut, spatialIn: $0.spatialIn)
      })
  }

  /// The segment containing `frame` and the eased fraction within it, the way Core
  /// Animation's keyframe evaluation places it; used only where several properties are
  /// combined into one animated value (a rectangle's size and corner radius into its
  /// path), never to step an animation per frame.
  func locate(_ frame: Double) -> (index: Int, fraction: Double) {
    let k = keyframes
    if k.count == 1 || frame <= k[0].time { return (0, 0) }
    if frame >= k[k.count - 1].time { return (k.count - 1, 0) }
    var i = 0
    while i + 1 < k.count && k[i + 1].time <= frame { i += 1 }
    if k[i].hold { return (i, 0) }
    let span = k[i + 1].time - k[i].time
    let x = span > 0 ? (frame - k[i].time) / span : 1
    guard let e = k[i].easing else { return (i, x) }
    let f = LottieEasings.function(Float(e.0), Float(e.1), Float(e.2), Float(e.3))
    return (i, Double(f.curve.evaluate(x)))
  }
}

extension Keyframed where Value: LottieInterpolatable {
  /// The value at `frame` (in the property's composition frames).
  func value(at frame: Double) -> Value {
    let (i, f) = locate(frame)
    if f == 0 || i + 1 >= keyframes.count { return keyframes[i].value }
    return keyframes[i].value.interpolated(to: keyframes[i + 1].value, fraction: f)
  }
}

/// A value that Lottie interpolates between keyframes.
protocol LottieInterpolatable {
  func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: LottieInterpolatable {
  func interpolated(to other: Double, fraction: Double) -> Double {
    self + (other - self) * fraction
  }
}

extension Array: LottieInterpolatable where Element == Double {
  func interpolated(to other: [Double], fraction: Double) -> [Double] {
    guard count == other.count else { return fraction < 1 ? self : other }
    return zip(self, other).map { $0 + ($1 - $0) * fraction }
  }
}

import Foundation
import LayerKit

/// How a Lottie layer's frames map to the time of the layer tree that holds it.
///
/// A layer's keyframes (and its parents') are in the frames of the composition that
/// holds it (lottie-ios's rule: start time and stretch move only a precomposition's
/// content), and frame `f` is the enclosing layer's time `f / frameRate` seconds.
struct LayerTiming {
  var frameRate: Double
  /// The time remapping of an enclosing precomposition: animations are then built on
  /// its timeline, sampled at whole frames (see `FrameRemap`). Nil outside remaps.
  var remap: FrameRemap? = nil
  /// Where this composition's frames fall on the root timeline; nil under time remapping
  /// (hold keyframes then switch exactly at their frames).
  var root: RootFrames? = nil

  /// The containing composition's seconds for frame `frame`.
  func seconds(_ frame: Double) -> Double { frame / frameRate }
}

/// Turns Lottie keyframes into `CAKeyframeAnimation`s: the translation step.
///
/// Each keyframed property becomes one animation that runs from its first to its last
/// keyframe (`beginTime`, `duration` in the layer's time, `fillMode = .both`, never
/// removed), with `keyTimes` at the keyframes and one `CAMediaTimingFunction` per segment
/// built from the Lottie `o`/`i` tangents. A hold keyframe repeats its value at the next
/// keyframe's time, so the segment stays flat and the value jumps there; when every
/// segment holds, the animation is `.discrete`. Lottie's spatial position tangents become
/// the animation's `path`. Core Animation's timing engine then does all evaluation.
enum KeyframeAnimationFactory {
  /// A `beginTime` that is not zero, so the commit does not restamp it with the current
  /// time (Core Animation's `AVCoreAnimationBeginTimeAtZero` idiom).
  static let beginTimeAtZero = 1e-100

  /// Builds the animation of `keyPath` for `property`, or nil when it is constant.
  /// - Parameter convert: the Core Animation value (`CGFloat`, `CGPoint`, `CGColor`,
  ///   `CGPath`, …) of a Lottie value.
  static func animation<V>(
    _ property: Keyframed<V>, keyPath: String, timing: LayerTiming, convert: (V) -> Any
  ) -> CAKeyframeAnimation? {
    guard property.isAnimated else { return nil }
    let k = property.keyframes
    if let remap = timing.remap {
      let converted = k.map { convert($0.value) }
      return remap.animation(keyPath: keyPath, frameRate: timing.frameRate) { frame in
        let (i, f) = property.locate(frame)
        guard f != 0, i + 1 < k.count else { return converted[i] }
        return AnimationValueBlend.interpolate(converted[i], converted[i + 1], fraction: f)
      }
    }
    var times: [Double] = []
    var values: [Any] = []
    var functions: [CAMediaTimingFunction] = []
    let allHold = k.dropLast().allSatisfy(\.hold)
    // All-hold keyframes switch where lottie-ios's 32-bit key times put them.
    let frame: (Double) -> Double = { allHold ? timing.root?.rounded($0) ?? $0 : $0 }
    for i in k.indices {
      let v = convert(k[i].value)
      times.append(frame(k[i].time))
      values.append(v)
      guard i + 1 < k.count else { break }
      if k[i].hold {
        if !allHold {
          functions.append(linear)
          times.append(k[i + 1].time)
          values.append(v)
          functions.append(linear)
        }
      } else {
        functions.append(timingFunction(k[i].easing))
      }
    }
    let animation = CAKeyframeAnimation(keyPath: keyPath)
    if allHold {
      // Discrete: one more key time than values; each value holds until the next time.
      times.append(frame(k[k.count - 1].time))
      animation.calculationMode = .discrete
    } else {
      animation.timingFunctions = functions
    }
    configure(animation, frames: times, timing: timing)
    animation.values = values
    return animation
  }

  /// Sets `keyTimes`, `beginTime`, `duration` and the fill for keyframes at `frames`
  /// (the layer's frames, non-decreasing).
  static func configure(_ animation: CAKeyframeAnimation, frames: [Double], timing: LayerTiming) {
    let t0 = timing.seconds(frames[0])
    let t1 = timing.seconds(frames[frames.count - 1])
    let span = t1 - t0
    animation.keyTimes = frames.map {
      NSNumber(value: span > 0 ? min(1, max(0, (timing.seconds($0) - t0) / span)) : 0)
    }
    animation.beginTime = t0 == 0 ? beginTimeAtZero : t0
    animation.duration = span > 0 ? span : 1e-6
    animation.fillMode = .both
    animation.isRemovedOnCompletion = false
  }

  /// The animation of `position` along Lottie's spatial Bézier curve: the keyframes'
  /// points joined by cubic segments whose control points are `to`/`ti` away from them.
  /// Falls back to `animation(_:…)` when a keyframe holds (a path cannot jump).
  static func positionAnimation(
    _ property: Keyframed<[Double]>, keyPath: String, timing: LayerTiming,
    convert: ([Double]) -> CGPoint
  ) -> CAKeyframeAnimation? {
    guard property.isAnimated else { return nil }
    let k = property.keyframes
    let spatial = k.dropLast().contains {
      ($0.spatialOut.map { $0 != .zero } ?? false) || ($0.spatialIn.map { $0 != .zero } ?? false)
    }
    guard spatial, !k.dropLast().contains(where: \.hold) else {
      return animation(property, keyPath: keyPath, timing: timing) { convert($0) }
    }
    let points = k.map { convert($0.value) }
    if let remap = timing.remap {
      return remap.animation(keyPath: keyPath, frameRate: timing.frameRate) { frame in
        let (i, f) = property.locate(frame)
        guard f != 0, i + 1 < k.count else { return points[i] }
        return pointOnSegment(
          points[i], points[i + 1], out: k[i].spatialOut ?? .zero, in: k[i].spatialIn ?? .zero,
          fraction: f)
      }
    }
    let path = CGMutablePath()
    path.move(to: points[0])
    for i in 0..<(k.count - 1) {
      let a = points[i]
      let b = points[i + 1]
      let o = k[i].spatialOut ?? .zero
      let t = k[i].spatialIn ?? .zero
      if o == .zero && t == .zero {
        path.addLine(to: b)
      } else {
        path.addCurve(
          to: b, control1: CGPoint(x: a.x + o.x, y: a.y + o.y),
          control2: CGPoint(x: b.x + t.x, y: b.y + t.y))
      }
    }
    let animation = CAKeyframeAnimation(keyPath: keyPath)
    animation.path = path
    animation.timingFunctions = k.dropLast().map { timingFunction($0.easing) }
    configure(animation, frames: k.map(\.time), timing: timing)
    return animation
  }

  /// The point at curve parameter `t` of the segment from `a` to `b` with spatial
  /// tangents `o` (from `a`) and `i` (into `b`): a straight line when both are zero.
  static func pointOnSegment(
    _ a: CGPoint, _ b: CGPoint, out o: CGPoint, in i: CGPoint, fraction t: Double
  ) -> CGPoint {
    if o == .zero && i == .zero { return CGPoint.interpolate(a, b, fraction: t) }
    let c1 = CGPoint(x: a.x + o.x, y: a.y + o.y)
    let c2 = CGPoint(x: b.x + i.x, y: b.y + i.y)
    let u = 1 - t
    let w = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
    return CGPoint(
      x: w.0 * a.x + w.1 * c1.x + w.2 * c2.x + w.3 * b.x,
      y: w.0 * a.y + w.1 * c1.y + w.2 * c2.y + w.3 * b.y)
  }

  private static let linear = CAMediaTimingFunction(name: .linear)

  /// The segment's easing; Lottie's x control values are clamped to 0…1 as Core
  /// Animation requires.
  static func timingFunction(_ e: (Double, Double, Double, Double)?) -> CAMediaTimingFunction {
    guard let e else { return linear }
    func clamp(_ x: Double) -> Float { Float(x.isFinite ? min(1, max(0, x)) : 0) }
    func finite(_ y: Double) -> Float { Float(y.isFinite ? y : 0) }
    return LottieEasings.function(clamp(e.0), finite(e.1), clamp(e.2), finite(e.3))
  }
}

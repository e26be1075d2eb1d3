import Foundation
import LayerKit

/// Lottie time remapping (`tm`) as lottie-ios's Core Animation engine applies it.
///
/// A remap is the precomposition's time in seconds as an eased, keyframed function of
/// the frames of the composition that holds the precomposition layer. Core Animation maps
/// a layer's time affinely (`(t − beginTime)·speed + timeOffset`), which cannot follow a
/// curve, so — as lottie-ios does — the precomposition's time layer keeps the outer
/// timeline's time, and every keyframe animation inside it is built on that timeline:
/// one key time per whole timeline frame over the remapped layer's span, each holding the
/// property's value at the remapped frame, with linear segments between them. The work
/// happens once, when the tree is built; Core Animation's timing engine evaluates the
/// animations as usual (a scrub still costs one frame).
///
/// Precompositions nested inside a remapped one compose their own start time, stretch
/// and remap onto the same function and share its sample frames.
struct FrameRemap {
  /// The content's local frame at a timeline frame.
  let localFrame: (Double) -> Double
  /// The timeline frames the content is sampled at (whole frames, ascending).
  let frames: [Double]

  /// At most this many samples per animation; longer spans step more than one frame.
  static let maxSamples = 2_000

  /// A remap sampled over `span` (timeline frames; infinite or reversed spans sample one
  /// frame).
  init(span: ClosedRange<Double>, localFrame: @escaping (Double) -> Double) {
    self.localFrame = localFrame
    let lo = span.lowerBound.isFinite ? span.lowerBound.rounded(.down) : 0
    let hi = span.upperBound.isFinite ? max(lo, span.upperBound.rounded(.up)) : lo
    let step = max(1, ((hi - lo) / Double(Self.maxSamples)).rounded(.up))
    frames = Array(stride(from: lo, through: hi, by: step))
  }

  private init(frames: [Double], localFrame: @escaping (Double) -> Double) {
    self.frames = frames
    self.localFrame = localFrame
  }

  /// This remap followed by `inner` (a nested precomposition's mapping of its parent's
  /// frames to its own), sampled at the same timeline frames.
  func then(_ inner: @escaping (Double) -> Double) -> FrameRemap {
    let outer = localFrame
    return FrameRemap(frames: frames, localFrame: { inner(outer($0)) })
  }

  /// The local frame of a precomposition whose remap is `tm`: its value (seconds) at the
  /// parent's frame, in frames.
  static func remapped(_ tm: Keyframed<Double>, frameRate: Double) -> (Double) -> Double {
    { tm.value(at: $0) * frameRate }
  }

  /// A keyframe animation of `keyPath` on the timeline: key times at the sample frames,
  /// values `valueAt(localFrame(frame))`, linear in between.
  func animation(
    keyPath: String, frameRate: Double, valueAt: (Double) -> Any
  ) -> CAKeyframeAnimation {
    let animation = CAKeyframeAnimation(keyPath: keyPath)
    var cache: [Double: Any] = [:]
    animation.values = frames.map { g in
      let l = localFrame(g)
      if let v = cache[l] { return v }
      let v = valueAt(l)
      cache[l] = v
      return v
    }
    KeyframeAnimationFactory.configure(
      animation, frames: frames, timing: LayerTiming(frameRate: frameRate))
    return animation
  }

  /// A discrete `hidden` animation on the timeline: shown while the local frame lies in
  /// `[inPoint, outPoint)`.
  func visibility(inPoint: Double, outPoint: Double, frameRate: Double) -> CAKeyframeAnimation {
    var values: [Bool] = []
    var times: [Double] = []
    for g in frames {
      let l = localFrame(g)
      let hidden = !(l >= inPoint && l < outPoint)
      if values.last != hidden {
        values.append(hidden)
        times.append(g)
      }
    }
    times.append(max(frames[frames.count - 1], times[times.count - 1]))
    let animation = CAKeyframeAnimation(keyPath: "hidden")
    animation.calculationMode = .discrete
    KeyframeAnimationFactory.configure(
      animation, frames: times, timing: LayerTiming(frameRate: frameRate))
    animation.values = values
    return animation
  }
}

/// Blends two Core Animation values (`CGFloat`, `Float`, `CGPoint`, `CGColor`, `CGPath`,
/// arrays of them, `[NSNumber]`) the way Core Animation interpolates them; values with
/// no in-between keep `a` until the fraction reaches 1.
enum AnimationValueBlend {
  static func interpolate(_ a: Any, _ b: Any, fraction f: Double) -> Any {
    if f <= 0 { return a }
    if f >= 1 { return b }
    if let x = a as? [NSNumber], let y = b as? [NSNumber] {
      guard x.count == y.count else { return a }
      return zip(x, y).map {
        NSNumber(value: $0.doubleValue + ($1.doubleValue - $0.doubleValue) * f)
      }
    }
    if let x = a as? any Interpolatable, let v = blend(x, b, f) { return v }
    return a
  }

  private static func blend<T: Interpolatable>(_ a: T, _ b: Any, _ f: Double) -> Any? {
    guard let y = T(animationValue: b) else { return nil }
    return T.interpolate(a, y, fraction: f)
  }
}

import Foundation

/// The motion of a keyframe animation along a path: a position and, with a rotation
/// mode, a rotation angle, at each pass fraction.
///
/// Linear and cubic modes use `keyTimes` (or even spacing) per segment and, inside a
/// segment, the time fraction as the curve parameter (a cubic segment at 0.25 is at
/// B(0.25)); paced and cubic-paced modes give each segment time in proportion to its arc
/// length and move by arc length inside it, so the whole motion runs at constant speed
/// (the path's own curves already make the motion smooth, so cubic modes add no spline of
/// their own); discrete jumps from end point to end point.
package struct PathSampler: Sendable {
  package let keyframes: PathKeyframes
  package let timing: KeyframeTiming
  package let isDiscrete: Bool
  /// Whether a segment is traversed by arc length (paced modes) rather than by its curve
  /// parameter.
  package let isPaced: Bool
  /// Added to the tangent angle: 0 for `.rotateAuto`, π for `.rotateAutoReverse`, nil for
  /// no rotation.
  package let rotationOffset: Double?

  /// Builds the sampler from a keyframe animation whose `path` is set; nil (with a
  /// diagnostic) for an empty or invalid path.
  package init?(_ animation: CAKeyframeAnimation, path: CGPath, keyPath: String) {
    guard let k = PathKeyframes(path, keyPath: keyPath) else { return nil }
    keyframes = k
    let mode = animation.calculationMode
    isDiscrete = mode == .discrete
    let segments = k.segmentCount
    isPaced = mode == .paced || mode == .cubicPaced
    if isPaced {
      timing = KeyframeTiming(
        times: KeyframeTiming.pacedTimes(distances: k.lengths),
        curves: Array(repeating: nil, count: segments))
    } else {
      let times = KeyframeTiming.validatedTimes(
        animation.keyTimes?.map(\.doubleValue), count: segments + 1, discrete: isDiscrete,
        keyPath: keyPath)
      let curves =
        isDiscrete
        ? Array(repeating: nil, count: segments + 1)
        : KeyframeTiming.curves(animation.timingFunctions, segments: segments, keyPath: keyPath)
      timing = KeyframeTiming(times: times, curves: curves)
    }
    switch animation.rotationMode {
    case .rotateAuto?: rotationOffset = 0
    case .rotateAutoReverse?: rotationOffset = .pi
    default: rotationOffset = nil
    }
  }

  /// The first and last keyframe points (for cumulative repeats).
  package var first: CGPoint { keyframes.startPoint }
  package var last: CGPoint { keyframes.endPoint }

  /// The position and travel angle (radians, before `rotationOffset`) at pass fraction `f`.
  /// - Complexity: O(log segments) plus one arc-length inversion; allocates nothing.
  package func sample(at f: Double) -> (point: CGPoint, angle: Double) {
    if isDiscrete {
      let i = timing.discreteIndex(f)
      // Keyframe i is the start point (i = 0) or the end of segment i − 1.
      let seg = Swift.max(i - 1, 0)
      let s = keyframes.sample(segment: seg, fraction: i == 0 ? 0 : 1)
      return (i == 0 ? keyframes.startPoint : s.point, s.angle)
    }
    let (i, u) = timing.locate(f)
    return keyframes.sample(segment: i, fraction: u, byArcLength: isPaced)
  }
}

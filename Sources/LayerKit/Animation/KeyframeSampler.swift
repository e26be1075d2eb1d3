import Foundation

/// The typed keyframes of a `values`-based keyframe animation and their interpolation.
///
/// Built once when the animation is added; `value(at:)` is pure and allocation-free for
/// value types whose arithmetic is (scalars, points, sizes, rects, colours).
package struct KeyframeSampler<Value: Interpolatable>: Sendable {
  package enum Mode: Equatable, Sendable { case linear, discrete, cubic }

  package let values: [Value]
  package let timing: KeyframeTiming
  package let mode: Mode
  /// For cubic: the outgoing tangent at each keyframe (toward the next) and the incoming
  /// tangent (from the previous), already scaled for uneven key times.
  package let outTangents: [Value]
  package let inTangents: [Value]

  /// Builds the sampler; nil (with a diagnostic) for empty values.
  package init?(
    values: [Value], mode calculation: CAAnimationCalculationMode, keyTimes: [Double]?,
    timingFunctions: [CAMediaTimingFunction]?, tension: [Double], continuity: [Double],
    bias: [Double], keyPath: String
  ) {
    guard !values.isEmpty else {
      CADiagnostics.report(
        key: keyPath, "keyframe animation has no values; the animation is ignored")
      return nil
    }
    self.values = values
    let n = values.count
    let paced = calculation == .paced || calculation == .cubicPaced
    switch calculation {
    case .discrete: mode = .discrete
    case .cubic, .cubicPaced:
      // A spline needs in-betweens: values without them (contents, Booleans) switch at
      // each segment's midpoint, as in linear mode.
      mode = n > 2 && !Value.interpolatesDiscretely ? .cubic : .linear
    case .linear, .paced: mode = .linear
    default:
      CADiagnostics.report(
        key: keyPath, "unknown calculationMode '\(calculation.rawValue)'; using linear")
      mode = .linear
    }
    var times: [Double]
    if paced && Value.pacesWithEvenSpacing {
      times = KeyframeTiming.evenTimes(count: n, discrete: false)
    } else if paced {
      let distances = (0..<Swift.max(n - 1, 0)).map { Value.distance(values[$0], values[$0 + 1]) }
      times = n == 1 ? [0] : KeyframeTiming.pacedTimes(distances: distances)
    } else {
      times = KeyframeTiming.validatedTimes(
        keyTimes, count: n, discrete: mode == .discrete, keyPath: keyPath)
    }
    let segments = mode == .discrete ? n : Swift.max(n - 1, 0)
    let curves =
      paced || mode == .discrete
      ? Array(repeating: nil, count: segments)
      : KeyframeTiming.curves(timingFunctions, segments: segments, keyPath: keyPath)
    timing = KeyframeTiming(times: times, curves: curves)
    if mode == .cubic {
      (outTangents, inTangents) = KochanekBartels.tangents(
        values, times: times, tension: tension, continuity: continuity, bias: bias)
    } else {
      outTangents = []
      inTangents = []
    }
  }

  /// The first and last keyframe (for cumulative repeats).
  package var first: Value { values[0] }
  package var last: Value { values[values.count - 1] }

  /// The value at `f`, the pass fraction after the animation-wide timing function.
  package func value(at f: Double) -> Value {
    if values.count == 1 { return values[0] }
    switch mode {
    case .discrete:
      return values[timing.discreteIndex(f)]
    case .linear:
      let (i, u) = timing.locate(f)
      return Value.interpolate(values[i], values[i + 1], fraction: u)
    case .cubic:
      let (i, u) = timing.locate(f)
      return KochanekBartels.hermite(
        values[i], outTangents[i], values[i + 1], inTangents[i + 1], fraction: u)
    }
  }
}

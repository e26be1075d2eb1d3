import Foundation

/// The validated key times and per-segment timing curves of a keyframe animation.
///
/// Built once, when the animation is added. Invalid input never traps: key times that
/// do not fit the calculation mode are replaced by even spacing, and timing-function
/// counts that do not match the segments are padded with linear curves or truncated;
/// each correction records a diagnostic.
package struct KeyframeTiming: Equatable, Sendable {
  /// The key time of each keyframe (`count` values, or `count + 1` boundaries for
  /// discrete), non-decreasing, from 0 to 1.
  package var times: [Double]
  /// The timing curve of each segment (nil: linear).
  package var curves: [TimingCurve?]

  /// Even spacing: i/(n−1) for interpolating modes, i/n boundaries for discrete.
  package static func evenTimes(count n: Int, discrete: Bool) -> [Double] {
    if discrete { return (0...n).map { Double($0) / Double(n) } }
    if n == 1 { return [0] }
    return (0..<n).map { Double($0) / Double(n - 1) }
  }

  /// Validates `keyTimes` for `count` keyframes.
  ///
  /// Linear and cubic need `count` times starting at 0 and ending at 1; discrete takes
  /// `count + 1` (ending at 1) or `count` (the last value then holds from the last time to
  /// the end); all must be finite, within 0…1 and non-decreasing.
  package static func validatedTimes(
    _ keyTimes: [Double]?, count n: Int, discrete: Bool, keyPath: String
  ) -> [Double] {
    guard let kt = keyTimes, !kt.isEmpty else { return evenTimes(count: n, discrete: discrete) }
    var problem: String?
    if kt.contains(where: { !$0.isFinite || $0 < 0 || $0 > 1 }) {
      problem = "contain a value outside 0...1"
    } else if zip(kt, kt.dropFirst()).contains(where: { $0 > $1 }) {
      problem = "decrease"
    } else if discrete {
      if kt.count == n + 1 {
        if kt.first != 0 || kt.last != 1 { problem = "must start at 0 and end at 1" }
      } else if kt.count == n {
        if kt.first != 0 { problem = "must start at 0" }
      } else {
        problem = "count \(kt.count) does not match \(n) discrete values"
      }
    } else if kt.count != n {
      problem = "count \(kt.count) does not match \(n) values"
    } else if kt.first != 0 || kt.last != 1 {
      problem = "must start at 0 and end at 1"
    }
    if let problem {
      CADiagnostics.report(key: keyPath, "keyTimes \(problem); using even spacing")
      return evenTimes(count: n, discrete: discrete)
    }
    return discrete && kt.count == n ? kt + [1] : kt
  }

  /// Per-segment curves from `functions`, for `segments` segments.
  package static func curves(
    _ functions: [CAMediaTimingFunction]?, segments: Int, keyPath: String
  ) -> [TimingCurve?] {
    guard let functions, !functions.isEmpty else { return Array(repeating: nil, count: segments) }
    if functions.count != segments {
      CADiagnostics.report(
        key: keyPath,
        "timingFunctions has \(functions.count) entries for \(segments) segments; "
          + "missing ones are linear, extra ones ignored")
    }
    return (0..<segments).map { $0 < functions.count ? functions[$0].curve : nil }
  }

  /// Key times that make the motion pace evenly: proportional to the cumulative
  /// `distances` between consecutive keyframes (even spacing when all are 0).
  package static func pacedTimes(distances: [Double]) -> [Double] {
    let total = distances.reduce(0, +)
    guard total > 0, total.isFinite else {
      return evenTimes(count: distances.count + 1, discrete: false)
    }
    var out = [0.0]
    var sum = 0.0
    for d in distances {
      sum += d
      out.append(sum / total)
    }
    out[out.count - 1] = 1
    return out
  }

  /// The segment holding `f` and the fraction through it, for interpolating modes.
  ///
  /// Where key times repeat (a jump), the later segment wins.
  /// - Complexity: O(log n); allocates nothing.
  package func locate(_ f: Double) -> (segment: Int, fraction: Double) {
    let n = times.count
    if n < 2 { return (0, 0) }
    if f <= times[0] { return (0, 0) }
    if f >= times[n - 1] { return (n - 2, 1) }
    var lo = 0
    var hi = n - 1  // times[lo] <= f < times[hi]
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if times[mid] <= f { lo = mid } else { hi = mid }
    }
    let span = times[lo + 1] - times[lo]
    var u = span > 0 ? (f - times[lo]) / span : 1
    if let c = curves.indices.contains(lo) ? curves[lo] : nil { u = c.evaluate(u) }
    return (lo, u)
  }

  /// The index of the discrete value shown at `f` (times are `count + 1` boundaries).
  package func discreteIndex(_ f: Double) -> Int {
    times.withUnsafeBufferPointer { Self.discreteIndex(f, times: $0) }
  }

  /// `discreteIndex(_:)` over key times held elsewhere (the frame loop's pools).
  @inline(__always)
  package static func discreteIndex(_ f: Double, times: UnsafeBufferPointer<Double>) -> Int {
    let last = times.count - 2
    if last < 0 { return 0 }
    if f >= 1 { return last }
    var lo = 0
    var hi = times.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if times[mid] <= f { lo = mid } else { hi = mid }
    }
    return Swift.min(lo, last)
  }
}

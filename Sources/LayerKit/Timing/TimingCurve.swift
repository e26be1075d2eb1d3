import Foundation

/// A cubic Bézier easing curve from (0, 0) to (1, 1): the pure solver behind
/// `CAMediaTimingFunction`.
///
/// x(s) = ((ax·s + bx)·s + cx)·s and y(s) likewise, with the polynomial coefficients
/// taken from the two control points. The x control coordinates are clamped to 0…1, as
/// Core Animation does, which keeps x(s) monotone so that every input has exactly one
/// parameter s. Evaluation solves x(s) = input by Newton's method from a sampled guess and
/// falls back to bisection; the result's x error is at most `tolerance` (1e-9, well
/// inside the 1e-7 Core Animation guarantees).
///
/// A value type of twelve doubles: evaluation allocates nothing.
package struct TimingCurve: Equatable, Sendable {
  /// The x error the solver accepts.
  package static let tolerance = 1e-9
  /// The number of uniform samples of x(s) used for the first guess, minus one.
  static let sampleSegments = 10

  let ax: Double, bx: Double, cx: Double
  let ay: Double, by: Double, cy: Double
  /// x(i / 10) for i in 0…10 (lane 11…15 unused).
  let samples: SIMD16<Double>
  /// Whether the curve is the identity, so that evaluation is skipped.
  let isLinear: Bool

  /// The linear curve.
  package static let linear = TimingCurve(0, 0, 1, 1)

  /// Creates the curve with control points (x1, y1) and (x2, y2). Non-finite control
  /// points give the linear curve.
  package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    let finite = x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite
    let p1x = finite ? min(max(x1, 0), 1) : 0, p2x = finite ? min(max(x2, 0), 1) : 1
    let p1y = finite ? y1 : 0, p2y = finite ? y2 : 1
    cx = 3 * p1x
    bx = 3 * (p2x - p1x) - cx
    ax = 1 - cx - bx
    cy = 3 * p1y
    by = 3 * (p2y - p1y) - cy
    ay = 1 - cy - by
    isLinear = p1x == p1y && p2x == p2y
    var s = SIMD16<Double>(repeating: 1)
    for i in 0...Self.sampleSegments {
      let t = Double(i) / Double(Self.sampleSegments)
      s[i] = ((ax * t + bx) * t + cx) * t
    }
    samples = s
  }

  @inline(__always) func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  @inline(__always) func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  @inline(__always) func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  /// The curve parameter s in 0…1 with x(s) = `input` (clamped to 0…1).
  package func solveParameter(_ input: Double) -> Double {
    let x = input.isNaN ? 0 : min(max(input, 0), 1)
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    // First guess: linear interpolation inside the sampled interval holding x.
    var i = 0
    while i < Self.sampleSegments - 1 && samples[i + 1] <= x { i += 1 }
    let step = 1 / Double(Self.sampleSegments)
    let span = samples[i + 1] - samples[i]
    var s = Double(i) * step + (span > 0 ? (x - samples[i]) / span * step : 0)
    // Newton's method.
    for _ in 0..<8 {
      let err = self.x(s) - x
      if abs(err) <= Self.tolerance { return s }
      let d = dx(s)
      if abs(d) < 1e-6 { break }
      let next = s - err / d
      if next < 0 || next > 1 { break }
      s = next
    }
    // Bisection, guaranteed because x(s) is monotone on 0…1.
    var lo = 0.0, hi = 1.0
    s = x
    for _ in 0..<64 {
      let v = self.x(s)
      if abs(v - x) <= Self.tolerance { return s }
      if v < x { lo = s } else { hi = s }
      s = (lo + hi) / 2
    }
    return s
  }

  /// The eased output for `input` in 0…1 (clamped); the output may leave 0…1 when a y
  /// control point does (back-easing).
  package func evaluate(_ input: Double) -> Double {
    if isLinear { return input.isNaN ? 0 : min(max(input, 0), 1) }
    return y(solveParameter(input))
  }
}

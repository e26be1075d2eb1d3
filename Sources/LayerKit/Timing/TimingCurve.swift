import Foundation

/// A cubic Bézier easing curve from (0, 0) to (1, 1): the pure solver behind
/// `CAMediaTimingFunction`.
///
/// x(s) = ((ax·s + bx)·s + cx)·s and y(s) likewise, with the polynomial coefficients
/// taken from the two control points. The x control coordinates are clamped to 0…1, as
/// Core Animation does, which keeps x(s) monotone so that every input has exactly one
/// parameter s. Evaluation solves x(s) = input by Newton's method from a tabulated guess and
/// falls back to bisection; the result's x error is at most `tolerance` (1e-9, well
/// inside the 1e-7 Core Animation guarantees).
///
/// A value type of six coefficients and a 16-entry table: evaluation allocates nothing.
package struct TimingCurve: Equatable, Sendable {
  /// The x error the solver accepts.
  package static let tolerance = 1e-9
  let ax: Double, bx: Double, cx: Double
  let ay: Double, by: Double, cy: Double
  /// The number of uniform steps of x in the inverse table.
  static let inverseSegments = 16
  /// s(i / 16) for i in 0…15: the parameter where x reaches i/16 (s(1) = 1 is implied),
  /// so the first guess is one table lookup and a linear interpolation, within ≈ 10⁻³
  /// of the root for the named curves; one or two Newton steps then reach `tolerance`.
  let inverse: SIMD16<Double>
  /// Whether the curve is the identity, so that evaluation is skipped.
  let isLinear: Bool

  /// The linear curve.
  package static let linear = TimingCurve(0, 0, 1, 1)

  /// Creates the curve with control points (x1, y1) and (x2, y2). Non-finite control
  /// points give the linear curve.
  package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    let finite = x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite
    let p1x = finite ? min(max(x1, 0), 1) : 0
    let p2x = finite ? min(max(x2, 0), 1) : 1
    let p1y = finite ? y1 : 0
    let p2y = finite ? y2 : 1
    cx = 3 * p1x
    bx = 3 * (p2x - p1x) - cx
    ax = 1 - cx - bx
    cy = 3 * p1y
    by = 3 * (p2y - p1y) - cy
    ay = 1 - cy - by
    isLinear = p1x == p1y && p2x == p2y
    // Bisection on the monotone x(s), once per curve (precise to ≈ 10⁻¹⁵ in s).
    var table = SIMD16<Double>(repeating: 0)
    let (cax, cbx, ccx) = (ax, bx, cx)
    for i in 1..<Self.inverseSegments {
      let target = Double(i) / Double(Self.inverseSegments)
      var lo = 0.0
      var hi = 1.0
      for _ in 0..<50 {
        let mid = (lo + hi) / 2
        if ((cax * mid + cbx) * mid + ccx) * mid < target { lo = mid } else { hi = mid }
      }
      table[i] = (lo + hi) / 2
    }
    inverse = table
  }

  @inline(__always) func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  @inline(__always) func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  @inline(__always) func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  /// The curve parameter s in 0…1 with x(s) = `input` (clamped to 0…1).
  package func solveParameter(_ input: Double) -> Double {
    let x = input.isNaN ? 0 : min(max(input, 0), 1)
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    // First guess: the inverse table, interpolated linearly between its two entries.
    let scaled = x * Double(Self.inverseSegments)
    let i = Swift.min(Int(scaled), Self.inverseSegments - 1)
    let s0 = inverse[i]
    let s1 = i + 1 < Self.inverseSegments ? inverse[i + 1] : 1
    var s = s0 + (s1 - s0) * (scaled - Double(i))
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
    var lo = 0.0
    var hi = 1.0
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

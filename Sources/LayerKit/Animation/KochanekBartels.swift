import Foundation

/// Kochanek–Bartels (TCB) spline tangents and Hermite evaluation over `Interpolatable`
/// values.
///
/// For keyframe P_i with tension t, continuity c and bias b (missing values are 0, which
/// gives Catmull–Rom):
///
/// ```
/// out_i = (1−t)(1+b)(1−c)/2 · (P_i − P_{i−1}) + (1−t)(1−b)(1+c)/2 · (P_{i+1} − P_i)
/// in_i  = (1−t)(1+b)(1+c)/2 · (P_i − P_{i−1}) + (1−t)(1−b)(1−c)/2 · (P_{i+1} − P_i)
/// ```
///
/// End tangents (Core Animation's, measured): the missing neighbour is the end keyframe
/// mirrored through its neighbour (P_{−1} = 2P_0 − P_1, P_n = 2P_{n−1} − P_{n−2}), so
/// with tension, continuity and bias 0 an end tangent is the whole adjacent difference
/// (P_1 − P_0 at the start, P_{n−1} − P_{n−2} at the end), not half of it: values
/// [(0,0), (10,0), (10,30)] give (10.625, 13.125) at 0.75. For uneven key times the
/// inner tangents are scaled by
/// 2Δ_i/(Δ_{i−1} + Δ_i) (outgoing) and 2Δ_{i−1}/(Δ_{i−1} + Δ_i) (incoming), Δ being the
/// key-time spans, so that speed stays continuous across keyframes.
package enum KochanekBartels {
  /// The outgoing and incoming tangents at every keyframe.
  package static func tangents<Value: Interpolatable>(
    _ p: [Value], times: [Double], tension: [Double], continuity: [Double], bias: [Double]
  ) -> (out: [Value], in: [Value]) {
    let n = p.count
    var outs: [Value] = []
    var ins: [Value] = []
    outs.reserveCapacity(n)
    ins.reserveCapacity(n)
    func param(_ a: [Double], _ i: Int) -> Double {
      i < a.count && a[i].isFinite ? a[i] : 0
    }
    for i in 0..<n {
      let t = param(tension, i)
      let c = param(continuity, i)
      let b = param(bias, i)
      // At an end, the one existing difference stands for the missing one too.
      let back =
        i > 0 ? Value.subtracting(p[i], p[i - 1]) : Value.subtracting(p[Swift.min(1, n - 1)], p[0])
      let ahead = i < n - 1 ? Value.subtracting(p[i + 1], p[i]) : back
      var o = Value.adding(
        Value.scaled(back, by: (1 - t) * (1 + b) * (1 - c) / 2),
        Value.scaled(ahead, by: (1 - t) * (1 - b) * (1 + c) / 2))
      var inn = Value.adding(
        Value.scaled(back, by: (1 - t) * (1 + b) * (1 + c) / 2),
        Value.scaled(ahead, by: (1 - t) * (1 - b) * (1 - c) / 2))
      if i > 0 && i < n - 1 {
        let d0 = times[i] - times[i - 1]
        let d1 = times[i + 1] - times[i]
        if d0 + d1 > 0 {
          o = Value.scaled(o, by: 2 * d1 / (d0 + d1))
          inn = Value.scaled(inn, by: 2 * d0 / (d0 + d1))
        }
      }
      outs.append(o)
      ins.append(inn)
    }
    return (outs, ins)
  }

  /// The cubic Hermite curve from `p0` (tangent `m0`) to `p1` (tangent `m1`) at `u`:
  /// lerp(p0, p1, h01) + h10·m0 + h11·m1, which equals h00·p0 + h10·m0 + h01·p1 + h11·m1.
  @inline(__always)
  package static func hermite<Value: Interpolatable>(
    _ p0: Value, _ m0: Value, _ p1: Value, _ m1: Value, fraction u: Double
  ) -> Value {
    let u2 = u * u
    let u3 = u2 * u
    let h01 = -2 * u3 + 3 * u2
    let h10 = u3 - 2 * u2 + u
    let h11 = u3 - u2
    return Value.adding(
      Value.interpolate(p0, p1, fraction: h01),
      Value.adding(Value.scaled(m0, by: h10), Value.scaled(m1, by: h11)))
  }
}

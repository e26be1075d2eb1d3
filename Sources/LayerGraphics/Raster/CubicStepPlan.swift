import Foundation

/// The parameters at which `PathStroker` cuts up to four cubics, found together.
///
/// A cubic's steps follow from its second differences alone: each step is the largest
/// `h` with `h²·6/8·max(|D(t)|, |D(t + h)|) ≤ tolerance` (see `PathStroker.stroke`), the
/// next step starting where this one ends. That makes every step wait for a division and
/// three square roots of the one before, about a hundred cycles of latency per step
/// while the processor has little else to do. The corners of a rounded rectangle or the
/// arcs of a circle are independent cubics, so their chains run side by side here, one per
/// lane of `SIMD4<Double>`: the same operations in the same order on each lane, hence the
/// same parameters bit for bit as stepping each cubic alone.
///
/// A reference type so the buffers live between strokes; copies of a `PathStroker` share
/// it, so one stroker strokes on one thread at a time.
package final class CubicStepPlan {
  /// Cubics planned together.
  package static let lanes = 4

  /// Lane `l`'s parameters, in increasing order, at `steps[l * laneCapacity ..< + count(l)]`
  /// (0 < t < 1; the ends are not included).
  private var steps: UnsafeMutablePointer<CGFloat>
  private var laneCapacity = 16
  private var counts = SIMD4<Int>(repeating: 0)
  /// The key (the index of the cubic's first control point in the path) and the start
  /// point each lane was planned for; key −1 for an empty lane.
  private var keys = SIMD4<Int>(repeating: -1)
  private var starts = (CGPoint.zero, CGPoint.zero, CGPoint.zero, CGPoint.zero)

  package init() {
    steps = .allocate(capacity: Self.lanes * laneCapacity)
  }

  deinit { steps.deallocate() }

  /// Forgets every planned cubic (call when the tolerance changes).
  package func reset() { keys = SIMD4(repeating: -1) }

  /// The parameters planned for the cubic with `key` starting at `start`, if any.
  package func planned(key: Int, start: CGPoint) -> UnsafeBufferPointer<CGFloat>? {
    let l: Int
    if keys[0] == key && starts.0 == start {
      l = 0
    } else if keys[1] == key && starts.1 == start {
      l = 1
    } else if keys[2] == key && starts.2 == start {
      l = 2
    } else if keys[3] == key && starts.3 == start {
      l = 3
    } else {
      return nil
    }
    return UnsafeBufferPointer(start: steps + l * laneCapacity, count: counts[l])
  }

  /// Plans `count` (1…4) cubics: lane `l` has key `keys[l]` and control points
  /// `p0[l] … p3[l]` (as `x`/`y` vectors), cut within `budget` = tolerance · 4/3.
  package func plan(count: Int, keys newKeys: SIMD4<Int>, starts newStarts: (CGPoint, CGPoint, CGPoint, CGPoint),
            x: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>),
            y: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>), budget: CGFloat) {
    keys = newKeys
    starts = newStarts
    for l in count..<Self.lanes { keys[l] = -1 }
    // D(t) = (1 − t)·D1 + t·D2, the second differences at the ends.
    let d1x = x.0 - 2 * x.1 + x.2, d1y = y.0 - 2 * y.1 + y.2
    let d2x = x.1 - 2 * x.2 + x.3, d2y = y.1 - 2 * y.2 + y.3
    let ex = d2x - d1x, ey = d2y - d1y
    @inline(__always) func second(_ t: SIMD4<Double>) -> SIMD4<Double> {
      let px = d1x + t * ex, py = d1y + t * ey
      return (px * px + py * py).squareRoot()
    }
    let one = SIMD4<Double>(repeating: 1)
    let b = SIMD4<Double>(repeating: budget)
    // √(budget / |D|): the quotient is never negative (NaN at worst, in lanes whose result
    // is not used), so taking its magnitude changes nothing but lets the compiler keep
    // the square roots in vector instructions.
    @inline(__always) func step(_ d: SIMD4<Double>) -> SIMD4<Double> {
      let q = b / d
      return SIMD4(q[0].magnitude, q[1].magnitude, q[2].magnitude, q[3].magnitude).squareRoot()
    }
    let minimumStep = SIMD4<Double>(repeating: 1 / CGFloat(PathFlattener.maximumPieces))
    let dEnd = second(one)
    let hEnd = step(dEnd)
    var t = SIMD4<Double>.zero
    var dt = second(t)
    var done = SIMD4<Int64>(0, 1, 2, 3) .>= SIMD4(repeating: Int64(count))
    counts = .zero
    var k = 0
    while !all(done) {
      var h = step(dt)
      h.replace(with: one, where: .!(dt .> 0))
      let inside = h .< one - t
      let dh = second(t + h)
      h.replace(with: step(dh), where: inside .& (dh .> dt))
      let u = one - t
      done .|= .!inside .& ((dEnd .<= dt) .| (u * u * dEnd .<= b))
      h.replace(with: hEnd, where: .!inside)
      // At most `maximumPieces` pieces, also when `h` is not a number.
      h.replace(with: minimumStep, where: .!(h .> minimumStep))
      t.replace(with: t + h, where: .!done)
      done .|= t .>= one
      if k == laneCapacity { grow() }
      for l in 0..<Self.lanes where !done[l] {
        steps[l * laneCapacity + counts[l]] = t[l]
        counts[l] += 1
      }
      k += 1
      dt = second(t)
    }
  }

  /// Doubles each lane's capacity, keeping the parameters found so far.
  private func grow() {
    let old = laneCapacity
    let bigger = UnsafeMutablePointer<CGFloat>.allocate(capacity: Self.lanes * old * 2)
    for l in 0..<Self.lanes {
      (bigger + l * old * 2).update(from: steps + l * old, count: counts[l])
    }
    steps.deallocate()
    steps = bigger
    laneCapacity = old * 2
  }
}

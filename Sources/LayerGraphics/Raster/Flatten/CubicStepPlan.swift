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

  /// Lane `l`'s parameters, in increasing order, at `steps[l * laneCapacity ..< + counts[l]]`
  /// (0 < t < 1; the ends are not included).
  @exclusivity(unchecked) private var steps: UnsafeMutablePointer<CGFloat>
  @exclusivity(unchecked) private var laneCapacity = 16
  private let counts: UnsafeMutablePointer<Int>
  /// The key (the index of the cubic's first control point in the path) each lane was
  /// planned for; −1 for an empty lane.
  private let keys: UnsafeMutablePointer<Int>
  /// Each lane's control points as eight rows of four lanes: x0, y0, x1, y1, x2, y2, x3, y3
  /// (row `c`, lane `l` at `c * 4 + l`), written lane by lane and read as vectors.
  private let coordinates: UnsafeMutablePointer<CGFloat>

  package init() {
    steps = .allocate(capacity: Self.lanes * laneCapacity)
    counts = .allocate(capacity: Self.lanes)
    counts.initialize(repeating: 0, count: Self.lanes)
    keys = .allocate(capacity: Self.lanes)
    keys.initialize(repeating: -1, count: Self.lanes)
    coordinates = .allocate(capacity: 8 * Self.lanes)
    coordinates.initialize(repeating: 0, count: 8 * Self.lanes)
  }

  deinit {
    steps.deallocate()
    counts.deallocate()
    keys.deallocate()
    coordinates.deallocate()
  }

  /// Forgets every planned cubic (call when the tolerance changes).
  package func reset() { keys.update(repeating: -1, count: Self.lanes) }

  /// The parameters planned for the cubic with `key` starting at `start`, if any.
  package func planned(key: Int, start: CGPoint) -> UnsafeBufferPointer<CGFloat>? {
    for l in 0..<Self.lanes
    where keys[l] == key && coordinates[l] == start.x && coordinates[4 + l] == start.y {
      return UnsafeBufferPointer(start: steps + l * laneCapacity, count: counts[l])
    }
    return nil
  }

  /// Sets lane `l` (0…3) to the cubic `p0 … p3` with `key`, for the next `plan`.
  package func set(
    lane l: Int, key: Int, _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint
  ) {
    keys[l] = key
    let c = coordinates + l
    c[0] = p0.x
    c[4] = p0.y
    c[8] = p1.x
    c[12] = p1.y
    c[16] = p2.x
    c[20] = p2.y
    c[24] = p3.x
    c[28] = p3.y
  }

  /// Plans the cubics set in lanes `0..<count` (1…4), cut within `budget` =
  /// tolerance · 4/3; the other lanes are emptied.
  package func plan(count: Int, budget: CGFloat) {
    for l in count..<Self.lanes { keys[l] = -1 }
    let raw = UnsafeRawPointer(coordinates)
    @inline(__always) func row(_ c: Int) -> SIMD4<Double> {
      raw.loadUnaligned(fromByteOffset: c * 4 * MemoryLayout<Double>.stride, as: SIMD4<Double>.self)
    }
    let x = (row(0), row(2), row(4), row(6))
    let y = (row(1), row(3), row(5), row(7))
    // D(t) = (1 − t)·D1 + t·D2, the second differences at the ends.
    let d1x = x.0 - 2 * x.1 + x.2
    let d1y = y.0 - 2 * y.1 + y.2
    let d2x = x.1 - 2 * x.2 + x.3
    let d2y = y.1 - 2 * y.2 + y.3
    let ex = d2x - d1x
    let ey = d2y - d1y
    @inline(__always) func second(_ t: SIMD4<Double>) -> SIMD4<Double> {
      let px = d1x + t * ex
      let py = d1y + t * ey
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
    // Lanes still stepping all are at step k, so a lane's count is the number of steps
    // it was still going; every lane's k-th slot is written (unused past its count).
    var n = SIMD4<Int64>.zero
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
      steps[k] = t[0]
      steps[laneCapacity + k] = t[1]
      steps[2 * laneCapacity + k] = t[2]
      steps[3 * laneCapacity + k] = t[3]
      n &+= SIMD4(repeating: 1).replacing(with: 0, where: done)
      k += 1
      dt = second(t)
    }
    for l in 0..<Self.lanes { counts[l] = Int(n[l]) }
  }

  /// Doubles each lane's capacity, keeping the parameters found so far.
  private func grow() {
    let old = laneCapacity
    let bigger = UnsafeMutablePointer<CGFloat>.allocate(capacity: Self.lanes * old * 2)
    for l in 0..<Self.lanes {
      (bigger + l * old * 2).update(from: steps + l * old, count: old)
    }
    steps.deallocate()
    steps = bigger
    laneCapacity = old * 2
  }
}

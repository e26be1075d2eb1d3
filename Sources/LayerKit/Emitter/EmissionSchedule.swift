import Foundation

/// When a cell's particles are born: the cumulative emission `N(t) = ∫₀ᵗ r(s) ds` of a
/// top-level cell over the emitter's local time, and its inverse.
///
/// Particle `n` is born when `N` reaches `n`, so with a constant rate `r` particle `n`
/// is born at `n / r`, and a rate that changes (a model change or an animation of
/// `birthRate`) changes the spacing of later births only: particles already born
/// keep their birth times and so their whole lives.
///
/// ```
///  r(s)  ▁▁▁▁▁▁▁▁█▇▆▄▂▁▁▁▁▁▁▁      constant stretches are integrated exactly,
///  N(t)  ______/‾‾‾‾‾‾‾‾‾‾‾       animated stretches with the midpoint rule on a
///        0     b   e       t      grid of `step` seconds from the stretch's start
/// ```
struct EmissionSchedule {
  /// Seconds per integration step while the rate is animated (1/240 s).
  static let step = 1.0 / 240
  /// The most integration steps one schedule takes; past it the step grows.
  static let maximumSteps = 20_000

  /// Knot times (increasing) and the emission count at each (non-decreasing); `N` is
  /// linear between knots.
  private var times: [Double] = [0]
  private var counts: [Double] = [0]
  /// The rate, when it never changed: births are then exactly `n / rate`.
  private(set) var constantRate: Double?

  /// A schedule at one constant rate (particles per second, ≥ 0).
  init(constant rate: Double) {
    constantRate = rate
  }

  /// The schedule of `rate` over consecutive stretches of local time.
  ///
  /// - Parameters:
  ///   - pieces: Consecutive stretches from 0 on, in order, each with whether the rate
  ///     changes inside it (an animation runs) or holds one value.
  ///   - rate: The rate at a local time, in particles per second (negative counts as 0).
  init(pieces: [(range: Range<Double>, animated: Bool)], rate: (Double) -> Double) {
    let animatedLength = pieces.filter(\.animated).reduce(0) {
      $0 + $1.range.upperBound - $1.range.lowerBound
    }
    let h = Swift.max(Self.step, animatedLength / Double(Self.maximumSteps))
    var n = 0.0
    for (range, animated) in pieces where range.upperBound > range.lowerBound {
      let length = range.upperBound - range.lowerBound
      if !animated {
        n += Swift.max(rate(range.lowerBound + length / 2), 0) * length
        append(range.upperBound, n)
        continue
      }
      let steps = Swift.max(Int((length / h).rounded(.up)), 1)
      let dt = length / Double(steps)
      for i in 0..<steps {
        let t0 = range.lowerBound + Double(i) * dt
        n += Swift.max(rate(t0 + dt / 2), 0) * dt
        append(i == steps - 1 ? range.upperBound : t0 + dt, n)
      }
    }
  }

  private mutating func append(_ t: Double, _ n: Double) {
    guard t > times[times.count - 1] else { return }
    times.append(t)
    counts.append(n)
  }

  /// Particles emitted by local time `t` (fractional).
  func count(at t: Double) -> Double {
    if let r = constantRate { return Swift.max(t, 0) * r }
    guard t > 0 else { return 0 }
    guard t < times[times.count - 1] else { return counts[counts.count - 1] }
    let i = upperKnot(where: { times[$0] >= t })
    let f = (t - times[i - 1]) / (times[i] - times[i - 1])
    return counts[i - 1] + f * (counts[i] - counts[i - 1])
  }

  /// The local time at which particle `n` is born (the first time `N` reaches `n`), or
  /// nil when `N` never does within the schedule.
  func birthTime(of n: Double) -> Double? {
    if let r = constantRate { return r > 0 ? n / r : nil }
    guard n > 0 else { return 0 }
    guard n <= counts[counts.count - 1] else { return nil }
    let i = upperKnot(where: { counts[$0] >= n })
    let dn = counts[i] - counts[i - 1]
    let f = dn > 0 ? (n - counts[i - 1]) / dn : 0
    return times[i - 1] + f * (times[i] - times[i - 1])
  }

  /// The first knot index ≥ 1 satisfying the monotone predicate `reached`.
  private func upperKnot(where reached: (Int) -> Bool) -> Int {
    var lo = 1
    var hi = times.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if reached(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}

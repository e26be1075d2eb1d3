import Foundation

/// The closed-form motion of a damped spring: the pure core of `CASpringAnimation`.
///
/// `m·x″ + c·x′ + k·x = 0`, x(0) = 1, x′(0) = −v₀, with ω₀ = √(k/m) and damping ratio
/// ζ = c / (2√(k·m)):
///
/// - under-damped (ζ < 1), ω_d = ω₀√(1 − ζ²):
///   x(t) = e^(−ζω₀t)·(cos ω_d t + (ζω₀ − v₀)/ω_d · sin ω_d t)
/// - critically damped (ζ = 1, or ζ > 1 without `allowsOverdamping`):
///   x(t) = e^(−ω₀t)·(1 + (ω₀ − v₀)·t)
/// - over-damped (ζ > 1), r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)):
///   x(t) = C₁e^(r₁t) + C₂e^(r₂t), C₂ = (−v₀ − r₁)/(r₂ − r₁), C₁ = 1 − C₂
/// - infinitely damped (damping +∞ with `allowsOverdamping`, `bounce` −1): at the target
///   at once, x(0) = 1 and x(t) = 0 for every t > 0.
///
/// The presented fraction is 1 − x(t). Invalid parameters (mass or stiffness ≤ 0, NaN,
/// negative damping) give a spring that is already at rest (fraction 1).
package struct SpringSolver: Equatable, Sendable {
  /// How close to the target (as a fraction of the distance) the spring must stay to
  /// count as settled: 10⁻³, as in Apple's spring documentation ("an epsilon of 0.001").
  package static let restEpsilon = 1e-3

  /// The time step, in seconds, at which `settlingDuration` samples critically and
  /// over-damped springs.
  package static let settlingStep = 0.1

  package enum Regime: Equatable, Sendable {
    case underdamped, critical, overdamped, rigid, invalid
  }

  package let regime: Regime
  let omega0: Double
  package let dampingRatio: Double
  let v0: Double
  // Regime constants: under (decay, ωd, B); critical (ω0, b); over (r1, r2, c1, c2).
  let a: Double, b: Double, c: Double, d: Double

  package init(
    mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
    allowsOverdamping: Bool
  ) {
    let ok =
      mass > 0 && stiffness > 0 && damping >= 0 && mass.isFinite && stiffness.isFinite
      && !damping.isNaN && initialVelocity.isFinite
    guard ok else {
      regime = .invalid
      omega0 = 0
      dampingRatio = 1
      v0 = 0
      a = 0
      b = 0
      c = 0
      d = 0
      return
    }
    let w0 = (stiffness / mass).squareRoot()
    let zeta = damping / (2 * (stiffness * mass).squareRoot())
    omega0 = w0
    v0 = initialVelocity
    if zeta < 1 {
      regime = .underdamped
      dampingRatio = zeta
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      a = zeta * w0
      b = wd
      c = (zeta * w0 - initialVelocity) / wd
      d = 0
    } else if zeta == 1 || !allowsOverdamping {
      // Without allowsOverdamping the spring is clamped to critical damping.
      regime = .critical
      dampingRatio = zeta
      a = w0
      b = w0 - initialVelocity
      c = 0
      d = 0
    } else if !zeta.isFinite {
      regime = .rigid
      dampingRatio = .infinity
      a = 0
      b = 0
      c = 0
      d = 0
    } else {
      regime = .overdamped
      dampingRatio = zeta
      // √(ζ² − 1) as ζ·√(1 − 1/ζ²) and r₁ as −ω₀/(ζ + s) (since (ζ − s)(ζ + s) = 1), so
      // that huge damping neither overflows nor cancels.
      let s = zeta * (1 - 1 / (zeta * zeta)).squareRoot()
      let r1 = -w0 / (zeta + s)
      let r2 = -w0 * (zeta + s)
      let c2 = r2.isFinite && r2 != r1 ? (-initialVelocity - r1) / (r2 - r1) : 0
      a = r1
      b = r2
      c = 1 - c2
      d = c2
    }
  }

  /// The remaining normalised distance x(t) (1 at t = 0, 0 at the target).
  package func displacement(at t: Double) -> Double {
    let t = Swift.max(t, 0)
    switch regime {
    case .invalid: return 0
    case .rigid: return t > 0 ? 0 : 1
    case .underdamped: return exp(-a * t) * (cos(b * t) + c * sin(b * t))
    case .critical: return exp(-a * t) * (1 + b * t)
    case .overdamped: return t == 0 ? 1 : c * exp(a * t) + (d == 0 ? 0 : d * exp(b * t))
    }
  }

  /// The presented fraction 1 − x(t); overshoots past 1 for bouncy springs.
  package func fraction(at t: Double) -> Double { 1 - displacement(at: t) }

  /// The estimated time, in seconds, after which the spring stays within `restEpsilon`
  /// of its target (Core Animation's values, measured: 1.4727 s for mass 1, stiffness
  /// 100, damping 10; 13.913 s for damping 1; exactly 1 s at critical damping).
  ///
  /// - under-damped: the bound |x(t)| ≤ e^(−ζω₀t)·(1 + |B|) (B the sine coefficient)
  ///   reaches ε: t = ln((1 + |B|)/ε) / (ζω₀); +∞ without damping.
  /// - critically and over-damped: x is sampled every `settlingStep` seconds (at exact
  ///   multiples of the step); the answer is the first sample from which |x| stays below
  ///   ε for more than a second. A motion that has not settled after 1,024 samples
  ///   answers from the slowest decay, as the under-damped bound does (finite).
  /// - infinitely damped and invalid: 0.
  package var settlingDuration: Double {
    let eps = Self.restEpsilon
    switch regime {
    case .invalid, .rigid: return 0
    case .underdamped:
      let t = log((1 + Swift.abs(c)) / eps) / a
      return t.isNaN ? 0 : Swift.max(0, t)
    case .critical, .overdamped:
      var best = 0.0
      var bestDistance = Double.infinity
      for i in 0..<1024 {
        let time = Double(i) * Self.settlingStep
        let distance = Swift.abs(displacement(at: time))
        guard distance.isFinite else { break }
        if bestDistance >= eps {
          if distance < bestDistance { (best, bestDistance) = (time, distance) }
        } else if distance >= eps {
          bestDistance = .infinity
        } else if time - best > 1 {
          return best
        }
      }
      // Not settled within the samples: the slowest exponential's time to reach ε.
      let decay = regime == .critical ? a : -a
      let amplitude = regime == .critical ? 1 + Swift.abs(b) / a : Swift.abs(c) + Swift.abs(d)
      let t = log(amplitude / eps) / decay
      return t.isFinite ? Swift.max(t, best) : Double.greatestFiniteMagnitude
    }
  }
}

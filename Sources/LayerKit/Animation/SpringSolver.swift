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
///
/// The presented fraction is 1 − x(t). Invalid parameters (mass or stiffness ≤ 0, NaN,
/// negative damping) give a spring that is already at rest (fraction 1).
package struct SpringSolver: Equatable, Sendable {
  /// How close to the target (as a fraction of the distance) the envelope of the motion
  /// must stay for the spring to count as settled: 7.5·10⁻⁴, which makes the default
  /// spring (mass 1, stiffness 100, damping 10) settle in ≈ 1.468 s.
  package static let restEpsilon = 7.5e-4

  package enum Regime: Equatable, Sendable { case underdamped, critical, overdamped, invalid }

  package let regime: Regime
  let omega0: Double
  package let dampingRatio: Double
  let v0: Double
  // Regime constants: under (decay, ωd, B); critical (ω0, b); over (r1, r2, c1, c2).
  let a: Double, b: Double, c: Double, d: Double

  package init(
    mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool
  ) {
    let ok = mass > 0 && stiffness > 0 && damping >= 0 && mass.isFinite && stiffness.isFinite
      && damping.isFinite && initialVelocity.isFinite
    guard ok else {
      regime = .invalid
      omega0 = 0; dampingRatio = 1; v0 = 0; a = 0; b = 0; c = 0; d = 0
      return
    }
    let w0 = (stiffness / mass).squareRoot()
    let zeta = damping / (2 * (stiffness * mass).squareRoot())
    omega0 = w0
    dampingRatio = zeta
    v0 = initialVelocity
    if zeta < 1 {
      regime = .underdamped
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      a = zeta * w0; b = wd; c = (zeta * w0 - initialVelocity) / wd; d = 0
    } else if zeta == 1 || !allowsOverdamping {
      regime = .critical
      a = w0; b = w0 - initialVelocity; c = 0; d = 0
    } else {
      regime = .overdamped
      // ζ·√(1 − 1/ζ²) and r₁ = −ω₀/(ζ + s) (as (ζ − s)(ζ + s) = 1) stay finite and
      // exact for a damping of 1e300, where ζ² and ζ − s would overflow or cancel.
      let s = zeta * (1 - 1 / (zeta * zeta)).squareRoot()
      let r1 = -w0 / (zeta + s), r2 = -w0 * (zeta + s)
      let c2 = (-initialVelocity - r1) / (r2 - r1)
      a = r1; b = r2; c = 1 - c2; d = c2
    }
  }

  /// The remaining normalised distance x(t) (1 at t = 0, 0 at the target).
  package func displacement(at t: Double) -> Double {
    let t = Swift.max(t, 0)
    switch regime {
    case .invalid: return 0
    case .underdamped: return exp(-a * t) * (cos(b * t) + c * sin(b * t))
    case .critical: return exp(-a * t) * (1 + b * t)
    case .overdamped: return c * exp(a * t) + d * Self.decay(b, t)
    }
  }

  /// e^(rate·t), 1 at t = 0 even for a rate of −∞ (an infinitely stiff over-damped mode).
  private static func decay(_ rate: Double, _ t: Double) -> Double { t == 0 ? 1 : exp(rate * t) }

  /// The presented fraction 1 − x(t); overshoots past 1 for bouncy springs.
  package func fraction(at t: Double) -> Double { 1 - displacement(at: t) }

  /// An upper bound of |x| from time t on (the motion's envelope).
  func envelope(at t: Double) -> Double {
    switch regime {
    case .invalid: return 0
    case .underdamped: return exp(-a * t) * hypot(1, c)
    case .critical: return exp(-a * t) * (1 + Swift.abs(b) * t)
    case .overdamped: return Swift.abs(c) * exp(a * t) + Swift.abs(d) * Self.decay(b, t)
    }
  }

  /// The first time after which the envelope stays within `restEpsilon`, in seconds.
  package var settlingDuration: Double {
    let eps = Self.restEpsilon
    switch regime {
    case .invalid: return 0
    case .underdamped: return Swift.max(0, log(hypot(1, c) / eps) / a)
    case .critical, .overdamped:
      // The envelope decreases once past its single maximum: bracket, then bisect.
      var hi = 1 / Swift.max(omega0, 1e-9)
      var guardCount = 0
      while (envelope(at: hi) > eps || envelope(at: hi * 1.01) > envelope(at: hi)) && guardCount < 200 {
        hi *= 2
        guardCount += 1
      }
      var lo = 0.0
      for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if envelope(at: mid) > eps { lo = mid } else { hi = mid }
      }
      return hi
    }
  }
}

import Foundation

/// A basic animation whose progress follows a damped spring instead of a timing curve.
///
/// The spring `m·x″ + c·x′ + k·x = 0` starts at x = 1 (the whole distance away) with
/// velocity −`initialVelocity`; the presented fraction is 1 − x(t), evaluated in closed
/// form (see `SpringSolver`). `duration` still clips the motion: set it to
/// `settlingDuration` to let the spring come to rest.
open class CASpringAnimation: CABasicAnimation {
  /// The mass on the spring (default 1, must be > 0).
  open var mass: CGFloat = 1
  /// The spring constant (default 100, must be > 0).
  open var stiffness: CGFloat = 100
  /// The damping coefficient (default 10, ≥ 0).
  open var damping: CGFloat = 10
  /// The start velocity in whole distances per second, positive toward the target.
  open var initialVelocity: CGFloat = 0
  /// Whether a damping ratio above 1 is honoured; when false (the default) such springs
  /// move as critically damped ones.
  open var allowsOverdamping = false

  public required init() { super.init() }

  /// A spring that settles in about `perceptualDuration` seconds with `bounce` in
  /// −1…1 (0 no overshoot, positive bouncier, negative overdamped, −1 infinitely damped):
  /// mass 1, stiffness (2π / d)², damping ratio 1 − bounce (or 1 / (1 + bounce) when
  /// negative, +∞ at −1), damping 2ζ√(stiffness·mass), `allowsOverdamping` true (for
  /// every bounce, so that the damping is honoured as given), and `duration` =
  /// `settlingDuration`. A bounce outside −1…1 is clamped, NaN is 0.
  public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
    self.init()
    let d = perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 1
    if d != perceptualDuration {
      CADiagnostics.report(
        key: "perceptualDuration", "\(perceptualDuration) is not a positive duration; using 1")
    }
    let b = bounce.isNaN ? 0 : Swift.min(Swift.max(bounce, -1), 1)
    mass = 1
    stiffness = (2 * .pi / d) * (2 * .pi / d)
    let zeta: CGFloat = b >= 0 ? 1 - b : b == -1 ? .infinity : 1 / (1 + b)
    damping = 2 * zeta * (stiffness * mass).squareRoot()
    allowsOverdamping = true
    duration = settlingDuration
  }

  public required init(copying other: CAAnimation) {
    super.init(copying: other)
    if let o = other as? CASpringAnimation {
      mass = o.mass
      stiffness = o.stiffness
      damping = o.damping
      initialVelocity = o.initialVelocity
      allowsOverdamping = o.allowsOverdamping
    }
  }

  /// The spring's parameters as a solver value.
  package var solver: SpringSolver {
    SpringSolver(
      mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
      initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
  }

  /// The time, in seconds, after which the spring stays within `SpringSolver.restEpsilon`
  /// (0.1 % of the distance) of its target: 1.4727 s for the defaults, exactly 1 s at
  /// critical damping with stiffness 100, 0 for infinite damping. See `SpringSolver`.
  open var settlingDuration: CFTimeInterval { solver.settlingDuration }

  /// The period of the undamped spring, 2π√(mass / stiffness): the duration passed to
  /// `init(perceptualDuration:bounce:)`.
  open var perceptualDuration: CFTimeInterval {
    let k = Double(stiffness)
    let m = Double(mass)
    return k > 0 && m > 0 ? 2 * .pi * (m / k).squareRoot() : 0
  }

  /// The bounce that `init(perceptualDuration:bounce:)` would take for these parameters:
  /// 1 − ζ when ζ ≤ 1, otherwise 1/ζ − 1 (−1 for infinite damping).
  open var bounce: CGFloat {
    let zeta = solver.dampingRatio
    if zeta == .infinity { return -1 }
    guard zeta.isFinite else { return 0 }
    return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
  }
}

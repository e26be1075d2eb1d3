import LayerKit

/// A spring for UIKit's spring APIs, as `CASpringAnimation` parameters.
///
/// UIKit does not document how a damping ratio and a duration become a spring. The
/// choice here: mass 1, the damping ratio as given (`allowsOverdamping` on, so ratios
/// above 1 are honoured), and the stiffness that makes the spring settle — stay within
/// LayerKit's rest epsilon, 0.1 % of the distance (`CASpringAnimation.settlingDuration`)
/// — in exactly `duration` when it starts at rest. The animation then lasts `duration`
/// and ends at rest, so the completion runs at `duration` as in UIKit and clipping at
/// the end shows no jump. A ratio of 0 (which never settles) falls back to the
/// perceptual-duration spring, stiffness (2π / duration)².
struct UIViewSpring: Equatable {
  var mass: CGFloat
  var stiffness: CGFloat
  var damping: CGFloat
  /// In whole distances per second, positive toward the target.
  var initialVelocity: CGFloat
  /// Whether the spring's own settling time replaces the animation's duration (the
  /// mass–stiffness–damping parameters of UIKit's `UISpringTimingParameters`).
  var usesSettlingDuration = false

  init(
    mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity: CGFloat,
    usesSettlingDuration: Bool = false
  ) {
    self.mass = mass.isFinite && mass > 0 ? mass : 1
    self.stiffness = stiffness.isFinite && stiffness > 0 ? stiffness : 100
    self.damping = damping.isFinite && damping >= 0 ? damping : 10
    self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
    self.usesSettlingDuration = usesSettlingDuration
  }

  /// The spring with damping ratio `ratio` that settles in `duration` seconds (see the
  /// type's discussion). NaN or negative ratios read as 0; a non-positive duration as 1.
  init(dampingRatio ratio: CGFloat, duration: TimeInterval, initialVelocity: CGFloat) {
    let zeta = ratio.isFinite ? Swift.max(0, ratio) : 0
    let d = duration.isFinite && duration > 0 ? duration : 1
    // Settling time scales as 1/ω₀ at a fixed ratio: measure it at ω₀ = 0.1 (where the
    // solver's 0.1 s sampling of non-oscillating springs is fine) and scale.
    let reference = SpringSolver(
      mass: 1, stiffness: 0.01, damping: 0.2 * zeta, initialVelocity: 0, allowsOverdamping: true)
    let settle = reference.settlingDuration * 0.1
    let omega =
      zeta > 0 && settle.isFinite && settle > 0 && settle < 1e9 ? settle / d : 2 * .pi / d
    self.init(
      mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega,
      initialVelocity: initialVelocity)
  }

  /// Sets `animation`'s spring parameters (not its duration).
  func configure(_ animation: CASpringAnimation) {
    animation.mass = mass
    animation.stiffness = stiffness
    animation.damping = damping
    animation.initialVelocity = initialVelocity
    animation.allowsOverdamping = true
  }

  /// The settling duration of this spring, in seconds.
  var settlingDuration: TimeInterval {
    let a = CASpringAnimation()
    configure(a)
    return a.settlingDuration
  }
}

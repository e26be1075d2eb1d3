import Foundation

// The shadow's blur, the one rule every stage that places, bounds or damages a shadow
// reads (the compositor's shadow and its extent, the content extent, the damage pass).
extension LayerState {
  /// The standard deviation, in the layer's points, of the Gaussian that blurs the
  /// layer's shadow: half of `shadowRadius`, as Core Animation's, and 0 for a radius that
  /// is not positive (no blur). Not finite when the radius is not.
  @inline(__always)
  package var shadowSigma: CGFloat { Swift.max(shadowRadius, 0) / 2 }

  /// How far, in the layer's points, the blurred shadow paints past its shape: three
  /// standard deviations (1.5 × `shadowRadius`), as far as the three box blurs that make
  /// the Gaussian spread. Callers add their own margin for rounding to pixels.
  @inline(__always)
  package var shadowBlurReach: CGFloat { shadowSigma * 3 }
}

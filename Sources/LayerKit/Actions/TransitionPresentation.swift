import Foundation

/// A running transition as the compositor sees it: the outgoing snapshot, the progress,
/// and where and how opaque each of the two states is drawn.
///
/// Read it from a presentation layer (`CALayer.presentationTransition`). The compositor
/// draws the layer twice, both times clipped to the layer's bounds, in this order:
///
/// 1. the state given by ``bottom`` (outgoing or incoming),
/// 2. the state given by ``top``,
///
/// each rendered as a whole (background, contents, border and sublayers) into the
/// layer's bounds, then translated by its ``Placement/offset`` (in the layer's own
/// coordinates, points) and composited with its ``Placement/opacity``. For `fade` the
/// two renderings are dissolved: `outgoing·(1 − p) + incoming·p` per pixel (not one over
/// the other), so identical regions stay unchanged.
///
/// | type   | outgoing offset  | incoming offset       | on top   | opacities      |
/// |--------|------------------|-----------------------|----------|----------------|
/// | fade   | 0                | 0                     | —        | 1 − p, p       |
/// | moveIn | 0                | d·(1 − p)             | incoming | 1, 1           |
/// | push   | −d·p             | d·(1 − p)             | incoming | 1, 1           |
/// | reveal | −d·p             | 0                     | outgoing | 1, 1           |
///
/// where `d` is the bounds' extent in the direction of travel, pointing at the side the
/// motion comes from: fromRight (w, 0), fromLeft (−w, 0), fromTop (0, −h),
/// fromBottom (0, h) in a y-down layer space.
package struct TransitionPresentation {
  /// Where and how one of the two states is drawn.
  package struct Placement: Equatable, Sendable {
    /// Translation in the layer's coordinate space, in points.
    package var offset: CGSize
    /// Opacity multiplier, 0…1.
    package var opacity: Double
  }

  /// The transition's type.
  package var type: CATransitionType
  /// Its direction (`fromLeft` when the transition had none).
  package var subtype: CATransitionSubtype
  /// The progress p, 0…1, after the timing function and `startProgress…endProgress`.
  package var progress: Double
  /// The outgoing state.
  package var outgoing: TransitionSnapshot
  /// How the outgoing state is drawn.
  package var outgoingPlacement: Placement
  /// How the incoming (current presentation) state is drawn.
  package var incomingPlacement: Placement
  /// Whether the incoming state draws over the outgoing one (false for `reveal`).
  package var incomingOnTop: Bool

  /// Lays out a transition of `type`/`subtype` at progress `p` over `bounds`.
  package init(
    type: CATransitionType, subtype: CATransitionSubtype?, progress p: Double,
    bounds: CGRect, outgoing: TransitionSnapshot
  ) {
    let direction = subtype ?? .fromLeft
    self.type = type
    self.subtype = direction
    self.progress = p
    self.outgoing = outgoing
    let d = Self.travel(direction, bounds: bounds)
    let still = Placement(offset: .zero, opacity: 1)
    switch type {
    case .moveIn:
      outgoingPlacement = still
      incomingPlacement = Placement(offset: d.scaled(1 - p), opacity: 1)
      incomingOnTop = true
    case .push:
      outgoingPlacement = Placement(offset: d.scaled(-p), opacity: 1)
      incomingPlacement = Placement(offset: d.scaled(1 - p), opacity: 1)
      incomingOnTop = true
    case .reveal:
      outgoingPlacement = Placement(offset: d.scaled(-p), opacity: 1)
      incomingPlacement = still
      incomingOnTop = false
    default:  // fade, and unknown types (drawn as fade)
      outgoingPlacement = Placement(offset: .zero, opacity: 1 - p)
      incomingPlacement = Placement(offset: .zero, opacity: p)
      incomingOnTop = true
    }
  }

  /// The state drawn first.
  package var bottom: (isOutgoing: Bool, placement: Placement) {
    incomingOnTop ? (true, outgoingPlacement) : (false, incomingPlacement)
  }

  /// The state drawn second.
  package var top: (isOutgoing: Bool, placement: Placement) {
    incomingOnTop ? (false, incomingPlacement) : (true, outgoingPlacement)
  }

  /// The vector from the layer to the side the motion comes from, one bounds long.
  static func travel(_ subtype: CATransitionSubtype, bounds: CGRect) -> CGSize {
    switch subtype {
    case .fromRight: return CGSize(width: bounds.width, height: 0)
    case .fromTop: return CGSize(width: 0, height: -bounds.height)
    case .fromBottom: return CGSize(width: 0, height: bounds.height)
    default: return CGSize(width: -bounds.width, height: 0)
    }
  }
}

extension CGSize {
  fileprivate func scaled(_ k: Double) -> CGSize { CGSize(width: width * k, height: height * k) }
}

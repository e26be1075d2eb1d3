import Foundation

/// A `CATransition` as the render tree holds it: which node draws the outgoing state,
/// and where and how opaque each of the two states is (`TransitionPresentation`).
package struct RenderTransition: Sendable, Equatable {
  /// The node index of the outgoing state (its own subtree of outgoing sublayers).
  package var outgoing: Int
  /// Whether the states dissolve into each other (`fade`) rather than slide.
  package var dissolves: Bool
  /// The progress p, 0…1.
  package var progress: Double
  /// Translation (layer points) and opacity of the outgoing state.
  package var outgoingPlacement: TransitionPresentation.Placement
  /// Translation (layer points) and opacity of the incoming state.
  package var incomingPlacement: TransitionPresentation.Placement
  /// Whether the incoming state draws over the outgoing one.
  package var incomingOnTop: Bool

  package init(_ t: TransitionPresentation, outgoing: Int) {
    self.outgoing = outgoing
    dissolves = !(t.type == .moveIn || t.type == .push || t.type == .reveal)
    progress = t.progress.isFinite ? Swift.min(Swift.max(t.progress, 0), 1) : 1
    outgoingPlacement = t.outgoingPlacement
    incomingPlacement = t.incomingPlacement
    incomingOnTop = t.incomingOnTop
  }
}

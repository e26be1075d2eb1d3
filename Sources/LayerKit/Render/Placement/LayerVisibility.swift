import Foundation

/// Whether a layer shows, and how strongly: the rules the placement pass, the damage pass
/// and every backend share (each decided here once).
///
/// Core Animation's rules, as a render server applies them to a frame's presentation
/// state:
///
/// - A hidden layer draws nothing, nor do its sublayers, unless it runs a transition:
///   then its outgoing state may still show (a layer being hidden fades out under a
///   `CATransition`), while its current, hidden state draws nothing.
/// - A layer's own opacity is clamped to 0…1; a NaN opacity draws nothing.
/// - Opacity multiplies down the tree: the effective opacity of a layer is its
///   superlayer's times its own. A layer with effective opacity 0 draws nothing and its
///   sublayers draw nothing (opacity never goes up again).
/// - In a transition, each state (the outgoing snapshot and the current state) applies
///   its own opacity, under the opacity the layer inherits; the current state's effective
///   opacity is therefore the inherited opacity times its own, 0 when it is hidden. This is
///   what the damage pass records and what the CPU compositor draws (before, the damage
///   pass gave a hidden layer in a transition its inherited opacity times its own while
///   the compositor drew nothing for it).
package enum LayerVisibility {
  /// Whether node `n` can draw at all: it is not hidden, or it runs a transition (whose
  /// outgoing state may still show while the layer is hidden).
  @inline(__always)
  package static func isShown(_ n: UnsafePointer<RenderNode>) -> Bool {
    !n.pointee.state.isHidden || n.pointee.transition != nil
  }

  /// The layer's own opacity as it composites, clamped to 0…1; nil for NaN (the layer is
  /// not drawn).
  @inline(__always)
  package static func ownOpacity(_ st: UnsafePointer<LayerState>) -> Float? {
    let o = st.pointee.opacity
    return o.isNaN ? nil : Swift.min(Swift.max(o, 0), 1)
  }

  /// The effective opacity of node `n`'s own state under `inherited` (0…1): `inherited`
  /// times its own opacity; 0 when it is hidden (also in a transition: the current state
  /// of a hidden layer draws nothing) or its opacity is NaN.
  @inline(__always)
  package static func effectiveOpacity(_ n: UnsafePointer<RenderNode>, inherited: Float) -> Float {
    guard !n.pointee.state.isHidden, let own = ownOpacity(n.state) else { return 0 }
    return inherited * own
  }

  /// Whether node `n`, drawn at `inherited` opacity, draws anything: its own state at
  /// an effective opacity above 0, or a transition (whose outgoing state may show).
  @inline(__always)
  package static func draws(_ n: UnsafePointer<RenderNode>, inherited: Float) -> Bool {
    n.pointee.transition != nil || effectiveOpacity(n, inherited: inherited) > 0
  }
}

/// The outgoing state of a layer in a transition: what the compositor draws for "before".
///
/// `state` is the layer's own render state as last presented (its model state with the
/// animations of the last evaluated frame applied) with the property that triggered the
/// transition put back to its previous value. `sublayers` are the layers that were its
/// sublayers then; the compositor draws them with their current presentation, so a
/// sublayer change (push to a new set of sublayers) shows the old set leaving.
package struct TransitionSnapshot {
  /// The layer's outgoing render state.
  package var state: LayerState
  /// The outgoing sublayers, back to front (model layers).
  package var sublayers: [CALayer]

  package init(state: LayerState, sublayers: [CALayer]) {
    self.state = state
    self.sublayers = sublayers
  }
}

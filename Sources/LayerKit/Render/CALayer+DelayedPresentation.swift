import Foundation

extension CALayer {
  /// The layer's presentation state as it would be when its superlayer's local time is
  /// `tp` (seconds), and its own local time then: its committed animations evaluated at
  /// that time over its model state, without side effects (no events, no removals).
  ///
  /// Used for a replicator's copies, which run their animations `i · instanceDelay`
  /// seconds behind the original.
  func presentationState(atParentTime tp: Double) -> (state: LayerState, localTime: Double) {
    let model = state
    let local = layerTiming.localTime(fromParent: tp)
    var shown = model
    guard local.isFinite else { return (shown, local) }
    for entry in animationStorage.entries {
      if let e = entry.showingState(atLocalTime: local) {
        entry.track?.apply(e, to: &shown, model: model)
      }
    }
    return (shown, local)
  }
}

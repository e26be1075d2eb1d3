import Foundation

/// The model of a `CAReplicatorLayer` beyond `CALayer`'s, with Core Animation's
/// defaults.
package struct ReplicatorLayerState: Equatable, Sendable {
  /// How many copies of the sublayers are drawn (the first is the original). Default 1.
  package var instanceCount = 1
  /// Whether the copies keep their depth (a transform-layer-like 3D) instead of being
  /// flattened. Default false.
  package var preservesDepth = false
  /// Applied once more to each copy than to the one before, about the replicator's
  /// anchor point. Default identity.
  package var instanceTransform: CATransform3D = .identity
  /// Seconds between the copies' animation times (copy i runs `i · instanceDelay`
  /// behind). Default 0.
  package var instanceDelay: CFTimeInterval = 0
  /// Multiplies the colours of the first copy. Default opaque white (no change).
  package var instanceColor: CGColor? = .white
  /// Added to the colour multiplier once per copy after the first. Default 0.
  package var instanceRedOffset: Float = 0
  package var instanceGreenOffset: Float = 0
  package var instanceBlueOffset: Float = 0
  package var instanceAlphaOffset: Float = 0

  package init() {}
}

extension LayerState {
  /// The replicator state, created with its defaults when first written.
  package var replicatorState: ReplicatorLayerState {
    get { self.replicator ?? ReplicatorLayerState() }
    // Written in place (no copy of the whole subclass state per property write).
    _modify {
      if self.replicator == nil { self.replicator = ReplicatorLayerState() }
      yield &self.replicator!
    }
  }
}

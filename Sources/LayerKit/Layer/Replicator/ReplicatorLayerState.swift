import Foundation

extension CAReplicatorLayer {
  /// The model of a `CAReplicatorLayer` beyond `CALayer`'s, with Core Animation's
  /// defaults.
  @LayerModel(state: "replicatorState")
  package struct ReplicatorLayerState: Equatable, Sendable {
    /// How many copies of the sublayers are drawn (the first is the original). Default 1.
    @Model(
      accessor: false,
      accepts: { any in
        animationScalar(any).flatMap { $0.isFinite && $0 >= 0 ? Int($0) : nil }
      })
    package var instanceCount: Int = 1
    /// Whether copies keep their depth and are drawn sorted by it. Default false.
    @Model
    package var preservesDepth: Bool = false
    /// The step from one copy to the next, about the replicator's anchor point. Default
    /// identity. Animatable.
    @Model(animatable: true)
    package var instanceTransform: CATransform3D = .identity
    /// Seconds between the copies' animation times (copy i runs `i · instanceDelay`
    /// behind). Default 0.
    @Model(animatable: true, accessor: false)
    package var instanceDelay: CFTimeInterval = 0
    /// The colour multiplier of the first copy. Default opaque white. Animatable.
    @Model(animatable: true)
    package var instanceColor: CGColor? = .white
    /// Added to the red multiplier once per copy. Default 0. Animatable.
    @Model(animatable: true)
    package var instanceRedOffset: Float = 0
    /// Added to the green multiplier once per copy. Default 0. Animatable.
    @Model(animatable: true)
    package var instanceGreenOffset: Float = 0
    /// Added to the blue multiplier once per copy. Default 0. Animatable.
    @Model(animatable: true)
    package var instanceBlueOffset: Float = 0
    /// Added to the alpha multiplier once per copy. Default 0. Animatable.
    @Model(animatable: true)
    package var instanceAlphaOffset: Float = 0

    package init() {}
  }
}

/// `CAReplicatorLayer.ReplicatorLayerState`, by its own name.
package typealias ReplicatorLayerState = CAReplicatorLayer.ReplicatorLayerState

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

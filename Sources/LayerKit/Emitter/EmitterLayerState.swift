import Foundation

extension CAEmitterLayer {
  /// The model of a `CAEmitterLayer` beyond `CALayer`'s, with Core Animation's defaults:
  /// the emitter's shape and multipliers, and its cells as values.
  @LayerModel(state: "emitterState")
  package struct EmitterLayerState: Equatable, Sendable {
    /// The cells emitted, as values (the layer's `emitterCells` objects mirror them).
    package var cells: [EmitterCellState] = []
    /// Multiplies every cell's birth rate. Default 1. Animatable.
    @Model(animatable: true)
    package var birthRate: Float = 1
    /// Multiplies every cell's lifetime. Default 1. Animatable.
    @Model(animatable: true)
    package var lifetime: Float = 1
    /// Multiplies every cell's velocity. Default 1. Animatable.
    @Model(animatable: true)
    package var velocity: Float = 1
    /// Multiplies every cell's scale. Default 1. Animatable.
    @Model(animatable: true)
    package var scale: Float = 1
    /// Multiplies every cell's spin. Default 1. Animatable.
    @Model(animatable: true)
    package var spin: Float = 1
    /// The centre of the emitter shape, in the layer's coordinates. Default (0, 0).
    /// Animatable.
    @Model(animatable: true)
    package var emitterPosition: CGPoint = .zero
    /// The z coordinate of the emitter shape's centre, in points. Default 0. Animatable.
    @Model(animatable: true)
    package var emitterZPosition: CGFloat = 0
    /// The emitter shape's width and height (a circle's diameter is the width), in
    /// points. Default (0, 0). Animatable.
    @Model(animatable: true)
    package var emitterSize: CGSize = .zero
    /// The depth of cuboid and sphere shapes, in points. Default 0. Animatable.
    @Model(animatable: true)
    package var emitterDepth: CGFloat = 0
    /// The shape particles are emitted from. Default `.point`.
    @Model
    package var emitterShape: CAEmitterLayerEmitterShape = .point
    /// Which part of the shape emits. Default `.volume`.
    @Model
    package var emitterMode: CAEmitterLayerEmitterMode = .volume
    /// The order particles are drawn in. Default `.unordered`.
    @Model
    package var renderMode: CAEmitterLayerRenderMode = .unordered
    /// Whether particles are drawn in 3D (recorded; LayerKit draws them flat). Default
    /// false.
    @Model
    package var preservesDepth: Bool = false
    /// The random seed. Default 0.
    @Model(accepts: { any in
      animationScalar(any).flatMap { $0 >= 0 && $0 <= Double(UInt32.max) ? UInt32($0) : nil }
    })
    package var seed: UInt32 = 0

    package init() {}

    /// The emission rate of top-level cell `k` with the layer's multiplier, in particles
    /// per second: 0 when disabled, negative or not finite.
    func rate(ofCell k: Int) -> Double {
      guard cells.indices.contains(k), cells[k].isEnabled else { return 0 }
      let r = Double(cells[k].birthRate) * Double(birthRate)
      return r.isFinite && r > 0 ? r : 0
    }

    /// The rates of every top-level cell (see `rate(ofCell:)`).
    var cellRates: [Double] { cells.indices.map(rate(ofCell:)) }
  }
}

/// `CAEmitterLayer.EmitterLayerState`, by its own name.
package typealias EmitterLayerState = CAEmitterLayer.EmitterLayerState

extension LayerState {
  /// The emitter state, created with its defaults when first written.
  package var emitterState: EmitterLayerState {
    get { self.emitter ?? EmitterLayerState() }
    // Written in place (no copy of the whole subclass state per property write).
    _modify {
      if self.emitter == nil { self.emitter = EmitterLayerState() }
      yield &self.emitter!
    }
  }
}

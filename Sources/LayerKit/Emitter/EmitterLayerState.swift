import Foundation

/// The model of a `CAEmitterLayer` beyond `CALayer`'s, with Core Animation's defaults:
/// the emitter's shape and multipliers, and its cells as values.
package struct EmitterLayerState: Equatable, Sendable {
  /// The cells emitted, as values (the layer's `emitterCells` objects mirror them).
  package var cells: [EmitterCellState] = []
  /// Multiplies every cell's birth rate. Default 1.
  package var birthRate: Float = 1
  /// Multiplies every cell's lifetime. Default 1.
  package var lifetime: Float = 1
  /// Multiplies every cell's velocity. Default 1.
  package var velocity: Float = 1
  /// Multiplies every cell's scale. Default 1.
  package var scale: Float = 1
  /// Multiplies every cell's spin. Default 1.
  package var spin: Float = 1
  /// In the layer's coordinates. Default (0, 0).
  package var emitterPosition: CGPoint = .zero
  package var emitterZPosition: CGFloat = 0
  /// In points. Default (0, 0).
  package var emitterSize: CGSize = .zero
  package var emitterDepth: CGFloat = 0
  package var emitterShape: CAEmitterLayerEmitterShape = .point
  package var emitterMode: CAEmitterLayerEmitterMode = .volume
  package var renderMode: CAEmitterLayerRenderMode = .unordered
  package var preservesDepth = false
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

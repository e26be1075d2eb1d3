import Foundation

/// The model of a `CAEmitterCell` as a value, sub-cells included, with Core Animation's
/// defaults: what an emitter layer's `LayerState` holds and its animations change.
///
/// Angles are in radians, lengths in points of the emitter layer's coordinates, times in
/// seconds; every `…Speed` is a change per second of a particle's age.
package struct EmitterCellState: Equatable, Sendable {
  package var name: String? = nil
  package var isEnabled = true
  /// Particles per second. Default 0.
  package var birthRate: Float = 0
  package var lifetime: Float = 0
  package var lifetimeRange: Float = 0
  package var velocity: CGFloat = 0
  package var velocityRange: CGFloat = 0
  package var emissionLongitude: CGFloat = 0
  package var emissionLatitude: CGFloat = 0
  package var emissionRange: CGFloat = 0
  package var xAcceleration: CGFloat = 0
  package var yAcceleration: CGFloat = 0
  package var zAcceleration: CGFloat = 0
  /// Default 1.
  package var scale: CGFloat = 1
  package var scaleRange: CGFloat = 0
  package var scaleSpeed: CGFloat = 0
  package var spin: CGFloat = 0
  package var spinRange: CGFloat = 0
  /// Default opaque white.
  package var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
  package var redRange: Float = 0
  package var greenRange: Float = 0
  package var blueRange: Float = 0
  package var alphaRange: Float = 0
  package var redSpeed: Float = 0
  package var greenSpeed: Float = 0
  package var blueSpeed: Float = 0
  package var alphaSpeed: Float = 0
  /// The particle's image holder; only a `CGImage` is drawn. Default nil.
  package var contents: LayerContents? = nil
  /// Default the unit square.
  package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  /// Image pixels per point. Default 1.
  package var contentsScale: CGFloat = 1
  /// The cells each particle of this one emits.
  package var cells: [EmitterCellState] = []

  package init() {}

  /// The acceleration as a vector, in points per second squared.
  var acceleration: SIMD3<Double> {
    SIMD3(Double(xAcceleration), Double(yAcceleration), Double(zAcceleration))
  }

  /// The colour as straight RGBA (opaque white for nil).
  var rgba: SIMD4<Float> {
    color.map { SIMD4(Float($0.red), Float($0.green), Float($0.blue), Float($0.alpha)) }
      ?? SIMD4(repeating: 1)
  }

  var colorRange: SIMD4<Float> { SIMD4(redRange, greenRange, blueRange, alphaRange) }
  var colorSpeed: SIMD4<Float> { SIMD4(redSpeed, greenSpeed, blueSpeed, alphaSpeed) }
}

extension [EmitterCellState] {
  /// The index path of the cell reached by `names` (one name per level), or nil when a
  /// level has no cell of that name (the first of equal names wins, as on Apple).
  package func indexPath(named names: [String]) -> [Int]? {
    var path: [Int] = []
    var level = self
    for name in names {
      guard let i = level.firstIndex(where: { $0.name == name }) else { return nil }
      path.append(i)
      level = level[i].cells
    }
    return path
  }

  /// The cell at `path`, or nil when the path is out of range.
  package func cell(at path: [Int]) -> EmitterCellState? {
    guard let first = path.first, indices.contains(first) else { return nil }
    return path.count == 1 ? self[first] : self[first].cells.cell(at: [Int](path.dropFirst()))
  }

  /// Applies `change` to the cell at `path`; nothing happens when it is out of range.
  package mutating func modifyCell(at path: [Int], _ change: (inout EmitterCellState) -> Void) {
    guard let first = path.first, indices.contains(first) else { return }
    if path.count == 1 {
      change(&self[first])
    } else {
      self[first].cells.modifyCell(at: [Int](path.dropFirst()), change)
    }
  }
}

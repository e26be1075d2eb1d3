import Foundation

extension LayerPropertyRegistry {
  /// `CAEmitterLayer`'s properties: the emitter's multipliers, shape and place
  /// (animatable as on Apple), and every cell property through
  /// `emitterCells.<name>[.emitterCells.<name>…].<property>`.
  package static let emitterLayer = LayerPropertyRegistry.layer.adding(
    EmitterLayerState.declaredProperties
  ).resolving(EmitterCellKeyPath.property(forKeyPath:))
}

/// Key paths into an emitter layer's cells: `emitterCells.<name>.<property>`, with one
/// more `emitterCells.<name>` per level of nesting (names may not contain dots).
enum EmitterCellKeyPath {
  /// The descriptor for `keyPath`, or nil when it is not a cell key path or names no
  /// cell property. The cell itself is looked up by name each time the descriptor is
  /// used: a path naming no cell reads the property's default and writes nothing.
  static func property(forKeyPath keyPath: String) -> (any AnyLayerProperty)? {
    let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 3, parts.count % 2 == 1, let make = factories[parts[parts.count - 1]]
    else { return nil }
    var names: [String] = []
    for level in stride(from: 0, to: parts.count - 1, by: 2) {
      guard parts[level] == "emitterCells", !parts[level + 1].isEmpty else { return nil }
      names.append(parts[level + 1])
    }
    return make(keyPath, names)
  }

  private typealias Factory = @Sendable (String, [String]) -> any AnyLayerProperty

  /// A descriptor maker for the cell property at `keyPath`.
  private static func cell<V: Interpolatable>(
    _ keyPath: WritableKeyPath<EmitterCellState, V> & Sendable, animatable: Bool = true
  ) -> Factory {
    { key, names in
      LayerProperty<V>(
        key, root: "emitterCells", animatable: animatable,
        get: { state in
          let cells = state.emitterState.cells
          let cell = cells.indexPath(named: names).flatMap { cells.cell(at: $0) }
          return (cell ?? EmitterCellState())[keyPath: keyPath]
        },
        set: { state, value in
          guard let path = state.emitterState.cells.indexPath(named: names) else { return }
          state.emitterState.cells.modifyCell(at: path) { $0[keyPath: keyPath] = value }
        })
    }
  }

  private static let factories: [String: Factory] = [
    "name": cell(\.name, animatable: false),
    "enabled": cell(\.isEnabled, animatable: false),
    "birthRate": cell(\.birthRate),
    "lifetime": cell(\.lifetime),
    "lifetimeRange": cell(\.lifetimeRange),
    "velocity": cell(\.velocity),
    "velocityRange": cell(\.velocityRange),
    "emissionLongitude": cell(\.emissionLongitude),
    "emissionLatitude": cell(\.emissionLatitude),
    "emissionRange": cell(\.emissionRange),
    "xAcceleration": cell(\.xAcceleration),
    "yAcceleration": cell(\.yAcceleration),
    "zAcceleration": cell(\.zAcceleration),
    "scale": cell(\.scale),
    "scaleRange": cell(\.scaleRange),
    "scaleSpeed": cell(\.scaleSpeed),
    "spin": cell(\.spin),
    "spinRange": cell(\.spinRange),
    "color": cell(\.color),
    "redRange": cell(\.redRange),
    "greenRange": cell(\.greenRange),
    "blueRange": cell(\.blueRange),
    "alphaRange": cell(\.alphaRange),
    "redSpeed": cell(\.redSpeed),
    "greenSpeed": cell(\.greenSpeed),
    "blueSpeed": cell(\.blueSpeed),
    "alphaSpeed": cell(\.alphaSpeed),
    "contents": cell(\.contents),
    "contentsRect": cell(\.contentsRect),
    "contentsScale": cell(\.contentsScale),
  ]
}

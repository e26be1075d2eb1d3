import Foundation

/// Maps key path strings to the layer property descriptors behind them.
///
/// `CALayer.propertyRegistry` is `LayerPropertyRegistry.layer`: every `CALayer` model
/// property plus Core Animation's sub-paths (`position.x`, `bounds.size.width`,
/// `transform.rotation.z`, …). A subclass with more properties overrides
/// `propertyRegistry` with `.layer.adding([...])`.
package struct LayerPropertyRegistry: Sendable {
  private var table: [String: any AnyLayerProperty] = [:]
  /// Makes descriptors for key paths that are not in the table (those that name
  /// something at run time, such as `emitterCells.<name>.birthRate`).
  private var resolver: (@Sendable (String) -> (any AnyLayerProperty)?)?

  /// A registry holding `properties`; a later entry replaces an earlier one with the
  /// same key.
  package init(_ properties: [any AnyLayerProperty] = []) {
    for p in properties { table[p.key] = p }
  }

  /// The descriptor for `keyPath`, or nil when the key path is not registered.
  package func property(forKeyPath keyPath: String) -> (any AnyLayerProperty)? {
    table[keyPath] ?? resolver?(keyPath)
  }

  /// Every registered key path, sorted.
  package var keyPaths: [String] { table.keys.sorted() }

  /// Every registered top-level key (those whose descriptor is its own root), sorted.
  package var rootKeys: [String] {
    table.values.filter { $0.key == $0.rootKey }.map(\.key).sorted()
  }

  /// This registry with `properties` added (replacing existing keys).
  package func adding(_ properties: [any AnyLayerProperty]) -> LayerPropertyRegistry {
    var r = self
    for p in properties { r.table[p.key] = p }
    return r
  }

  /// This registry, also answering the key paths `resolve` makes a descriptor for (it
  /// is asked only for key paths not in the table).
  package func resolving(
    _ resolve: @escaping @Sendable (String) -> (any AnyLayerProperty)?
  ) -> LayerPropertyRegistry {
    var r = self
    r.resolver = resolve
    return r
  }

  /// The registry of `CALayer`'s own properties.
  package static let layer = LayerPropertyRegistry(
    LayerState.declaredProperties + pointSubpaths + rectSubpaths + sizeSubpaths
      + transformSubpaths("transform", \.transform)
      + transformSubpaths("sublayerTransform", \.sublayerTransform))

  /// A CGFloat sub-path of an animatable top-level property.
  private static func component(
    _ key: String, _ keyPath: WritableKeyPath<LayerState, CGFloat> & Sendable, root: String
  ) -> any AnyLayerProperty {
    LayerProperty(
      key, root: root, animatable: true, get: { $0[keyPath: keyPath] },
      set: { $0[keyPath: keyPath] = $1 })
  }

  private static let pointSubpaths: [any AnyLayerProperty] = [
    LayerProperty<CGFloat>(
      "position.x", root: "position", animatable: true,
      get: { $0.position.x }, set: { $0.position.x = $1 }),
    LayerProperty<CGFloat>(
      "position.y", root: "position", animatable: true,
      get: { $0.position.y }, set: { $0.position.y = $1 }),
    component("anchorPoint.x", \.anchorPoint.x, root: "anchorPoint"),
    component("anchorPoint.y", \.anchorPoint.y, root: "anchorPoint"),
    component("shadowOffset.width", \.shadowOffset.width, root: "shadowOffset"),
    component("shadowOffset.height", \.shadowOffset.height, root: "shadowOffset"),
  ]

  private static let sizeSubpaths: [any AnyLayerProperty] = [
    LayerProperty<CGPoint>(
      "bounds.origin", root: "bounds", animatable: true,
      get: { $0.bounds.origin }, set: { $0.bounds.origin = $1 }),
    LayerProperty<CGSize>(
      "bounds.size", root: "bounds", animatable: true,
      get: { $0.bounds.size }, set: { $0.bounds.size = $1 }),
    LayerProperty<CGPoint>(
      "contentsRect.origin", root: "contentsRect", animatable: true,
      get: { $0.contentsRect.origin }, set: { $0.contentsRect.origin = $1 }),
    LayerProperty<CGSize>(
      "contentsRect.size", root: "contentsRect", animatable: true,
      get: { $0.contentsRect.size }, set: { $0.contentsRect.size = $1 }),
  ]

  private static let rectSubpaths: [any AnyLayerProperty] = [
    component("bounds.origin.x", \.bounds.origin.x, root: "bounds"),
    component("bounds.origin.y", \.bounds.origin.y, root: "bounds"),
    component("bounds.size.width", \.bounds.size.width, root: "bounds"),
    component("bounds.size.height", \.bounds.size.height, root: "bounds"),
    component("contentsRect.origin.x", \.contentsRect.origin.x, root: "contentsRect"),
    component("contentsRect.origin.y", \.contentsRect.origin.y, root: "contentsRect"),
    component("contentsRect.size.width", \.contentsRect.size.width, root: "contentsRect"),
    component("contentsRect.size.height", \.contentsRect.size.height, root: "contentsRect"),
  ]
}

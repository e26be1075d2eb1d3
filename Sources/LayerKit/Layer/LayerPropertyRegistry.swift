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
    topLevel + pointSubpaths + rectSubpaths + sizeSubpaths
      + transformSubpaths("transform", \.transform)
      + transformSubpaths("sublayerTransform", \.sublayerTransform))

  private static let filters: [CALayerContentsFilter] = [.linear, .nearest, .trilinear]

  private static let topLevel: [any AnyLayerProperty] = [
    LayerProperty("bounds", \.bounds, animatable: true),
    LayerProperty("position", \.position, animatable: true),
    LayerProperty("zPosition", \.zPosition, animatable: true),
    LayerProperty("anchorPoint", \.anchorPoint, animatable: true),
    LayerProperty("anchorPointZ", \.anchorPointZ, animatable: true),
    LayerProperty("transform", \.transform, animatable: true),
    LayerProperty("sublayerTransform", \.sublayerTransform, animatable: true),
    LayerProperty("geometryFlipped", \.isGeometryFlipped, animatable: false),
    LayerProperty("hidden", \.isHidden, animatable: true),
    LayerProperty("doubleSided", \.isDoubleSided, animatable: true),
    LayerProperty("opacity", \.opacity, animatable: true),
    LayerProperty("backgroundColor", \.backgroundColor, animatable: true),
    LayerProperty("cornerRadius", \.cornerRadius, animatable: true),
    PlainLayerProperty(options: "maskedCorners", \.maskedCorners),
    PlainLayerProperty(named: "cornerCurve", \.cornerCurve, known: [.circular, .continuous]),
    PlainLayerProperty(named: "maskMode", \.maskMode, known: LayerMaskMode.known),
    LayerProperty("borderWidth", \.borderWidth, animatable: true),
    LayerProperty("borderColor", \.borderColor, animatable: true),
    LayerProperty("masksToBounds", \.masksToBounds, animatable: true),
    LayerProperty("allowsGroupOpacity", \.allowsGroupOpacity, animatable: false),
    LayerProperty("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, animatable: false),
    PlainLayerProperty(options: "edgeAntialiasingMask", \.edgeAntialiasingMask),
    LayerProperty("opaque", \.isOpaque, animatable: false),
    PlainLayerProperty("compositingFilter", \.compositingFilter) {
      .some(CALayer.compositingFilterName($0))
    },
    LayerProperty("shadowColor", \.shadowColor, animatable: true),
    LayerProperty("shadowOpacity", \.shadowOpacity, animatable: true),
    LayerProperty("shadowOffset", \.shadowOffset, animatable: true),
    LayerProperty("shadowRadius", \.shadowRadius, animatable: true),
    LayerProperty("shadowPath", \.shadowPath, animatable: true),
    LayerProperty("contents", \.contentsObject, animatable: true),
    LayerProperty("contentsRect", \.contentsRect, animatable: true),
    LayerProperty("contentsScale", \.contentsScale, animatable: true),
    LayerProperty("contentsCenter", \.contentsCenter, animatable: true),
    PlainLayerProperty(
      named: "contentsGravity", \.contentsGravity,
      known: [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
        .resize, .resizeAspect, .resizeAspectFill,
      ]),
    PlainLayerProperty(named: "minificationFilter", \.minificationFilter, known: filters),
    PlainLayerProperty(named: "magnificationFilter", \.magnificationFilter, known: filters),
    LayerProperty("minificationFilterBias", \.minificationFilterBias, animatable: false),
    LayerProperty("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, animatable: false),
    LayerProperty("drawsAsynchronously", \.drawsAsynchronously, animatable: false),
    LayerProperty("shouldRasterize", \.shouldRasterize, animatable: true),
    LayerProperty("rasterizationScale", \.rasterizationScale, animatable: true),
    PlainLayerProperty(seconds: "beginTime", \.beginTime),
    PlainLayerProperty(seconds: "duration", \.duration),
    PlainLayerProperty(number: "speed", \.speed),
    PlainLayerProperty(seconds: "timeOffset", \.timeOffset),
    PlainLayerProperty(number: "repeatCount", \.repeatCount),
    PlainLayerProperty(seconds: "repeatDuration", \.repeatDuration),
    LayerProperty("autoreverses", \.autoreverses, animatable: false),
    PlainLayerProperty(
      named: "fillMode", \.fillMode, known: [.removed, .forwards, .backwards, .both]),
  ]

  /// A CGFloat sub-path of an animatable top-level property.
  private static func component(
    _ key: String, _ keyPath: WritableKeyPath<LayerState, CGFloat> & Sendable, root: String
  ) -> any AnyLayerProperty {
    LayerProperty(
      key, root: root, animatable: true, get: { $0[keyPath: keyPath] },
      set: { $0[keyPath: keyPath] = $1 })
  }

  private static let pointSubpaths: [any AnyLayerProperty] = [
    component("position.x", \.position.x, root: "position"),
    component("position.y", \.position.y, root: "position"),
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

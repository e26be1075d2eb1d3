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
    LayerProperty(
      "bounds", animatable: true, get: { $0.bounds }, set: { $0.bounds = $1 }),
    LayerProperty(
      "position", animatable: true, get: { $0.position }, set: { $0.position = $1 }),
    LayerProperty(
      "zPosition", animatable: true, get: { $0.zPosition }, set: { $0.zPosition = $1 }),
    LayerProperty(
      "anchorPoint", animatable: true, get: { $0.anchorPoint }, set: { $0.anchorPoint = $1 }),
    LayerProperty("anchorPointZ", \.anchorPointZ, animatable: true),
    LayerProperty(
      "transform", animatable: true, get: { $0.transform }, set: { $0.transform = $1 }),
    LayerProperty(
      "sublayerTransform", animatable: true, get: { $0.sublayerTransform },
      set: { $0.sublayerTransform = $1 }),
    LayerProperty("geometryFlipped", \.isGeometryFlipped, animatable: false),
    LayerProperty("hidden", \.isHidden, animatable: true),
    LayerProperty("doubleSided", \.isDoubleSided, animatable: true),
    LayerProperty(
      "opacity", animatable: true, get: { $0.opacity }, set: { $0.opacity = $1 }),
    LayerProperty(
      "backgroundColor", animatable: true, get: { $0.backgroundColor },
      set: { $0.backgroundColor = $1 }),
    LayerProperty(
      "cornerRadius", animatable: true, get: { $0.cornerRadius }, set: { $0.cornerRadius = $1 }),
    PlainLayerProperty(options: "maskedCorners", \.maskedCorners),
    PlainLayerProperty(named: "cornerCurve", \.cornerCurve, known: [.circular, .continuous]),
    PlainLayerProperty(named: "maskMode", \.maskMode, known: LayerMaskMode.known),
    LayerProperty(
      "borderWidth", animatable: true, get: { $0.borderWidth }, set: { $0.borderWidth = $1 }),
    LayerProperty(
      "borderColor", animatable: true, get: { $0.borderColor }, set: { $0.borderColor = $1 }),
    LayerProperty("masksToBounds", \.masksToBounds, animatable: true),
    LayerProperty("allowsGroupOpacity", \.allowsGroupOpacity, animatable: false),
    LayerProperty("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, animatable: false),
    PlainLayerProperty(options: "edgeAntialiasingMask", \.edgeAntialiasingMask),
    LayerProperty("opaque", \.isOpaque, animatable: false),
    PlainLayerProperty("compositingFilter", \.compositingFilter) {
      .some(CALayer.compositingFilterName($0))
    },
    LayerProperty(
      "shadowColor", animatable: true, get: { $0.shadowColor }, set: { $0.shadowColor = $1 }),
    LayerProperty(
      "shadowOpacity", animatable: true, get: { $0.shadowOpacity }, set: { $0.shadowOpacity = $1 }),
    LayerProperty(
      "shadowOffset", animatable: true, get: { $0.shadowOffset }, set: { $0.shadowOffset = $1 }),
    LayerProperty(
      "shadowRadius", animatable: true, get: { $0.shadowRadius }, set: { $0.shadowRadius = $1 }),
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

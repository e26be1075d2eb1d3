import Foundation

/// Walks every keypath of a composition: lists them, and replaces the properties that
/// value providers match (lottie-ios's Core Animation engine rebuilds its animations from
/// the providers' values the same way).
///
/// A layer's path starts with its name, and a precomposition's layers continue the path
/// of the layer that uses it, so a provider can reach into one use of a precomposition
/// and not the others: a precomposition changed under one layer becomes a new asset for
/// that layer alone.
struct KeypathWalk {
  /// The providers in the order they were set; a later one wins where several match.
  let providers: [(keypath: AnimationKeypath, value: LottieProvidedValue)]
  /// Every keypath met, when listing (nil when not).
  private(set) var listed: [String]?
  /// The assets, with a new one for each precomposition use that a provider changed.
  private(set) var assets: [String: Asset]
  /// How many properties a provider replaced so far.
  private(set) var replaced = 0

  init(
    providers: [(keypath: AnimationKeypath, value: LottieProvidedValue)], assets: [String: Asset],
    listing: Bool = false
  ) {
    self.providers = providers
    self.assets = assets
    listed = listing ? [] : nil
  }

  /// The composition with the providers' values in place.
  static func applying(
    _ providers: [(keypath: AnimationKeypath, value: LottieProvidedValue)], to c: Composition
  ) -> Composition {
    guard !providers.isEmpty else { return c }
    var walk = KeypathWalk(providers: providers, assets: c.assets)
    var out = c
    out.layers = walk.layers(c.layers, prefix: [])
    out.assets = walk.assets
    return out
  }

  /// Every keypath of `c`, in file order, nodes before their properties.
  static func keypaths(of c: Composition) -> [String] {
    var walk = KeypathWalk(providers: [], assets: c.assets, listing: true)
    _ = walk.layers(c.layers, prefix: [])
    return walk.listed ?? []
  }

  mutating func layers(_ layers: [LayerModel], prefix: [String]) -> [LayerModel] {
    layers.map { layer($0, prefix: prefix) }
  }

  private mutating func layer(_ model: LayerModel, prefix: [String]) -> LayerModel {
    var m = model
    let path = prefix + [m.name]
    node(path)
    transform(&m.transform, path + ["Transform"])
    switch m.kind {
    case .shape(let items, let names):
      m.kind = .shape(self.items(items, names: names, path: path), names: names)
    case .precomp(let id, let w, let h):
      guard case .precomp(let inner)? = assets[id] else { break }
      let before = replaced
      let changed = layers(inner, prefix: path)
      if replaced != before {
        let newID = id + "\u{1F}" + path.joined(separator: ".")
        assets[newID] = .precomp(layers: changed)
        m.kind = .precomp(refID: newID, width: w, height: h)
      }
    default: break
    }
    return m
  }

  private mutating func items(_ items: [ShapeItem], names: [String], path: [String])
    -> [ShapeItem]
  {
    var out = items
    for i in out.indices {
      let p = path + [i < names.count ? names[i] : ""]
      switch out[i] {
      case .group(let sub, var t, let subNames):
        node(p)
        transform(&t, p + ["Transform"])
        out[i] = .group(
          items: self.items(sub, names: subNames, path: p), transform: t, names: subNames)
      case .fill(var color, var opacity, let evenOdd):
        node(p)
        property(p + ["Color"], &color, Self.color)
        property(p + ["Opacity"], &opacity, Self.number)
        out[i] = .fill(color: color, opacity: opacity, evenOdd: evenOdd)
      case .stroke(var color, var opacity, var style):
        node(p)
        property(p + ["Color"], &color, Self.color)
        property(p + ["Opacity"], &opacity, Self.number)
        property(p + ["Stroke Width"], &style.width, Self.number)
        out[i] = .stroke(color: color, opacity: opacity, style: style)
      case .rectangle(var position, var size, var roundness, let reversed):
        node(p)
        property(p + ["Position"], &position, Self.point)
        property(p + ["Size"], &size, Self.size)
        property(p + ["Roundness"], &roundness, Self.number)
        out[i] = .rectangle(
          position: position, size: size, roundness: roundness, reversed: reversed)
      case .ellipse(var position, var size, let reversed):
        node(p)
        property(p + ["Position"], &position, Self.point)
        property(p + ["Size"], &size, Self.size)
        out[i] = .ellipse(position: position, size: size, reversed: reversed)
      default:
        node(p)
      }
    }
    return out
  }

  private mutating func transform(_ t: inout LottieTransform, _ path: [String]) {
    node(path)
    property(path + ["Anchor Point"], &t.anchor, Self.point)
    let before = replaced
    property(path + ["Position"], &t.position, Self.point)
    if replaced != before {
      t.positionX = nil
      t.positionY = nil
    }
    property(path + ["Scale"], &t.scale, Self.size)
    property(path + ["Rotation"], &t.rotation, Self.number)
    property(path + ["Opacity"], &t.opacity, Self.number)
  }

  private mutating func node(_ path: [String]) {
    listed?.append(path.joined(separator: "."))
  }

  /// Lists the property at `path` and replaces it with the last matching provider's
  /// value that `convert` accepts.
  private mutating func property<V>(
    _ path: [String], _ p: inout Keyframed<V>, _ convert: (LottieProvidedValue) -> V?
  ) {
    node(path)
    for (keypath, value) in providers.reversed() where keypath.matches(path) {
      if let v = convert(value) {
        p = Keyframed(constant: v)
        replaced += 1
        return
      }
    }
  }

  private static func number(_ v: LottieProvidedValue) -> Double? {
    if case .number(let d) = v, d.isFinite { return d }
    return nil
  }

  private static func color(_ v: LottieProvidedValue) -> [Double]? {
    guard case .color(let c) = v else { return nil }
    let components = [c.r, c.g, c.b, c.a]
    return components.allSatisfy(\.isFinite) ? components.map { min(1, max(0, $0)) } : nil
  }

  private static func point(_ v: LottieProvidedValue) -> [Double]? {
    guard case .point(let p) = v, p.x.isFinite, p.y.isFinite else { return nil }
    return [p.x, p.y]
  }

  private static func size(_ v: LottieProvidedValue) -> [Double]? {
    guard case .size(let s) = v, s.width.isFinite, s.height.isFinite else { return nil }
    return [s.width, s.height]
  }
}

import Foundation

/// An upper bound on the layers `LayerTreeBuilder` makes for a file, computed from the
/// parsed model before anything is built, so a file whose tree would be too large is
/// refused with a typed error at load instead of building millions of layers.
///
/// Every `CALayer` counts: the transform layers of each Lottie layer and its parents, its
/// shape, gradient and mask layers, a track matte's container, a precomposition's clip and
/// time layers and its content once per use (a precomposition used `n` times costs `n`
/// times its content), and a repeater's content once per copy (the copies are drawn like
/// layers even though the replicator makes them at render time). The bound follows the
/// builder's rules with each choice at its largest (five layers for a transform, two for a
/// gradient paint, one stroke layer per path under a simultaneous trim), so the tree
/// built is never larger; `LayerBudgetTests` checks that on the corpus.
///
/// - Complexity: O(n) in the items of the file: each precomposition's bound is computed
///   once and reused for every layer that instantiates it.
struct LayerBudget {
  let assets: [String: Asset]
  private var precompBounds: [String: Double] = [:]

  /// Layers of a transform chain at most (`TransformLayers`: outer, rotation, scale, a
  /// mirrored scale and inner).
  static let transformLayers = 5.0
  /// Layers one mask adds at most (`MaskBuilder`: the shape, a container and a clip).
  static let maskLayers = 3.0

  init(assets: [String: Asset]) { self.assets = assets }

  /// Throws `limitExceeded` naming the root layer at which the bound of the whole tree
  /// passes `LottieLimits.maxBuiltLayers`.
  mutating func check(_ layers: [LayerModel]) throws(LottieError) {
    var total = 0.0
    let byIndex = Self.indexed(layers)
    for layer in layers {
      total += bound(layer, byIndex: byIndex)
      guard total <= Double(LottieLimits.maxBuiltLayers) else {
        throw .limitExceeded(
          path: layer.path, limit: "\(LottieLimits.maxBuiltLayers) layers in the built tree")
      }
    }
  }

  /// The bound of one composition's layer list (saturating to infinity, never trapping).
  mutating func bound(_ layers: [LayerModel]) -> Double {
    let byIndex = Self.indexed(layers)
    return layers.reduce(0) { $0 + bound($1, byIndex: byIndex) }
  }

  private static func indexed(_ layers: [LayerModel]) -> [Int: LayerModel] {
    var byIndex: [Int: LayerModel] = [:]
    for l in layers { if let i = l.index, byIndex[i] == nil { byIndex[i] = l } }
    return byIndex
  }

  /// The layers of one Lottie layer's chain: the top layer, its parents' and its own
  /// transforms, a matte container, its masks and its content.
  private mutating func bound(_ model: LayerModel, byIndex: [Int: LayerModel]) -> Double {
    let content: Double
    switch model.kind {
    case .null, .other: return 0
    case .solid, .image: content = 1
    case .shape(let items, _): content = Self.shapes(items, inheritedPaints: 0)
    case .precomp(let id, _, _): content = 2 + precomp(id)
    case .text(let documents):
      // Per document a container, and per line a fill and a stroke layer (a line holds at
      // least one character, or is one of the breaks between them).
      content = documents.keyframes.reduce(0) {
        $0 + 1 + 2 * Double($1.value.text.unicodeScalars.count + 1)
      }
    }
    var parents = 0.0
    var seen: Set<Int> = model.index.map { [$0] } ?? []
    var next = model.parent
    while let p = next, let parent = byIndex[p], !seen.contains(p),
      parents < Double(LottieLimits.maxDepth)
    {
      parents += 1
      seen.insert(p)
      next = parent.parent
    }
    return 2 + Self.transformLayers * (parents + 1) + Self.maskLayers * Double(model.masks.count)
      + content
  }

  private mutating func precomp(_ id: String) -> Double {
    if let b = precompBounds[id] { return b }
    guard case .precomp(let layers)? = assets[id] else { return 0 }
    // References are acyclic (checked before), so the recursion ends.
    let b = bound(layers)
    precompBounds[id] = b
    return b
  }

  /// The layers of a shape layer's or a group's items, painted also by `inheritedPaints`
  /// paints of enclosing groups (`ShapeTreeBuilder.layers`).
  static func shapes(_ items: [ShapeItem], inheritedPaints: Int) -> Double {
    if let r = items.firstIndex(where: {
      if case .repeater = $0 { return true } else { return false }
    }), case .repeater(let copies, _, _, _, _) = items[r] {
      let n = Int(lottieCount: copies.rounded(), limit: LottieLimits.maxRepeaterCopies)
      let after = items[(r + 1)...].filter(\.isPaint).count
      let inner = shapes(Array(items[..<r]), inheritedPaints: inheritedPaints + after)
      let rest = shapes(Array(items[(r + 1)...]), inheritedPaints: inheritedPaints)
      return 2 + Double(n) * inner + rest
    }
    var geometries = 0.0
    var paints = 0
    var groups = 0.0
    // Walked last to first, so `paints` counts the paints listed after each group.
    for item in items.reversed() {
      if item.isGeometry { geometries += 1 }
      if item.isPaint { paints += 1 }
      if case .group(let sub, _, _) = item {
        groups += transformLayers + shapes(sub, inheritedPaints: paints + inheritedPaints)
      }
    }
    // Each paint, inherited or own, is at most two layers (a gradient and its mask) for
    // each path it paints (a simultaneous trim strokes each path on its own).
    return 2 * geometries * Double(paints + inheritedPaints) + groups
  }
}

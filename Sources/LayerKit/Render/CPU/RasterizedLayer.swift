import Foundation

/// A layer drawn once into a bitmap for `shouldRasterize`, with what it was drawn from.
///
/// The bitmap holds the layer and its whole subtree (shadow, mask, sublayers, border)
/// in the layer's own coordinate space at `rasterizationScale` pixels per point: raster
/// pixel `(px, py)` covers the layer-space square `((px + originX)/scale,
/// (py + originY)/scale)` of side `1/scale` points. It stays valid while the
/// `signature` of the subtree is unchanged; the layer's own placement (position,
/// transform, opacity) is not part of the signature, so moving, rotating or fading a
/// rasterized layer composites the same bitmap again.
struct RasterizedLayer {
  /// Everything the bitmap was drawn from.
  var signature: RasterSignature
  /// Pixels per point (the layer's `rasterizationScale`).
  var scale: CGFloat
  /// Raster pixel offsets of the bitmap's pixel (0, 0), in layer space × `scale`.
  var originX: Int
  var originY: Int
  /// The bitmap; its `rect` starts at (0, 0).
  var surface: RenderSurface
  /// The bitmap as an image, made once for a backend that composites it itself
  /// (`rasterizedImage(_:of:placement:limit:)`).
  var image: CGImage? = nil

  /// Layer coordinates → the bitmap's pixels.
  var layerToRaster: CGAffineTransform {
    CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: CGFloat(-originX), ty: CGFloat(-originY))
  }
}

/// What a rasterized subtree's pixels depend on: every node's state, image and place in
/// the subtree, with the rasterized layer's own placement left out.
struct RasterSignature: Equatable {
  struct Entry: Equatable {
    var key: RenderNode.Key
    var state: LayerState
    var image: CGImage?
    var instanceTransform: CATransform3D?
    var tint: SIMD4<Float>?
    var transition: RenderTransition?
    var children: Int
    var hasMask: Bool
    /// What draws itself while compositing: an emitter's particles, a tiled layer's tiles.
    var particles: [EmitterParticle]?
    var tiles: TiledLayerSource?

    static func == (a: Entry, b: Entry) -> Bool {
      a.key == b.key && a.image === b.image && a.instanceTransform == b.instanceTransform
        && a.tint == b.tint
        && a.transition == b.transition && a.children == b.children && a.hasMask == b.hasMask
        && a.particles == b.particles && a.tiles == b.tiles && a.state == b.state
    }
  }

  var entries: [Entry] = []

  /// The signature of node `i`'s subtree in `tree` (sublayers, mask and a
  /// transition's outgoing state, depth first).
  ///
  /// - Parameter shadowShape: leave out, besides the placement, what only tints and
  ///   moves the layer's shadow (its colour, opacity and offset): the signature of the
  ///   shape a content-shaped shadow is blurred from.
  init(_ tree: RenderTree, _ i: Int, shadowShape: Bool = false) {
    var root = tree.nodes[i].state
    if shadowShape {
      root.shadowColor = nil
      root.shadowOpacity = 0
      root.shadowOffset = .zero
    }
    // The layer's placement in its superlayer decides where the bitmap goes, not what
    // it holds.
    root.position = .zero
    // The anchor places the sublayers only through a sublayer transform.
    if root.sublayerTransform == .identity {
      root.anchorPoint = CGPoint(x: 0.5, y: 0.5)
      root.anchorPointZ = 0
    }
    root.zPosition = 0
    root.transform = .identity
    root.opacity = 1
    root.isHidden = false
    root.isDoubleSided = true
    append(tree, i, state: root, depth: 0)
  }

  private mutating func append(_ tree: RenderTree, _ i: Int, state: LayerState, depth: Int) {
    let n = tree.nodes[i]
    entries.append(
      Entry(
        key: n.key, state: state, image: n.image, instanceTransform: n.instanceTransform,
        tint: n.tint,
        transition: n.transition, children: n.children.count, hasMask: n.mask != nil,
        particles: n.particles,
        tiles: n.tiles))
    guard depth < 64 else { return }
    for c in n.children { append(tree, c, state: tree.nodes[c].state, depth: depth + 1) }
    if let m = n.mask { append(tree, m, state: tree.nodes[m].state, depth: depth + 1) }
    if let t = n.transition {
      append(tree, t.outgoing, state: tree.nodes[t.outgoing].state, depth: depth + 1)
    }
  }
}

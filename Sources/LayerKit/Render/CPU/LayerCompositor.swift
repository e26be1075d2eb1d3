import Foundation

/// Composites a `RenderTree` into a surface: Core Animation's render server in software.
///
/// Layers are drawn back to front by a depth-first walk. Each layer's transform into
/// its superlayer is flattened (`ProjectiveTransform2D`) and composed with its
/// superlayer's map into device pixels; a plain layer thereby flattens its sublayers
/// into its plane, as Core Animation does, while a `CATransformLayer` passes its
/// sublayers' 4×4 transforms through unflattened and draws them sorted by depth.
///
/// Per layer, in order (`LayerCompositor+Body`): shadow, background, gradient or
/// contents, shape, sublayers, border; `masksToBounds` clips contents and sublayers to
/// the rounded bounds. A layer goes through an offscreen *group* when its opacity must
/// apply once to a composited subtree (`allowsGroupOpacity` with sublayers), when it
/// has a mask (a mask that is one plain shape, as Lottie's masks and gradient fills arrive,
/// needs no offscreen of its own: the group, or a lone gradient itself, is painted
/// through the shape's path; `LayerCompositor+MaskedPaint`), or when it is a tinted
/// replicator copy; a layer whose map into the
/// surface is projective is drawn flat into an offscreen in its own plane and mapped
/// with perspective-correct sampling (`LayerCompositor+Projective`). Every offscreen
/// covers only the part of the clip it can reach, so memory stays bounded by the frame.
///
/// A layer with `shouldRasterize` is drawn once into a cached bitmap in its own space
/// and composited from it (`LayerCompositor+Rasterize`).
///
/// The compositor keeps caches between frames (blurred shadow masks, gradient images,
/// rasterized layers, flattened layers under perspective; `LayerCompositor+ProjectedCache`);
/// it is not thread-safe, but its pixel kernels may fan out over cores.
package final class LayerCompositor {
  // The stored properties read for every node drawn skip the runtime's exclusivity
  // check (a call into the runtime per read): none of them is read while it is being
  // written, as the checked debug and test builds kept confirming before.
  @exclusivity(unchecked) package var tree = RenderTree()
  /// `tree`'s nodes while `render` draws, read in place (`node(_:)`).
  @exclusivity(unchecked) private var nodeBase: UnsafePointer<RenderNode>?
  /// The frame's placement of `tree` while `render` draws (`placed(_:)`).
  @exclusivity(unchecked) package var placement = RenderPlacement()
  /// `placement`'s entries while `render` draws, read in place.
  @exclusivity(unchecked) private var placedBase: UnsafePointer<NodePlacement>?
  package let shadowCache = ShadowCache()
  var gradientCache:
    [RenderNode.Key: (state: GradientLayerState, bounds: CGRect, scale: CGFloat, image: CGImage?)] =
      [:]
  var gradientsUsed = Set<RenderNode.Key>()
  /// `shouldRasterize` bitmaps, and the layers that drew through theirs this frame.
  var rasterCache: [RenderNode.Key: RasterizedLayer] = [:]
  /// Tiles of tiled layers this compositor found missing since the renderer last took
  /// them (`takeMissedTiles()`).
  var missedTiles: [MissedTile] = []
  var rasterUsed = Set<RenderNode.Key>()
  /// Per node: its background coverage and shadow mask from the last frame.
  var nodeParts = NodePartsCache()
  /// The pixels this compositor's kept contents may hold together (`KeptContents`).
  let keptContentsBudget = KeptContentsBudget()
  /// Flattened bitmaps of layers under perspective, and the render call that last
  /// used each (`LayerCompositor+ProjectedCache`).
  var projectedCache: [RenderNode.Key: (raster: RasterizedLayer, lastUse: Int)] = [:]
  /// Render calls so far.
  @exclusivity(unchecked) var renderCalls = 0
  /// Per node, its drawn extent with shapes as last measured (`drawnExtent`).
  @exclusivity(unchecked) var knownExtents: [KnownExtent] = []
  /// How many rasterized bitmaps have been drawn (not reused) so far.
  package internal(set) var rasterizedCount = 0
  /// How many perspective bitmaps have been drawn (not reused) so far.
  package internal(set) var projectedCount = 0
  /// How many times a kept layer bitmap (rasterized or perspective) was composited
  /// without being drawn again.
  package internal(set) var bitmapsReused = 0
  /// Hands over the tiles found missing since the last call (see `drawTiles`).
  package func takeMissedTiles() -> [MissedTile] {
    defer { missedTiles.removeAll() }
    return missedTiles
  }

  /// How many kept layer bitmaps have been drawn so far: rasterized layers, layers under
  /// perspective and content-shaped shadows.
  package var bitmapsDrawn: Int { rasterizedCount + projectedCount + shadowCache.contentMisses }
  /// How many masked layers have been painted straight through their mask's path, without
  /// offscreens (`drawGradientThroughMask`), so far.
  package internal(set) var maskedPaints = 0
  /// The node being drawn into its blend group right now (`LayerCompositor+Blend`).
  @exclusivity(unchecked) var blendGroupNode: Int?
  /// The device pixels of the surface being drawn that an offscreen may cover: the whole
  /// rectangle being redrawn, also when this compositor draws only one band of it (then
  /// `clip` is the band). Offscreens are placed and sized from it, never from the clip,
  /// so an offscreen starts at the same pixel in every band as on one thread and what is
  /// drawn or blurred into it rounds the same way (see `offscreenArea(of:)`). Inside a
  /// layer drawn in its own space (perspective, `shouldRasterize`) it is that bitmap.
  @exclusivity(unchecked) var offscreenLimit = PixelRect.empty

  /// Group, mask and bounds-clip offscreens kept between frames (`drawFlatState`,
  /// `withBoundsClip`).
  package let surfaces = SurfacePool()

  package init() {}

  /// Draws `tree` into `surface`, only inside `clip` (device pixels), with `scale`
  /// device pixels per point. The pixels of `clip` are expected to be cleared first.
  ///
  /// `placement` is the frame's placement of `tree` (`RenderPlacement`; made here when
  /// nil). `limit`, when given, is the whole rectangle `clip` is one band of: offscreens
  /// are laid out over it (as one thread drawing all of it would), so the band's pixels
  /// are the bytes that thread would draw there. It defaults to `clip`.
  package func render(
    _ tree: RenderTree, placement: RenderPlacement? = nil, into surface: RenderSurface,
    clip: PixelRect, scale: CGFloat, limit: PixelRect? = nil
  ) {
    render(
      tree, placement: placement, into: surface, clip: clip,
      rootMap: CGAffineTransform(scaleX: scale, y: scale), placesRoot: true, limit: limit)
  }

  /// Draws `tree` into `surface`, only inside `clip` (device pixels), with `rootMap`
  /// taking the root's superlayer space (or, when `placesRoot` is false, the root's own
  /// bounds space, ignoring its position and transform) to device pixels; offscreens are
  /// laid out over `limit` (default `clip`), which contains `clip`.
  package func render(
    _ tree: RenderTree, placement: RenderPlacement? = nil, into surface: RenderSurface,
    clip: PixelRect, rootMap: CGAffineTransform, placesRoot: Bool, limit: PixelRect? = nil
  ) {
    precondition(
      clip.isEmpty || limit.map { clip.intersection($0) == clip } ?? true,
      "the band \(clip) is outside \(limit!)")
    // Only the transforms into parent planes and the depth orders are read, which do not
    // depend on the scale or the frame.
    beginRender(
      tree, placement: placement ?? RenderPlacement(tree, scale: 1, frame: clip),
      limit: limit ?? clip)
    defer { endRender() }
    let device = ProjectiveTransform2D(affine: rootMap)
    guard let root = tree.root, !clip.isEmpty, device.isFinite, device.isInvertible else {
      return
    }
    let local = placesRoot ? tree.localTransform(root, parent: nil) : .identity
    let placement = self.placement
    tree.nodes.withUnsafeBufferPointer { nodes in
      placement.nodes.withUnsafeBufferPointer { placed in
        withNodes(nodes.baseAddress, placed.baseAddress) {
          drawNode(root, local: local, parentMap: device, into: surface, clip: clip, alpha: 1)
        }
      }
    }
  }

  /// Sets up one render call of `tree` placed by `placement`, offscreens laid out over
  /// `limit`; `endRender()` ends it.
  func beginRender(_ tree: RenderTree, placement: RenderPlacement, limit: PixelRect) {
    self.tree = tree
    self.placement = placement
    precondition(placement.nodes.count == tree.nodes.count, "a placement of another tree")
    offscreenLimit = limit
    nodeParts.begin(nodeCount: tree.nodes.count)
    gradientsUsed.removeAll(keepingCapacity: true)
    rasterUsed.removeAll(keepingCapacity: true)
  }

  /// Ends a render call: drops the tree and the caches of layers it did not draw.
  func endRender() {
    // The renderer updates its tree in place for the next frame: a copy kept here
    // would make it copy every node first.
    tree = RenderTree()
    placement = RenderPlacement()
    shadowCache.endFrame()
    dropIdleProjectedBitmaps()
    if rasterCache.count > rasterUsed.count {
      rasterCache = rasterCache.filter { rasterUsed.contains($0.key) }
    }
    if gradientCache.count > gradientsUsed.count {
      gradientCache = gradientCache.filter { gradientsUsed.contains($0.key) }
    }
  }

  /// Runs `body` with `node(_:)` and `placed(_:)` reading `nodes` and `placed` (the
  /// tree's and the placement's storage, which must outlive the call).
  func withNodes(
    _ nodes: UnsafePointer<RenderNode>?, _ placed: UnsafePointer<NodePlacement>?,
    _ body: () -> Void
  ) {
    nodeBase = nodes
    placedBase = placed
    defer {
      nodeBase = nil
      placedBase = nil
    }
    body()
  }

  /// Node `i` of the tree being drawn, in place: a node is large, and copying it costs
  /// a reference count for each of its images, colours and arrays. Valid while `render`
  /// draws.
  @inline(__always)
  func node(_ i: Int) -> UnsafePointer<RenderNode> { nodeBase.unsafelyUnwrapped + i }

  /// Node `i`'s entry of the frame's placement, in place. Valid while `render` draws.
  @inline(__always)
  func placed(_ i: Int) -> UnsafePointer<NodePlacement> { placedBase.unsafelyUnwrapped + i }

  /// `tree.localTransform(child, parent:)`: read from the frame's placement, made once per
  /// frame (a transform layer's sublayers, placed there through the transform layer, are
  /// computed). Valid while `render` draws.
  @inline(__always)
  func localTransform(_ child: Int, parent: Int) -> CATransform3D {
    node(parent).pointee.kind == .transform
      ? RenderTree.localTransform(node(child), parent: node(parent)) : placed(child).pointee.local
  }

  // MARK: - One layer

  /// Draws node `i`, placed by `local` (its 4×4 transform into its parent's plane) and
  /// `parentMap` (that plane into the surface's device space), at inherited opacity
  /// `alpha`.
  func drawNode(
    _ i: Int, local: CATransform3D, parentMap: ProjectiveTransform2D, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float
  ) {
    StackReserve.ensure {
      let n = node(i)
      // A layer in a transition draws while hidden: its outgoing state may still show.
      guard LayerVisibility.isShown(n), !clip.isEmpty else { return }
      guard let own = LayerVisibility.ownOpacity(n.state) else {
        CADiagnostics.report(key: "opacity", "\(n.pointee.key) has NaN opacity; not drawn")
        return
      }
      // A transition applies each state's own opacity (`drawTransition`).
      let a = n.pointee.transition != nil ? alpha : alpha * own
      guard a > 0 else { return }
      if let mode = CompositingFilter.blendMode(named: n.state.compositingFilter),
        blendGroupNode != i
      {
        drawBlendGroup(
          i, mode: mode, local: local, parentMap: parentMap, into: s, clip: clip, alpha: alpha)
        return
      }
      if let pending = s.pendingClear, !keepsPendingClear(n, alpha: a),
        !backgroundReplacesClear(
          n, pending, local: local, parentMap: parentMap, alpha: a, clip: clip)
      {
        s.flushPendingClear()
      }
      if n.pointee.kind == .transform {
        drawTransformLayer(i, local: local, parentMap: parentMap, into: s, clip: clip, alpha: a)
        return
      }
      let map = ProjectiveTransform2D(flattening: local).concatenating(parentMap)
      guard map.isFinite, map.isInvertible else { return }  // edge-on or degenerate: nothing shows
      if !n.pointee.state.isDoubleSided && !Self.isFrontFacing(map, at: n.pointee.state.bounds) {
        return
      }
      if n.pointee.state.shouldRasterize, drawRasterized(i, map: map, into: s, clip: clip, alpha: a)
      {
        return
      }
      if let affine = map.exactAffine {
        drawFlat(i, map: affine, parentMap: parentMap, into: s, clip: clip, alpha: a)
      } else {
        drawProjective(i, map: map, parentMap: parentMap, into: s, clip: clip, alpha: a)
      }
    }
  }

  /// Draws node `i` under an affine map: its transition, or the node itself.
  func drawFlat(
    _ i: Int, map: CGAffineTransform, parentMap: ProjectiveTransform2D, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float
  ) {
    if let t = node(i).pointee.transition {
      drawTransition(i, t, map: map, parentMap: parentMap, into: s, clip: clip, alpha: alpha)
    } else {
      drawFlatState(i, map: map, parentMap: parentMap, into: s, clip: clip, alpha: alpha)
    }
  }

  /// Draws node `i` under an affine map, through an offscreen group when it needs one.
  func drawFlatState(
    _ i: Int, map: CGAffineTransform, parentMap: ProjectiveTransform2D, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float
  ) {
    let n = node(i)
    guard OffscreenReasons.isGroup(n, compositedAt: alpha) else {
      drawBody(i, map: map, parentMap: parentMap, into: s, clip: clip, alpha: alpha)
      return
    }
    let region = groupArea(i, map: map, parentMap: parentMap, in: s)
    let mode = n.state.maskMode
    let inverse = mode.isInverse
    let whole = drawsGroupsWhole
    let maskReach = whole ? nil : n.pointee.mask.flatMap { maskExtent($0, of: i, map: map) }
    // What is composited: the clip, cut to where the layer draws and, unless the mask is
    // inverted, to where its mask draws (outside, the coverage is zero: nothing shows).
    let content = whole ? nil : drawnExtent(i, map: map, parentMap: parentMap, shapes: true)
    var shown = region.intersection(clip)
    if let content { shown = shown.intersection(content) }
    if let e = maskReach, !inverse { shown = shown.intersection(e) }
    // What is drawn: the clip cut to the rows shown. Rows only: the offscreen keeps its
    // layout and each row its span (an image's samples step along the row from its first
    // pixel), so the pixels are the same.
    let drawn =
      shown.isEmpty
      ? shown
      : PixelRect(x0: clip.x0, y0: shown.y0, x1: clip.x1, y1: shown.y1).intersection(region)
    // A mask that is one plain shape multiplies by its path's coverage: the layer is
    // painted through the path, without a mask offscreen; inverted, the path is cut out of
    // the group (`LayerCompositor+MaskedPaint`).
    let plain = n.pointee.mask.flatMap { m in
      n.pointee.tint == nil && (mode == .alpha || (mode == .inverseAlpha && !whole))
        ? plainShapeMask(m, of: i, map: map) : nil
    }
    if let plain, !inverse,
      drawGradient(i, through: plain, map: map, into: s, clip: drawn, rows: region, alpha: alpha)
    {
      return
    }
    // Everything below draws inside `drawn` and masks and composites inside `shown`; the
    // offscreens are cleared only where their drawing can reach. A path painted through
    // (or cut out of) the group keeps the clip's columns, on which its edge pixels'
    // coverage depends by a level, so the group is cleared over them.
    guard !shown.isEmpty,
      let group = surfaces.surface(
        rect: region, used: plain == nil ? content.map { drawn.intersection($0) } ?? drawn : drawn)
    else { return }
    defer { surfaces.recycle(group) }
    drawBody(i, map: map, parentMap: parentMap, into: group, clip: drawn, alpha: 1)
    if let plain {
      if inverse {
        cut(plain, outOf: group, clip: drawn)
        PixelCompositing.composite(group, onto: s, clip: shown, alpha: alpha)
      } else {
        composite(group, through: plain, onto: s, clip: drawn, rows: region, alpha: alpha)
      }
      return
    }
    if let m = n.pointee.mask {
      let maskArea = maskReach.map { drawn.intersection($0) } ?? drawn
      let mask = maskArea.isEmpty ? nil : surfaces.surface(rect: region, used: maskArea)
      if let mask {
        let mapP = ProjectiveTransform2D(affine: map)
        drawNode(
          m, local: tree.maskTransform(m, of: i), parentMap: mapP, into: mask, clip: drawn,
          alpha: 1)
      }
      PixelCompositing.applyMask(
        mask, to: group, in: shown, mode: mode, maskArea: maskArea)
      surfaces.recycle(mask)
    }
    PixelCompositing.composite(group, onto: s, clip: shown, alpha: alpha, tint: n.pointee.tint)
  }

  /// Whether offscreen groups are drawn, masked and composited over the whole clip, as
  /// if no extent were known (for tests comparing the narrowed drawing with it).
  @exclusivity(unchecked) package var drawsGroupsWhole = false

  /// The device pixels of `s` an offscreen group of node `i` (under the affine `map`)
  /// covers: the offscreen area cut to the layer's bounds when it clips to them (and casts
  /// no shadow), else to what it can draw.
  func groupArea(
    _ i: Int, map: CGAffineTransform, parentMap: ProjectiveTransform2D, in s: RenderSurface
  ) -> PixelRect {
    let n = node(i)
    let area = offscreenArea(of: s)
    if n.pointee.state.masksToBounds && n.pointee.state.shadowOpacity <= 0 {
      return area.intersection(PixelRect(covering: n.pointee.state.bounds.applying(map)))
    }
    return drawnExtent(i, map: map, parentMap: parentMap).map { area.intersection($0) } ?? area
  }

  /// Where mask node `m` of node `i` (drawn under the affine `map`) can draw, in device
  /// pixels, or nil when that is not known cheaply.
  private func maskExtent(_ m: Int, of i: Int, map: CGAffineTransform) -> PixelRect? {
    let p = ProjectiveTransform2D(affine: map)
    let local = ProjectiveTransform2D(flattening: tree.maskTransform(m, of: i))
    guard let affine = local.concatenating(p).exactAffine else { return nil }
    return drawnExtent(m, map: affine, parentMap: p, shapes: true)
  }

  /// The part of `s` an offscreen drawn for it may cover: `offscreenLimit`, which does
  /// not depend on the band being drawn. An offscreen covers this area (cut to what the
  /// layer can reach) and is drawn only where it meets the clip.
  func offscreenArea(of s: RenderSurface) -> PixelRect { offscreenLimit.intersection(s.rect) }

  /// Runs `body` with offscreens laid out over `rect` (a layer's own bitmap, drawn whole),
  /// then restores the frame's limit.
  func withOffscreenLimit<R>(_ rect: PixelRect, _ body: () -> R) -> R {
    let outer = offscreenLimit
    offscreenLimit = rect
    defer { offscreenLimit = outer }
    return body()
  }

  /// Whether node `n`, drawn at opacity `alpha`, can leave its surface's pending clear
  /// to what it draws: it draws nothing itself and only passes to its sublayers, or it
  /// is a plain image that `blit` may copy. Everything else clears first.
  private func keepsPendingClear(_ n: UnsafePointer<RenderNode>, alpha: Float) -> Bool {
    guard n.pointee.kind == .layer, n.pointee.transition == nil, n.pointee.mask == nil,
      n.pointee.tint == nil, !(n.pointee.state.shadowOpacity > 0),
      (n.pointee.state.backgroundColor?.alpha ?? 0) == 0,
      !(n.pointee.state.borderWidth > 0 && (n.pointee.state.borderColor?.alpha ?? 0) > 0),
      !(alpha < 1 && n.pointee.state.allowsGroupOpacity && !n.pointee.children.isEmpty)
    else { return false }
    return n.image == nil || n.pointee.children.isEmpty
  }

  /// Whether node `n`'s background, the first thing it draws, will cover every pixel of
  /// `pending` with an opaque colour (`fillBackground` then skips the clear).
  private func backgroundReplacesClear(
    _ n: UnsafePointer<RenderNode>, _ pending: PixelRect, local: CATransform3D,
    parentMap: ProjectiveTransform2D, alpha: Float, clip: PixelRect
  ) -> Bool {
    guard n.pointee.state.backgroundColor != nil, n.pointee.transition == nil,
      n.pointee.mask == nil,
      n.pointee.tint == nil, !(n.pointee.state.shadowOpacity > 0),
      !n.pointee.state.shouldRasterize, n.pointee.kind != .transform,
      let map = ProjectiveTransform2D(flattening: local).concatenating(parentMap).exactAffine
    else { return false }
    return Self.background(n.state, map: map, alpha: alpha, replaces: pending, clip: clip)
  }

  /// Whether the layer's front faces the viewer under `map` (its Jacobian keeps
  /// orientation at the bounds' centre).
  package static func isFrontFacing(_ map: ProjectiveTransform2D, at bounds: CGRect) -> Bool {
    let w = map.homogeneous(CGPoint(x: bounds.midX, y: bounds.midY)).w
    return map.determinant * w >= 0
  }
}

extension ProjectiveTransform2D {
  /// The affine transform equal to the map, when it has no perspective part.
  package var exactAffine: CGAffineTransform? {
    let scale = Swift.max(abs(m11), abs(m12), abs(m21), abs(m22), 1e-300)
    guard abs(m13) <= 1e-12 * scale / Swift.max(abs(m33), 1),
      abs(m23) <= 1e-12 * scale / Swift.max(abs(m33), 1),
      m33 != 0
    else { return nil }
    let k = 1 / m33
    return CGAffineTransform(
      a: m11 * k, b: m12 * k, c: m21 * k, d: m22 * k, tx: m31 * k, ty: m32 * k)
  }

  /// The map of an affine transform.
  package init(affine t: CGAffineTransform) {
    self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
  }

  /// Whether every entry is finite (checked one by one: asked once per layer drawn, it
  /// builds no array).
  package var isFinite: Bool {
    m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
      && m31.isFinite && m32.isFinite && m33.isFinite
  }
}

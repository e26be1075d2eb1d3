import Foundation

/// The layout and display stages of a frame: everything that runs user code to make
/// what a frame shows, on the thread of the layer tree, before the render tree is built.
///
/// ```
/// layout   root.layoutIfNeeded(): layoutSublayers(of:) top-down where marked
/// display  layers marked as needing display: display(), else draw(in:) into a backing
///          store of bounds.size · contentsScale pixels (capped: maximumBackingStoreSide,
///          maximumBackingStorePixels); text layers: their glyphs, shaped from the
///          text state the frame shows; tiled layers: the tiles the frame will show
/// ```
///
/// After it, the render-tree build and the compositor only read what it produced: the
/// backing stores (`CALayer.backingStore`), the shaped text (`CATextLayer.shapedText`)
/// and the tile caches.
///
/// **Skipping.** A stage kept between frames visits only the subtrees with a change to
/// what they draw since its last pass (`CALayer.subtreeRenderChangeStamp` newer than the
/// tree's `LayerChangeLog.renderStamp` when it last ran), as the render-tree update does;
/// a pass after a sublayer or mask was attached or removed (the log's `attachments`
/// moved), or under another root or log, visits the whole tree once. A frame with nothing
/// marked costs a comparison, plus a look at each text layer with animations attached
/// (its shown text may move without a change stamp); the tiles are placed again only
/// when something they follow from moved (see `TileInputs`).
///
/// **Tiles.** A tiled layer's visible tiles are computed from the geometry the frame
/// will show (the state the render tree is built from), the renderer's viewport and the
/// clips of superlayers that mask to their bounds, by the rule the compositor uses
/// (`TiledLayerSource.visibleTiles`), and drawn when missing. Where the compositor finds
/// a tile missing all the same (a layer under perspective, a clip this pass does not
/// model), it shows nothing there, as Apple's `CATiledLayer` does before a tile is drawn,
/// and the tile is drawn by the next frame's pass.
package struct DisplayStage {
  /// The largest backing store `draw(in:)` gets, in pixels (4096 × 4096).
  package static let maximumBackingStorePixels = 4096 * 4096
  /// The longest side a backing store gets, in pixels (a longer layer is drawn at a
  /// lower resolution along that side only).
  package static let maximumBackingStoreSide = 8192

  /// What a frame shows: the pixels of the target and how the root maps onto them.
  package struct Viewport: Equatable {
    /// The target's pixels (device pixels, top-left origin).
    package var pixels: PixelRect
    /// The root's superlayer space (or, when `placesRoot` is false, the root's own
    /// bounds space) to device pixels.
    package var rootMap: CGAffineTransform
    /// Whether the root's position and transform place it (`CARenderer`), or only its
    /// bounds do (`render(in:)`).
    package var placesRoot: Bool

    package init(pixels: PixelRect, rootMap: CGAffineTransform, placesRoot: Bool) {
      self.pixels = pixels
      self.rootMap = rootMap
      self.placesRoot = placesRoot
    }
  }

  /// The log's render stamp when the last pass started, the log, its attachment count
  /// and the root then.
  private var displayedAt: UInt64 = 0
  private var displayedLog: LayerChangeLog?
  private var displayedAttachments: UInt64 = .max
  private weak var displayedRoot: CALayer?
  /// The layers in the tree at the last pass that visited it whole whose class draws its
  /// own content (`LayerFrameTraits.drawsOwnContent`: text, tiles).
  private var ownContentLayers: [WeakLayer] = []
  /// Tiles the compositor found missing in the last frame, drawn by the next pass.
  private var missed: [MissedTile] = []
  /// What the last pass over the visible tiles read (see ``TileInputs``).
  private var tilesDrawnFor: TileInputs?

  /// The counts the visible tiles of a frame follow from, besides the shown values of
  /// animations: the tree's log (model values, attachments, retimes, and the render
  /// stamps that display marks and drawn tiles take), the context's generation (which
  /// every commit and animation change moves), the viewport and the root. A frame whose
  /// inputs equal the last pass's, and where no animation of a layer on the way from the
  /// root to a tiled layer moved its shown values since (`CAContext.presentationChanged`),
  /// shows the same tiles, all drawn by then, and skips the pass.
  private struct TileInputs: Equatable {
    var root: ObjectIdentifier
    var log: ObjectIdentifier
    var changes: UInt64
    var renderStamp: UInt64
    var retimes: UInt64
    var context: ObjectIdentifier?
    var generation: UInt64
    var viewport: Viewport

    init(_ root: CALayer, _ context: CAContext?, _ viewport: Viewport) {
      let log = root.treeChangeLog
      self.root = ObjectIdentifier(root)
      self.log = ObjectIdentifier(log)
      changes = log.changes
      renderStamp = log.renderStamp
      retimes = log.retimes
      self.context = context.map(ObjectIdentifier.init)
      generation = context?.generation ?? 0
      self.viewport = viewport
    }
  }

  /// The most layers `tiledPathsMoved` walks up from one layer.
  private static let maximumPathLength = 1 << 16
  /// The context's `evaluatedFrames` at the last tile pass: the shown values that pass
  /// placed tiles with.
  private var tilesEvaluatedAt = 0

  /// The layers on the path from the root to the layer being visited: a layer met again
  /// (a mask cycle, which the public API refuses) is not visited twice (the render-tree
  /// build reports it).
  private var onPath = Set<ObjectIdentifier>()
  /// Whether the stage runs the layers' own code (`display()`, `draw(in:)`, tiles):
  /// false for a render thread's replica tree (`LayerReplica`), whose layers carry what
  /// the app thread drew; it then only shapes text. Default true.
  package var runsLayerCode = true
  /// Layers the passes visited since the stage was made, for tests that count work.
  package private(set) var visitedLayers = 0
  /// Passes over the visible tiles since the stage was made, for tests that count work.
  package private(set) var tilePasses = 0

  private struct WeakLayer {
    weak var layer: CALayer?
  }

  package init() {}

  /// The layout and display stages of one frame of `root`'s tree (layout when
  /// ``runsLayerCode``, display, the tiles `viewport` will show), with the shown states
  /// of `context`'s last evaluation (the model without a context); `entering` is told
  /// each stage as it starts.
  package mutating func run(
    _ root: CALayer, context: CAContext?, viewport: Viewport?, entering: (FrameStage) -> Void
  ) {
    if runsLayerCode {
      entering(.layout)
      layout(root)
    }
    entering(.display)
    let shown: (CALayer) -> LayerState =
      context.map { c in { c.presentationState(of: $0) ?? $0.state } } ?? { $0.state }
    display(root, state: shown)
    guard runsLayerCode, let viewport else { return }
    let inputs = TileInputs(root, context, viewport)
    guard
      inputs != tilesDrawnFor || !missed.isEmpty
        || tiledPathsMoved(in: context, since: tilesEvaluatedAt)
    else { return }
    tilesDrawnFor = inputs
    tilesEvaluatedAt = context?.evaluatedFrames ?? 0
    tilePasses &+= 1
    drawTiles(of: root, state: shown, viewport: viewport)
  }

  /// Whether an animation of a layer on the way from the root to a layer that draws its
  /// own content (a tiled layer among them) moved its shown values after the evaluation
  /// numbered `evaluation`. A layer with no animation shows its model, whose changes the
  /// tree's log counts.
  private func tiledPathsMoved(in context: CAContext?, since evaluation: Int) -> Bool {
    guard let context else { return false }
    for entry in ownContentLayers {
      var layer = entry.layer
      var depth = 0  // a mask cycle, which the public API refuses, ends the walk
      while let l = layer, depth < Self.maximumPathLength {
        depth += 1
        if !l.animationStorage.entries.isEmpty,
          context.presentationChanged(of: l, since: evaluation)
        {
          return true
        }
        layer = l.parentLayer ?? l.maskedLayer
      }
    }
    return false
  }

  /// Lays `root`'s tree out: `layoutSublayers(of:)` on every layer marked as needing it,
  /// top-down (see `CALayer.layoutIfNeeded()`).
  package func layout(_ root: CALayer) {
    root.layoutIfNeeded()
  }

  /// Displays every layer of `root`'s tree marked as needing display (see
  /// `display(_:)`) and shapes the text of text layers whose shown text state (as
  /// `state` gives it) or bounds moved, visiting only what changed since the last pass.
  package mutating func display(_ root: CALayer, state: (CALayer) -> LayerState) {
    let log = root.treeChangeLog
    let attachments = log.attachments
    let whole =
      log !== displayedLog || attachments != displayedAttachments || root !== displayedRoot
    let since = displayedAt
    displayedAt = log.renderStamp
    displayedLog = log
    displayedAttachments = attachments
    displayedRoot = root
    if whole { ownContentLayers.removeAll(keepingCapacity: true) }
    visit(root, whole: whole, since: since, state: state)
    // Own content whose shown state moves with its animations, without a change stamp.
    for entry in ownContentLayers {
      guard let layer = entry.layer, !layer.animationStorage.entries.isEmpty else { continue }
      layer.displayOwnContent(shown: state(layer))
    }
  }

  private mutating func visit(
    _ layer: CALayer, whole: Bool, since: UInt64, state: (CALayer) -> LayerState
  ) {
    guard whole || layer.subtreeRenderChangeStamp > since else { return }
    let id = ObjectIdentifier(layer)
    guard onPath.insert(id).inserted else { return }
    defer { onPath.remove(id) }
    StackReserve.ensure {
      visitedLayers &+= 1
      let ownContent = type(of: layer).frameTraits.drawsOwnContent
      if whole || layer.renderChangeStamp > since {
        if runsLayerCode { Self.display(layer) }
        if ownContent { layer.displayOwnContent(shown: state(layer)) }
      }
      if whole, ownContent { ownContentLayers.append(WeakLayer(layer: layer)) }
      for child in layer.children { visit(child, whole: whole, since: since, state: state) }
      if let mask = layer.maskLayer { visit(mask, whole: whole, since: since, state: state) }
    }
  }

  /// Draws the tiles of `root`'s tiled layers that the frame will show in `viewport`,
  /// with each layer's geometry as `state` gives it, and the tiles the compositor found
  /// missing in the previous frame.
  package mutating func drawTiles(
    of root: CALayer, state: (CALayer) -> LayerState, viewport: Viewport
  ) {
    var pending: [MissedTile] = []
    swap(&pending, &missed)
    for m in pending where m.cache.layer?.treeRoot === root { m.cache.draw(m.tile) }
    for entry in ownContentLayers {
      entry.layer?.drawVisibleContent(root: root, state: state, viewport: viewport)
    }
  }

  /// Hands the stage the tiles the compositor found missing: the next pass draws them.
  package mutating func noteMissed(_ tiles: [MissedTile]) {
    missed.append(contentsOf: tiles)
  }
}

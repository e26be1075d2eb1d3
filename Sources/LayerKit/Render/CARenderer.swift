import Foundation

/// Renders a context's layer tree into bitmaps, with no window: LayerKit's render server.
///
/// Each frame runs in stages on the context's thread (`FrameStage`): it evaluates the
/// context's presentation at the clock's current time (animation delegates and
/// completion blocks run at the end of that), lays out and displays the layers that
/// need it, with the tiles of tiled layers that will show (`DisplayStage`), snapshots
/// the tree into a value-type render tree, places every node once (`RenderPlacement`),
/// finds the damage against the previous frame (`DamageTracker`) and hands the three to
/// its backend (`RenderBackend`; the CPU compositor, `CPURenderBackend`, unless another
/// is given). The build, the placement and the backend run no user code and write to no
/// layer.
///
/// ```swift
/// let clock = CAManualClock()
/// let context = CAContext(clock: clock)
/// context.layer = root
/// context.commit()
/// let renderer = CARenderer(context: context)
/// let frame = renderer.render(width: 320, height: 240, scale: 2)   // a CGImage
/// ```
///
/// `render(in:scale:)` draws into a caller's bitmap context instead (the SDL host's
/// window buffer) and returns the rectangles that changed since the previous call, so
/// only those pixels are redrawn and uploaded. The same frame always produces the same
/// bytes.
///
/// A renderer belongs to the thread of its context. Large areas are composited in
/// horizontal bands on the machine's cores (`LAYERKIT_BANDS=1` keeps one thread), and its
/// pixel kernels split their rows too; the bytes are the same as on one thread.
public final class CARenderer: CAObjectEquality {
  /// The context whose tree is drawn.
  public let context: CAContext?
  private let fixedRoot: CALayer?
  /// What turns each frame into pixels.
  package let backend: any RenderBackend
  private var damageTracker = DamageTracker()
  /// The placement of the last frame's render tree, brought up to date each frame.
  package private(set) var placement = RenderPlacement()
  /// Where the time of the last ``render(in:scale:)`` went.
  public private(set) var lastFrameStatistics = FrameStatistics()
  /// The frame `prepareFrame(width:height:scale:)` evaluated, for the next
  /// ``render(in:scale:)`` of a bitmap of that size at that scale.
  private var prepared: PreparedFrame?
  /// The render tree, kept between frames and updated in place.
  private var builder: RenderTreeBuilder
  /// Layout and display, kept between frames so that a frame with nothing to lay out
  /// or display skips them.
  private var displayStage = DisplayStage()
  /// Tiles the backend found missing while ``runsLayerCode`` is false, for the app
  /// thread's display stage (`CARenderServer`).
  private var forwardedTiles: [MissedTile] = []
  /// Whether the frame runs the layers' own code (`layoutSublayers`, `display()`,
  /// `draw(in:)`, tiles): false for a render thread's replica tree (`LayerReplica`),
  /// whose layers carry what the app thread drew and laid out; the tiles its backend
  /// finds missing are then kept for the app thread (``takeForwardedTiles()``).
  /// Default true.
  package var runsLayerCode = true {
    didSet { displayStage.runsLayerCode = runsLayerCode }
  }
  /// The stage of a frame running now (`idle` between frames).
  package private(set) var stage: FrameStage = .idle

  /// Creates a renderer for `context`'s tree.
  public convenience init(context: CAContext) {
    self.init(context: context, backend: CPURenderBackend())
  }

  /// Creates a renderer for `context`'s tree that draws through `backend`.
  package init(context: CAContext, backend: any RenderBackend) {
    self.context = context
    fixedRoot = nil
    self.backend = backend
    builder = RenderTreeBuilder(presentation: true)
  }

  /// Creates a renderer drawing `layer`'s subtree with its model values (no context,
  /// no animations), through `backend` (default: the CPU compositor).
  package init(layer: CALayer, backend: any RenderBackend = CPURenderBackend()) {
    context = nil
    fixedRoot = layer
    self.backend = backend
    builder = RenderTreeBuilder(presentation: false)
  }

  /// The render tree of the current frame: the context's presentation at its current
  /// time (the model when the tree has not been committed), or nil with no root layer.
  /// - Parameter viewport: the pixels the frame is composited into, for the tiles of
  ///   tiled layers (none are drawn without one).
  package func makeRenderTree(viewport: DisplayStage.Viewport? = nil) -> RenderTree? {
    guard let root = context?.layer ?? fixedRoot else { return nil }
    evaluate()
    displayLayers(root, viewport: viewport)
    return buildRenderTree(root: root)
  }

  /// Layers visited by the display stage since the renderer was made, for tests that
  /// count work.
  package var displayedLayers: Int { displayStage.visitedLayers }
  /// The display stage's passes over the visible tiles, for tests that count work.
  package var tilePasses: Int { displayStage.tilePasses }

  /// The evaluation stage: the context's presentation at its clock's time, with the
  /// callbacks at its end.
  private func evaluate() {
    guard let context else { return }
    stage = .evaluation
    defer { stage = .idle }
    context.updatePresentation()
  }

  /// The layout and display stages, before the render tree is built: the last point of
  /// the frame where user code runs.
  private func displayLayers(_ root: CALayer, viewport: DisplayStage.Viewport?) {
    defer { stage = .idle }
    displayStage.run(root, context: context, viewport: viewport) { stage = $0 }
  }

  /// Takes the tiles kept for the app thread while ``runsLayerCode`` is false.
  package func takeForwardedTiles() -> [MissedTile] {
    defer { forwardedTiles.removeAll() }
    return forwardedTiles
  }

  /// The viewport of a `width × height` frame at `scale` pixels per point.
  package static func viewport(width: Int, height: Int, scale: CGFloat) -> DisplayStage.Viewport {
    DisplayStage.Viewport(
      pixels: PixelRect(x0: 0, y0: 0, x1: width, y1: height),
      rootMap: CGAffineTransform(scaleX: scale, y: scale), placesRoot: true)
  }

  /// The compositing stage: `body` composites with the tree's log sealed, then the tiles
  /// found missing go back to the display stage for the next frame.
  private func composite<R>(_ body: () -> R) -> R {
    let log = (context?.layer ?? fixedRoot)?.treeChangeLog
    stage = .composite
    log?.isSealed = true
    defer {
      log?.isSealed = false
      stage = .idle
      let missed = backend.takeMissedTiles()
      if !missed.isEmpty {
        if runsLayerCode {
          displayStage.noteMissed(missed)
        } else {
          forwardedTiles.append(contentsOf: missed)
        }
      }
    }
    return body()
  }

  /// How many frames found the render tree's shape changed while updating it in place
  /// (`RenderTreeBuilder.abandonedUpdates`).
  package var abandonedRenderTreeUpdates: Int { builder.abandonedUpdates }
  /// Whether the last frame's render tree was updated in place (not built afresh).
  package var renderTreeUpdatedInPlace: Bool { builder.updatedInPlace }

  /// The render tree of `root` from its presentation (already evaluated) or its model:
  /// the previous frame's tree brought up to date (see `RenderTreeBuilder`).
  /// The build stage: reads the layers only, with the tree's log sealed.
  private func buildRenderTree(root: CALayer) -> RenderTree {
    let log = root.treeChangeLog
    stage = .build
    log.isSealed = true
    defer {
      log.isSealed = false
      stage = .idle
    }
    builder.update(root: root, evaluation: context?.evaluatedFrames ?? 0, context: context)
    return builder.tree
  }

  /// Renders the current frame into a new image of `width × height` pixels with `scale`
  /// pixels per point (the root layer's coordinates, scaled, from the top-left corner),
  /// over a transparent background.
  ///
  /// - Returns: the image; a 1 × 1 transparent image when the size is not positive or
  ///   too large for a bitmap (with a diagnostic).
  public func render(width: Int, height: Int, scale: CGFloat) -> CGImage {
    let s = Self.checked(scale)
    let fits = CGContext.holds(width: width, height: height)
    // The frame is drawn straight into the image's bytes, which start transparent: no
    // second clear, no copy out.
    var bytes = [UInt8](repeating: 0, count: fits ? width * height * 4 : 0)
    let drawn =
      fits
      && bytes.withUnsafeMutableBytes { raw -> Bool in
        guard
          let ctx = CGContext(
            data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8,
            bytesPerRow: width * 4, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return false }
        if let tree = makeRenderTree(
          viewport: Self.viewport(width: width, height: height, scale: s))
        {
          let all = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
          placement.update(tree, scale: s, frame: all)
          _ = composite {
            backend.draw(
              RenderFrame(
                tree: tree, placement: placement, damage: [all], scale: s, width: width,
                height: height, damageIsClear: true), into: ctx)
          }
        }
        return true
      }
    guard drawn, let image = CGImage(width: width, height: height, premultipliedRGBA: bytes) else {
      CADiagnostics.report(key: "render", "cannot make a \(width)×\(height) bitmap; rendered 1×1")
      return CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])!
    }
    return image
  }

  /// Renders the current frame into `ctx` (a bitmap context whose pixels persist
  /// between frames), redrawing only what changed since the previous call.
  ///
  /// Damaged pixels are cleared to transparent and redrawn; the rest of the bitmap is
  /// left as it was. The first call, and any call after the bitmap's size changes,
  /// redraws everything.
  ///
  /// - Returns: the damaged rectangles in pixels (top-left origin), empty when nothing
  ///   changed.
  @discardableResult
  public func render(in ctx: CGContext, scale: CGFloat) -> [CGRect] {
    let surface = RenderSurface(wrapping: ctx)
    let s = Self.checked(scale)
    let frame: PreparedFrame
    if let p = prepared, p.width == ctx.width, p.height == ctx.height, p.scale == s {
      frame = p
    } else {
      frame = prepare(width: ctx.width, height: ctx.height, scale: s)
    }
    prepared = nil
    var stats = frame.statistics
    guard let tree = frame.tree else {
      surface.clear(surface.rect)
      lastFrameStatistics = stats
      return frame.damage.map(\.cgRect)
    }
    let rects = frame.damage
    let built = Self.seconds()
    let before = backend.bitmapCounts
    // At least the statistics' default, also for a frame with nothing damaged.
    stats.bands = max(
      stats.bands,
      composite {
        backend.draw(
          RenderFrame(
            tree: tree, placement: frame.placement, damage: rects, scale: s, width: ctx.width,
            height: ctx.height), into: ctx)
      })
    for r in rects { stats.damagedPixels += r.width * r.height }
    stats.compositing = Self.seconds() - built
    let after = backend.bitmapCounts
    stats.bitmapsDrawn = after.drawn - before.drawn
    stats.bitmapsReused = after.reused - before.reused
    lastFrameStatistics = stats
    return rects.map(\.cgRect)
  }

  /// Evaluates the current frame and snapshots it, with its damage, for the next
  /// ``render(in:scale:)`` of a `width × height` bitmap at `scale`, which then only
  /// composites: a host runs this while the previous frame is still being uploaded.
  /// The layers must not change in between (a frame loop handles events first).
  package func prepareFrame(width: Int, height: Int, scale: CGFloat) {
    prepared = prepare(width: width, height: height, scale: Self.checked(scale))
  }

  /// Whether a prepared frame waits for ``render(in:scale:)``.
  package var hasPreparedFrame: Bool { prepared != nil }

  /// Evaluation, render tree and damage of the current frame.
  private func prepare(width: Int, height: Int, scale s: CGFloat) -> PreparedFrame {
    var stats = FrameStatistics()
    let started = Self.seconds()
    evaluate()
    let evaluated = Self.seconds()
    stats.evaluation = evaluated - started
    let all = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    guard let root = context?.layer ?? fixedRoot else {
      stats.damagedPixels = all.width * all.height
      let damage = damageTracker.damage(RenderTree(), scale: s, frame: all)
      return PreparedFrame(
        width: width, height: height, scale: s, tree: nil, placement: RenderPlacement(),
        damage: damage, statistics: stats)
    }
    displayLayers(root, viewport: Self.viewport(width: width, height: height, scale: s))
    let tree = buildRenderTree(root: root)
    placement.update(tree, scale: s, frame: all)
    let rects = damageTracker.damage(tree, placement: placement)
    stats.treeBuild = Self.seconds() - evaluated
    return PreparedFrame(
      width: width, height: height, scale: s, tree: tree, placement: placement, damage: rects,
      statistics: stats)
  }

  private static func checked(_ scale: CGFloat) -> CGFloat {
    guard scale.isFinite, scale > 0 else {
      CADiagnostics.report(key: "scale", "scale \(scale) is not a positive number; used 1")
      return 1
    }
    return scale
  }
}

/// A frame evaluated and snapshotted ahead of its compositing.
private struct PreparedFrame {
  let width: Int
  let height: Int
  let scale: CGFloat
  /// Nil without a root layer (the bitmap is cleared).
  let tree: RenderTree?
  /// The placement of `tree`.
  let placement: RenderPlacement
  let damage: [PixelRect]
  var statistics: CARenderer.FrameStatistics
}

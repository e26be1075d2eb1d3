import Foundation

/// Renders a context's layer tree into bitmaps, with no window: LayerKit's compositor.
///
/// Each frame it evaluates the context's presentation at the clock's current time,
/// snapshots it into a value-type render tree (laying out and redrawing layers that need
/// it on the way), and composites that tree in software.
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
/// A renderer belongs to the thread of its context; its pixel kernels may use a second
/// core for large areas, with identical results.
public final class CARenderer: CAObjectEquality {
  /// The context whose tree is drawn.
  public let context: CAContext?
  private let fixedRoot: CALayer?
  package let compositor = LayerCompositor()
  private var damageTracker = DamageTracker()
  /// Splits large damaged rectangles into bands composited on the machine's cores.
  package let bands = BandedCompositor()
  /// Where the time of the last ``render(in:scale:)`` went.
  public private(set) var lastFrameStatistics = FrameStatistics()

  /// Creates a renderer for `context`'s tree.
  public init(context: CAContext) {
    self.context = context
    fixedRoot = nil
  }

  /// Creates a renderer drawing `layer`'s subtree with its model values (no context,
  /// no animations).
  package init(layer: CALayer) {
    context = nil
    fixedRoot = layer
  }

  /// The render tree of the current frame: the context's presentation at its current
  /// time (the model when the tree has not been committed), or nil with no root layer.
  package func makeRenderTree() -> RenderTree? {
    guard let root = context?.layer ?? fixedRoot else { return nil }
    if let context { context.updatePresentation() }
    return buildRenderTree(root: root)
  }

  /// The render tree of `root` from its presentation (already evaluated) or its model.
  private func buildRenderTree(root: CALayer) -> RenderTree {
    let presented = context != nil
    return RenderTreeBuilder.build(root: root, transitions: presented) { layer in
      presented ? (layer.animationStorage.presentationState ?? layer.state) : layer.state
    }
  }

  /// Renders the current frame into a new image of `width × height` pixels with `scale`
  /// pixels per point (the root layer's coordinates, scaled, from the top-left corner),
  /// over a transparent background.
  ///
  /// - Returns: the image; a 1 × 1 transparent image when the size is not positive or
  ///   too large for a bitmap (with a diagnostic).
  public func render(width: Int, height: Int, scale: CGFloat) -> CGImage {
    guard let ctx = CGContext(width: width, height: height) else {
      CADiagnostics.report(key: "render", "cannot make a \(width)×\(height) bitmap; rendered 1×1")
      return CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])!
    }
    let surface = RenderSurface(wrapping: ctx)
    if let tree = makeRenderTree() {
      compositor.render(tree, into: surface, clip: surface.rect, scale: Self.checked(scale))
    }
    return ctx.makeImage()!
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
    var stats = FrameStatistics()
    let started = Self.seconds()
    if let context { context.updatePresentation() }
    let evaluated = Self.seconds()
    stats.evaluation = evaluated - started
    guard let root = context?.layer ?? fixedRoot else {
      let all = surface.rect
      surface.clear(all)
      stats.damagedPixels = all.width * all.height
      lastFrameStatistics = stats
      return damageTracker.damage(RenderTree(), scale: s, frame: all).map(\.cgRect)
    }
    let tree = buildRenderTree(root: root)
    let rects = damageTracker.damage(tree, scale: s, frame: surface.rect)
    let built = Self.seconds()
    stats.treeBuild = built - evaluated
    let drawn = compositor.bitmapsDrawn, reused = compositor.bitmapsReused
    defer {
      lastFrameStatistics.bitmapsDrawn = compositor.bitmapsDrawn - drawn
      lastFrameStatistics.bitmapsReused = compositor.bitmapsReused - reused
    }
    for r in rects {
      stats.bands = max(stats.bands, bands.render(tree, into: ctx, rect: r, scale: s, main: compositor))
      stats.damagedPixels += r.width * r.height
    }
    stats.compositing = Self.seconds() - built
    lastFrameStatistics = stats
    return rects.map(\.cgRect)
  }

  private static func checked(_ scale: CGFloat) -> CGFloat {
    guard scale.isFinite, scale > 0 else {
      CADiagnostics.report(key: "scale", "scale \(scale) is not a positive number; used 1")
      return 1
    }
    return scale
  }
}

import Dispatch
import Foundation

/// Composites a damaged rectangle in horizontal bands, one per core, each band by its own
/// ``LayerCompositor`` through its own view of the frame's pixels.
///
/// The bands are cut where the previous rectangle's bands would have taken equal time
/// (`BandBalance`), so a frame whose layers crowd one part of the screen keeps every
/// core busy.
///
/// A band is drawn with the band as its clip but otherwise as the whole rectangle
/// would be, so the result is bit-identical to one thread:
///
/// - offscreens (groups, masks, shadows, clips, perspective layers) are placed and
///   sized over the whole rectangle (`LayerCompositor.offscreenLimit`), never over the
///   band, so they start at the same device pixel and round the same way;
/// - path edges are cut to the whole rectangle's rows (`RenderSurface.edgeRows`,
///   `CGContext.setEdgeRows`), so the scan converter steps along every edge from the
///   same place; only the band's rows are written;
/// - a shadow's blur reads the rows within its reach of the band, all of them drawn.
///
/// Each band keeps its own compositor (and thereby its own caches: shadow masks,
/// gradients, rasterized layers), because a compositor is not thread-safe; band `0` uses
/// the renderer's own. The views are separate `CGContext`s over the same memory, since a
/// context's graphics state (transform, clip) is per drawing thread.
package final class BandedCompositor {
  /// Bands per rectangle, at most the active cores (`defaultBandLimit`): on by default
  /// on a machine with more than one core; `LAYERKIT_BANDS=0` or `1` draws on one thread.
  package var bandLimit: Int
  /// The compositors of bands 1…; band 0 is the renderer's.
  private var extra: [LayerCompositor] = []
  /// One `CGContext` per band over the current frame's pixels, rebuilt when the frame's
  /// bitmap changes.
  private var views: [CGContext] = []
  private var viewedData: UnsafeMutableRawPointer?
  private var viewedSize = (0, 0, 0)

  /// Below this many pixels a rectangle is drawn on the calling thread.
  package var minimumPixels = 128 * 1024
  /// Whether bands are cut where the previous rectangle's bands took equal time
  /// (`BandBalance`) rather than at equal heights. Default true; either way every pixel
  /// is the same.
  package var balancing = true
  /// The previous banded rectangle's cuts and band times.
  private var balance = BandBalance()
  /// The rows where the last banded rectangle was cut: `bands + 1` device rows from its
  /// top to its bottom; empty before the first.
  package var lastCuts: [Int] { balance.cuts }

  package init() {
    bandLimit = Self.defaultBandLimit(
      environment: ProcessInfo.processInfo.environment,
      processors: ProcessInfo.processInfo.activeProcessorCount)
  }

  /// The most bands a rectangle is cut into: one per thread compositing may use
  /// (`CompositingThreads`: one per active core, at most 8, or `LAYERKIT_THREADS`),
  /// unless `LAYERKIT_BANDS` asks for a count (0 and 1: one thread; more is still capped
  /// by the cores). Values that are not whole numbers are ignored.
  package static func defaultBandLimit(environment: [String: String], processors: Int) -> Int {
    let threads = CompositingThreads.limit(environment: environment, processors: processors)
    let asked = environment["LAYERKIT_BANDS"].flatMap { Int($0) } ?? threads
    return Swift.max(1, Swift.min(asked, Swift.max(1, processors)))
  }

  /// Layer bitmaps drawn and reused so far by `main` and the other bands' compositors
  /// (each band keeps its own caches).
  package func bitmapCounts(main: LayerCompositor) -> (drawn: Int, reused: Int) {
    extra.reduce((main.bitmapsDrawn, main.bitmapsReused)) {
      ($0.0 + $1.bitmapsDrawn, $0.1 + $1.bitmapsReused)
    }
  }

  /// The tiles every band's compositor found missing since the last call (see
  /// `LayerCompositor.takeMissedTiles()`), `main`'s first.
  package func takeMissedTiles(main: LayerCompositor) -> [MissedTile] {
    extra.reduce(main.takeMissedTiles()) { $0 + $1.takeMissedTiles() }
  }

  /// The number of bands `rect` is split into.
  package func bandCount(for rect: PixelRect) -> Int {
    guard bandLimit > 1, rect.width * rect.height >= minimumPixels else { return 1 }
    return Swift.max(1, Swift.min(bandLimit, rect.height / 8))
  }

  /// Clears (unless `cleared` says its pixels are transparent already) and redraws `rect`
  /// of `frame` with `tree`, placed by `placement` (made here when nil), band 0 by `main`.
  ///
  /// - Returns: the number of bands used.
  @discardableResult
  package func render(
    _ tree: RenderTree, placement: RenderPlacement? = nil, into frame: CGContext,
    rect: PixelRect, scale: CGFloat, main: LayerCompositor, cleared: Bool = false
  ) -> Int {
    let n = bandCount(for: rect)
    let placement =
      placement
      ?? RenderPlacement(
        tree, scale: scale, frame: PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height))
    guard n > 1, prepareViews(of: frame, count: n) else {
      Self.draw(
        tree, placement, into: RenderSurface(wrapping: frame), rect: rect, whole: rect,
        scale: scale, with: main, cleared: cleared)
      return 1
    }
    while extra.count < n - 1 { extra.append(LayerCompositor()) }
    let cuts = balancing ? balance.cuts(rect, bands: n) : BandBalance.even(rect, bands: n)
    let jobs = (0..<n).map { b in
      BandJob(
        compositor: b == 0 ? main : extra[b - 1], view: views[b],
        rect: PixelRect(x0: rect.x0, y0: cuts[b], x1: rect.x1, y1: cuts[b + 1]))
    }
    let box = BandJobs(
      jobs: jobs, tree: tree, placement: placement, whole: rect, scale: scale, cleared: cleared)
    DispatchQueue.concurrentPerform(iterations: n) { b in
      let j = box.jobs[b]
      let started = DispatchTime.now().uptimeNanoseconds
      Self.draw(
        box.tree, box.placement, into: RenderSurface(wrapping: j.view), rect: j.rect,
        whole: box.whole, scale: box.scale, with: j.compositor, cleared: box.cleared)
      box.seconds[b] = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }
    balance.record(cuts: cuts, width: rect.width, seconds: Array(box.seconds))
    return n
  }

  /// Clears `rect` (a band of `whole`) lazily, unless it is `cleared` already, and
  /// composites `tree` inside it.
  private static func draw(
    _ tree: RenderTree, _ placement: RenderPlacement, into surface: RenderSurface,
    rect: PixelRect, whole: PixelRect, scale: CGFloat, with compositor: LayerCompositor,
    cleared: Bool
  ) {
    // Cleared lazily: an opaque copy covering the whole rectangle skips the clear.
    surface.pendingClear = cleared ? nil : rect
    surface.edgeRows = whole.y0..<whole.y1
    compositor.render(
      tree, placement: placement, into: surface, clip: rect, scale: scale, limit: whole)
    surface.flushPendingClear()
  }

  /// Makes `count` contexts over `frame`'s pixels; false when the frame cannot be viewed.
  private func prepareViews(of frame: CGContext, count: Int) -> Bool {
    guard let data = frame.data else { return false }
    let size = (frame.width, frame.height, frame.bytesPerRow)
    if data != viewedData || size != viewedSize {
      views = []
      viewedData = data
      viewedSize = size
    }
    while views.count < count {
      guard
        let v = CGContext(
          data: data, width: size.0, height: size.1, bitsPerComponent: 8, bytesPerRow: size.2,
          space: frame.colorSpace, bitmapInfo: frame.bitmapInfo.rawValue)
      else { return false }
      views.append(v)
    }
    return true
  }
}

/// One band's compositor, pixel view and rectangle.
private struct BandJob {
  let compositor: LayerCompositor
  let view: CGContext
  let rect: PixelRect
}

/// The bands of one rectangle, handed to the worker threads; each band touches only its
/// own compositor, its own rows of the shared pixels and its own slot of `seconds`.
private final class BandJobs: @unchecked Sendable {
  let jobs: [BandJob]
  let tree: RenderTree
  let placement: RenderPlacement
  /// The rectangle the bands cut.
  let whole: PixelRect
  let scale: CGFloat
  /// Whether the rectangle's pixels are transparent already.
  let cleared: Bool
  /// How long each band took to draw, in seconds.
  let seconds: UnsafeMutableBufferPointer<Double>
  init(
    jobs: [BandJob], tree: RenderTree, placement: RenderPlacement, whole: PixelRect,
    scale: CGFloat, cleared: Bool
  ) {
    self.jobs = jobs
    self.tree = tree
    self.placement = placement
    self.whole = whole
    self.scale = scale
    self.cleared = cleared
    seconds = .allocate(capacity: jobs.count)
    seconds.initialize(repeating: 0)
  }
  deinit { seconds.deallocate() }
}

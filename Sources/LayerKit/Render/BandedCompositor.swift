import Dispatch
import Foundation

/// Composites a damaged rectangle in horizontal bands, one per core, each band by its own
/// ``LayerCompositor`` through its own view of the frame's pixels.
///
/// Every band is drawn exactly as a damaged rectangle of that size would be: the
/// compositor only writes inside its clip, and a pixel's value does not depend on how
/// the frame was cut, so the result is bit-identical to one thread. Each band keeps its
/// own compositor (and thereby its own caches: shadow masks, gradients, rasterized
/// layers), because a compositor is not thread-safe; band `0` uses the renderer's own.
/// The views are separate `CGContext`s over the same memory, since a context's graphics
/// state (transform, clip) is per drawing thread.
package final class BandedCompositor {
  /// Bands per rectangle, at most the active cores: the environment variable
  /// `LAYERKIT_BANDS` (default 1, off), or a count set by tests. Off by default because
  /// bands are not yet bit-identical to one thread for every scene: rotated and
  /// perspective layers, rasterized layers, replicator copies and text paths can differ
  /// at a band's seam (see the Compositing article); the pixel kernels' own row bands
  /// (`ParallelRows`) are, and stay on.
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

  package init() {
    let asked = ProcessInfo.processInfo.environment["LAYERKIT_BANDS"].flatMap { Int($0) } ?? 1
    bandLimit = Swift.max(1, Swift.min(asked, ProcessInfo.processInfo.activeProcessorCount))
  }

  /// The number of bands `rect` is split into.
  package func bandCount(for rect: PixelRect) -> Int {
    guard bandLimit > 1, rect.width * rect.height >= minimumPixels else { return 1 }
    return Swift.max(1, Swift.min(bandLimit, rect.height / 8))
  }

  /// Clears and redraws `rect` of `frame` with `tree`, band 0 by `main`.
  ///
  /// - Returns: the number of bands used.
  @discardableResult
  package func render(
    _ tree: RenderTree, into frame: CGContext, rect: PixelRect, scale: CGFloat,
    main: LayerCompositor
  ) -> Int {
    let n = bandCount(for: rect)
    guard n > 1, prepareViews(of: frame, count: n) else {
      Self.draw(tree, into: RenderSurface(wrapping: frame), rect: rect, scale: scale, with: main)
      return 1
    }
    while extra.count < n - 1 { extra.append(LayerCompositor()) }
    let jobs = (0..<n).map { b in
      let y0 = rect.y0 + rect.height * b / n
      let y1 = rect.y0 + rect.height * (b + 1) / n
      return BandJob(
        compositor: b == 0 ? main : extra[b - 1], view: views[b],
        rect: PixelRect(x0: rect.x0, y0: y0, x1: rect.x1, y1: y1))
    }
    let box = BandJobs(jobs: jobs, tree: tree, scale: scale)
    DispatchQueue.concurrentPerform(iterations: n) { b in
      let j = box.jobs[b]
      Self.draw(
        box.tree, into: RenderSurface(wrapping: j.view), rect: j.rect, scale: box.scale,
        with: j.compositor)
    }
    return n
  }

  /// Clears `rect` lazily and composites `tree` inside it.
  private static func draw(
    _ tree: RenderTree, into surface: RenderSurface, rect: PixelRect, scale: CGFloat,
    with compositor: LayerCompositor
  ) {
    // Cleared lazily: an opaque copy covering the whole rectangle skips the clear.
    surface.pendingClear = rect
    compositor.render(tree, into: surface, clip: rect, scale: scale)
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
/// own compositor and its own rows of the shared pixels.
private final class BandJobs: @unchecked Sendable {
  let jobs: [BandJob]
  let tree: RenderTree
  let scale: CGFloat
  init(jobs: [BandJob], tree: RenderTree, scale: CGFloat) {
    self.jobs = jobs
    self.tree = tree
    self.scale = scale
  }
}

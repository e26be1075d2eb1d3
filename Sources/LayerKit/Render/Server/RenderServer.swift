import Foundation

/// LayerKit's render server: animations that keep running while the app thread is busy.
///
/// The app thread runs the stages that may run its code: transaction flush, commit,
/// evaluation (with the animation delegates, completion blocks and display links at its
/// end), layout and display. ``commit(width:height:scale:inputArrivals:)`` then snapshots the tree as
/// values (`LayerTreeSnapshot`: layer states, drawn images, glyphs, tiles, animations as
/// committed) and hands it over; nothing else crosses. The render thread, one dedicated
/// thread, owns the rest: at each vertical blank its `VSyncSource` gives, it takes the
/// newest snapshot (commits made between two blanks merge: the last one wins, and it
/// holds everything the earlier ones did), brings its replica of the tree up to it
/// (`LayerReplica`), evaluates the animations at the frame's predicted present time,
/// builds, places, finds the damage, composites, and hands the frame to its presenter.
/// While the app thread is blocked, the render thread keeps drawing the last committed
/// tree with its animations at each frame's own time.
///
/// ```
/// app thread                                   │ render thread
/// flush → commit → evaluation (callbacks)      │
///   → layout → display → snapshot  ───────────┼─► replica → evaluation at present time
///                                              │   → build → placement → damage
///                                              │   → backend → presenter
/// ```
///
/// Both threads evaluate with the same functions (`CAContext.updatePresentation()`):
/// `presentation()` on the app thread and the render thread's frame agree bit for bit at
/// the same time. Delegates, completion blocks and display links are told on the app
/// thread only; the render thread's animations are copies with no delegate.
///
/// `.synchronous` mode does it all on the caller's thread at the context's clock time
/// (tests, headless rendering, export with a `CAManualClock`): each commit renders one
/// frame, with the bytes `CARenderer` gives.
public final class RenderServer {
  /// Where the render stages run.
  public enum Mode: Sendable {
    /// On the caller's thread, inside each ``RenderServer/commit(width:height:scale:inputArrivals:)``,
    /// at the context's clock time.
    case synchronous
    /// On a dedicated render thread, paced by `vsync`.
    case threaded(any VSyncSource)
  }

  /// The context whose tree is committed (it belongs to the app thread).
  public let context: CAContext
  private let core: RenderServerCore
  private var maker = SnapshotMaker()
  private var displayStage = DisplayStage()

  /// Creates a server for `context`'s tree, drawing with the CPU compositor and handing
  /// frames to `presenter`. In `.threaded` mode the render thread starts now and runs
  /// until ``stop()`` (or until the server is released).
  public convenience init(
    context: CAContext, mode: Mode = .synchronous, presenter: any RenderServerPresenter
  ) {
    self.init(context: context, mode: mode, presenter: presenter, backend: { CPURenderBackend() })
  }

  /// Creates a server whose render thread draws through the backend `makeBackend` makes
  /// (called once, on the render thread).
  package init(
    context: CAContext, mode: Mode, presenter: any RenderServerPresenter,
    backend makeBackend: @escaping @Sendable () -> any RenderBackend
  ) {
    self.context = context
    switch mode {
    case .synchronous:
      core = RenderServerCore(presenter: presenter, vsync: nil, makeBackend: makeBackend)
    case .threaded(let vsync):
      core = RenderServerCore(presenter: presenter, vsync: vsync, makeBackend: makeBackend)
      core.start()
    }
  }

  deinit { core.stop() }

  /// The render thread, while one runs (nil in `.synchronous` mode).
  public var renderThread: Thread? { core.thread }

  /// The number `layer` has in the snapshots (the last commit's), for reading what a
  /// frame showed (`RenderServerFrame.presentationState(ofLayer:)`).
  package func snapshotID(of layer: CALayer) -> UInt64? { maker.id(of: layer) }

  /// What the render side has done so far.
  public var statistics: RenderServerStatistics { core.statistics }

  /// The render thread's frame pacing: when each presented frame reached the screen
  /// against its predicted present time (Apple's hitch time ratio), and the latency of
  /// the inputs passed to ``commit(width:height:scale:inputArrivals:)``.
  public var framePacing: FramePacing { core.framePacing }

  /// Commits the context's tree and hands it to the render thread, on the app thread:
  /// flushes the transaction, commits, evaluates at the clock's time (callbacks run
  /// here), lays out and displays what needs it (with the tiles the render thread found
  /// missing), then snapshots. Never waits for a frame to finish drawing; in
  /// `.synchronous` mode it draws and presents the frame before returning.
  ///
  /// - Parameters:
  ///   - width: the frame's width in device pixels.
  ///   - height: the frame's height in device pixels.
  ///   - scale: device pixels per point.
  ///   - inputArrivals: when the input events this commit is the first to answer arrived
  ///     (media time, seconds, the `VSyncSource`'s clock), for the input-to-present
  ///     latency of ``framePacing``.
  public func commit(
    width: Int, height: Int, scale: CGFloat, inputArrivals: [CFTimeInterval] = []
  ) {
    let returned = core.takeReturned()
    for d in returned.diagnostics { CADiagnostics.report(key: d.key, d.message) }
    context.commit()
    context.updatePresentation()
    let s = scale.isFinite && scale > 0 ? scale : 1
    if let root = context.layer {
      if !returned.tiles.isEmpty { displayStage.noteMissed(returned.tiles) }
      displayStage.run(
        root, context: context,
        viewport: CARenderer.viewport(width: width, height: height, scale: s)
      ) { _ in }
    }
    let snapshot = maker.snapshot(
      of: context.layer, time: context.time, width: max(width, 0), height: max(height, 0),
      scale: s)
    if core.isThreaded {
      core.post(snapshot, inputs: inputArrivals)
    } else {
      let time = context.time
      core.renderFrame(
        snapshot: snapshot, vsync: VSyncTick(timestamp: time - 1.0 / 60, period: 1.0 / 60),
        time: time, inputs: inputArrivals)
    }
  }

  /// Stops the render thread after the frame it is drawing and waits for it to end.
  /// Commits after it are snapshotted but not drawn.
  public func stop() { core.stop() }
}

/// Counts of what a render server did, read from any thread.
public struct RenderServerStatistics: Sendable, Equatable {
  /// Commits handed over.
  public var commits = 0
  /// Commits replaced by a newer one before the render thread took them.
  public var mergedCommits = 0
  /// Frames presented.
  public var presentedFrames = 0
  /// Blanks at which nothing was drawn (no tree yet, or nothing changed).
  public var skippedFrames = 0
}

internal import CSDL2
import Foundation
import LayerKit
import LayerKitGL

// The render-server path: a host that presents from a render thread hands its GL
// presenter to a `RenderServer`, whose thread evaluates, composites and presents at the
// display's rate; this thread (the app thread) only handles events, runs the app's
// per-frame code and commits. A blocked app thread then freezes nothing on screen.
extension LayerHost {
  /// Runs `context`'s tree with a render server until ``stop()`` is called or the window
  /// is closed, when the host presents from a render thread
  /// (``presentsFromRenderThread``); returns false at once, doing nothing, otherwise.
  ///
  /// Each iteration of this thread, once per refresh period:
  /// 1. pending events go to `onEvent` (their arrival times are kept for the
  ///    input-to-present latency);
  /// 2. `prepare` runs the app's per-frame work (size the root, move the scene on,
  ///    `context.advance(by: 0)`, which commits and tells delegates, completion blocks
  ///    and display links);
  /// 3. `RenderServer.commit(width:height:scale:inputArrivals:)` lays out, displays and
  ///    hands the tree's snapshot to the render thread, which draws it at each blank with
  ///    its animations at the frame's predicted present time.
  ///
  /// ``framePacing`` is the render thread's, brought over after every iteration.
  ///
  /// - Throws: ``SDLError`` when the window is closed under the loop.
  @discardableResult
  public func runServed(
    context: CAContext, onEvent: (HostEvent) -> Void, prepare: (FrameInfo) -> Void
  ) throws(SDLError) -> Bool {
    try runServed(context: context, compositor: .cpu, onEvent: onEvent, prepare: prepare)
  }

  /// ``runServed(context:onEvent:prepare:)`` with the render thread compositing through
  /// `compositor`.
  ///
  /// With `CARenderer.Backend.gl` the frames are composited on the GPU by a
  /// `GLRenderBackend` made on the window's own GL context, current on the render thread,
  /// and go to the window on the GPU: the backend's framebuffer texture is copied into the
  /// back buffer and swapped, with nothing read back and no frame uploaded. Where the
  /// window's context cannot take the backend, the backend runs on a headless context and
  /// its frames are read back and uploaded; without GL the CPU compositor draws. Either
  /// fallback is said once, with its reason (a `backend` diagnostic), and
  /// ``servedCompositor`` reports the path taken. A host with no GL window
  /// (``presentationFallback``) returns false, as for the CPU.
  @discardableResult
  public func runServed(
    context: CAContext, compositor: CARenderer.Backend, onEvent: (HostEvent) -> Void,
    prepare: (FrameInfo) -> Void
  ) throws(SDLError) -> Bool {
    guard let gl = takePresenter() else { return false }
    let vsync = SwapVSync(period: refreshPeriod)
    let presenter = WindowServerPresenter(gl: gl, vsync: vsync, compositor: compositor)
    servedPresenter = presenter
    let server = RenderServer(
      context: context, mode: .threaded(vsync), presenter: presenter,
      backend: { presenter.makeBackend() })
    activeServer = server
    defer {
      server.stop()
      activeServer = nil
    }
    let pace = ClockVSync(period: refreshPeriod)
    isRunning = true
    defer { isRunning = false }
    while isRunning {
      _ = try requireOpen("runServed")
      if deliverEvents(to: onEvent) || !isRunning { break }
      let info = nextFrameInfo()
      prepare(info)
      server.commit(
        width: info.pixelWidth, height: info.pixelHeight, scale: info.scale,
        inputArrivals: takePendingInputs())
      framePacing = server.framePacing
      if let failure = presenter.failure { throw failure }
      previousFrameTime = info.time
      frameIndex += 1
      _ = pace.waitForVSync()
    }
    return true
  }

  /// What composites the frames of the host's ``runServed(context:compositor:onEvent:prepare:)``
  /// loop (running or ended) and how they reach the window; nil before one ran.
  public var servedCompositor: WindowCompositorReport? { servedPresenter?.report }
}

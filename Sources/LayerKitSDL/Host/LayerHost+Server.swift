internal import CSDL2
import Foundation
import LayerKit

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
    try runServed(
      context: context, onEvent: onEvent, prepare: prepare, usesOtherGL: false,
      backend: { CPURenderBackend() })
  }

  /// ``runServed(context:onEvent:prepare:)`` with the render thread compositing through
  /// the backend `backend` makes (called once, on the render thread); `usesOtherGL` says
  /// that the backend makes a GL context of its own current there, so the window's is made
  /// current again before each present.
  @discardableResult
  package func runServed(
    context: CAContext, onEvent: (HostEvent) -> Void, prepare: (FrameInfo) -> Void,
    usesOtherGL: Bool, backend: @escaping @Sendable () -> any RenderBackend
  ) throws(SDLError) -> Bool {
    guard let gl = takePresenter() else { return false }
    let vsync = SwapVSync(period: refreshPeriod)
    let presenter = WindowServerPresenter(gl: gl, vsync: vsync, rebinds: usesOtherGL)
    let server = RenderServer(
      context: context, mode: .threaded(vsync), presenter: presenter, backend: backend)
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
}

/// Presents a render server's frames into the window through the host's GL presenter,
/// on the render thread: made current there at the first frame, released when the
/// thread ends.
///
/// `@unchecked Sendable`: `gl` and `active` are touched on the render thread only;
/// `failure` under `lock`.
final class WindowServerPresenter: RenderServerPresenter, @unchecked Sendable {
  private let gl: GLWindowPresenter
  private let vsync: SwapVSync
  /// Whether another GL context is made current on the render thread between frames.
  private let rebinds: Bool
  private var active = false
  private let lock = NSLock()
  private var storedFailure: SDLError?

  init(gl: GLWindowPresenter, vsync: SwapVSync, rebinds: Bool) {
    self.gl = gl
    self.vsync = vsync
    self.rebinds = rebinds
  }

  /// The first GL error met on the render thread, for the app thread to throw.
  var failure: SDLError? { lock.withLock { storedFailure } }

  func present(_ frame: RenderServerFrame) -> CFTimeInterval {
    do throws(SDLError) {
      if !active {
        try gl.activate()
        active = true
      } else if rebinds {
        try gl.makeCurrentAgain()
      }
      guard let bitmap = FrameBitmap(frame.bitmap) else { return frame.time }
      try gl.draw(.bitmap(bitmap, damage: frame.damage))
      let start = CASystemClock.now()
      let end = gl.swap()
      vsync.noteSwap(start: start, end: end, vsync: gl.isVsyncEnabled)
      return end
    } catch {
      lock.withLock { if storedFailure == nil { storedFailure = error } }
      return frame.time
    }
  }

  func renderThreadWillEnd() {
    if active, rebinds { try? gl.makeCurrentAgain() }
    if active { gl.deactivate() }
    active = false
  }
}

internal import CSDL2
import Foundation

/// A window that shows LayerKit frames: the SDL2 host.
///
/// The host owns an SDL window (resizable, HiDPI-aware), an `SDL_Renderer` and one
/// streaming texture. Every frame, the app hands it premultiplied RGBA pixels — usually
/// a `CGImage` rendered by `CARenderer` — with the rectangles that changed, and the host
/// uploads only those and presents. Input arrives as ``HostEvent``s in points with a
/// top-left origin, the root layer's coordinate space, ready for `hitTest(_:)`.
///
/// ```swift
/// let host = try LayerHost(configuration: .init(title: "Hello"))
/// try host.run(onEvent: { event in
///   if case .keyDown(let key) = event, key.key == "Escape" { host.stop() }
/// }) { frame in
///   .image(renderer.render(
///     width: frame.pixelWidth, height: frame.pixelHeight, scale: frame.scale))
/// }
/// ```
///
/// With ``Configuration/presentation`` set to ``Presentation/renderThread``
/// the window gets a GL context instead of an `SDL_Renderer`, and frames are uploaded,
/// drawn and swapped on another thread (``GLWindowPresenter``), the host's own or a render
/// server's (``takePresenter()``); without GL the host falls back to the renderer and says
/// why (``presentationFallback``). Every presented frame is recorded in ``framePacing``:
/// Apple's hitch time ratio and the input-to-present latency.
///
/// Hosts are confined to the thread that created them, as SDL's video functions are.
/// SDL is initialised when the first host opens and shut down when the last closes, so
/// hosts can be created and closed repeatedly. SDL's event queue is shared by the
/// process: while several hosts are open, each drains events for all of them and keeps
/// only its own window's.
public final class LayerHost {
  /// The configuration the host was opened with.
  public let configuration: Configuration
  /// The clock read at the start of every frame.
  public var clock: any CAClock
  /// The SDL video driver in use (`"x11"`, `"wayland"`, `"dummy"`, …).
  public let videoDriver: String
  /// The SDL renderer's name (`"opengl"`, `"software"`, …), or `"gl-thread"` when the
  /// host presents through ``GLWindowPresenter`` from a render thread.
  public let rendererName: String
  /// Why a host configured for ``Presentation/renderThread`` presents on the main thread
  /// with an `SDL_Renderer` instead (GL unavailable: the SDL or GL error); nil otherwise.
  public let presentationFallback: String?
  /// The display's refresh period in seconds when the window opened (1/60 when unknown).
  public let refreshPeriod: Double
  /// When presented frames reached the screen against when they were expected, and how
  /// long inputs took to show, filled by every frame the host presents (times on
  /// `CASystemClock`'s clock). Reset it, or replace it, at will.
  public var framePacing: FramePacing
  /// The SDL window id, which SDL events for this window carry.
  public let windowID: UInt32

  var window: OpaquePointer?
  var renderer: OpaquePointer?
  var texture: StreamingTexture?
  /// The GL presenter when the host presents from a render thread.
  var glPresenter: GLWindowPresenter?
  /// The host's own thread running `glPresenter`, started by the first frame it draws.
  var presentThread: GLPresentThread?
  /// Pixels the most recent ``draw(_:)`` uploaded through GL.
  var glUploadedPixelCount = 0
  /// Whether ``takePresenter()`` handed `glPresenter` to another thread.
  var presenterTaken = false
  /// The render server of a ``runServed(context:onEvent:prepare:)`` loop while it runs.
  var activeServer: RenderServer?
  /// The presenter of the last ``runServed(context:compositor:onEvent:prepare:)`` loop.
  var servedPresenter: WindowServerPresenter?
  /// Arrival times of inputs polled and not yet shown by a presented frame.
  var pendingInputArrivals: [Double] = []
  /// When the last frame was presented, on `CASystemClock`'s clock.
  var lastPresentTime: Double?
  var translator: HostEventTranslator
  var frameIndex = 0
  var previousFrameTime: Double?
  /// Whether the window must be drawn and presented even when a frame brings nothing new
  /// (first frame, expose, resize, render device reset).
  var needsRedraw = true
  /// The index (``FrameInfo/index``) of the frame presented last; nil before the first.
  var lastPresentedFrame: Int?
  /// Where the time of the last frame run by ``step(onEvent:frame:)`` or
  /// ``run(onEvent:frame:)`` went.
  public internal(set) var lastFrameStatistics = HostFrameStatistics()
  /// False once ``stop()`` is called, or a quit or close request arrives during `run`.
  public internal(set) var isRunning = false

  /// Opens a window and its renderer.
  ///
  /// - Parameters:
  ///   - configuration: window size, title, vsync, renderer and video driver.
  ///   - clock: the clock frames are timed by; defaults to the monotonic system clock.
  /// - Throws: ``SDLError`` when SDL cannot start (no display, bad driver) or cannot
  ///   create the window or renderer. Nothing is left open after a throw.
  public init(
    configuration: Configuration = Configuration(), clock: any CAClock = CASystemClock()
  )
    throws(SDLError)
  {
    let size = configuration.size
    guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
      throw SDLError(
        function: "SDL_CreateWindow",
        message: "window size \(size.width)×\(size.height) is not at least 1×1 points")
    }
    let width = Int32(clamping: Int(min(size.width.rounded(), 1_048_576)))
    let height = Int32(clamping: Int(min(size.height.rounded(), 1_048_576)))
    self.configuration = configuration
    self.clock = clock
    videoDriver = try SDLRuntime.acquireVideo(driver: configuration.videoDriver)
    var window: OpaquePointer?
    var renderer: OpaquePointer?
    var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
    if configuration.isResizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
    let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
    var fallback: String?
    var presenter: GLWindowPresenter?
    if configuration.presentation == .renderThread {
      switch Self.openGLWindow(configuration, width: width, height: height, flags: flags) {
      case .success(let (w, made)):
        window = w
        presenter = made
      case .failure(let error):
        fallback = error.description
        Self.reportFallback(error)
      }
    }
    presentationFallback = fallback
    do throws(SDLError) {
      if let window, let presenter {
        rendererName = "gl-thread"
        let id = try Self.windowID(of: window)
        windowID = id
        translator = HostEventTranslator(windowID: id)
        refreshPeriod = Self.refreshPeriod(of: window)
        framePacing = FramePacing(refreshPeriod: refreshPeriod)
        self.window = window
        glPresenter = presenter
        return
      }
      let w = try SDLCall.nonNull("SDL_CreateWindow") {
        SDL_CreateWindow(configuration.title, centered, centered, width, height, flags)
      }
      window = w
      var rendererFlags: UInt32 = configuration.vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
      if configuration.renderer == .software { rendererFlags |= SDL_RENDERER_SOFTWARE.rawValue }
      let r = try SDLCall.nonNull("SDL_CreateRenderer") { SDL_CreateRenderer(w, -1, rendererFlags) }
      renderer = r
      var info = SDL_RendererInfo()
      try SDLCall.check("SDL_GetRendererInfo") { SDL_GetRendererInfo(r, &info) }
      rendererName = info.name.map { String(cString: $0) } ?? "unknown"
      let id = try Self.windowID(of: w)
      windowID = id
      translator = HostEventTranslator(windowID: id)
      refreshPeriod = Self.refreshPeriod(of: w)
      framePacing = FramePacing(refreshPeriod: refreshPeriod)
      texture = StreamingTexture(
        renderer: r,
        format: configuration.textureFormatOverride ?? StreamingTexture.preferredFormat(info))
    } catch {
      presenter?.destroyContext()
      if let renderer { SDL_DestroyRenderer(renderer) }
      if let window { SDL_DestroyWindow(window) }
      SDLRuntime.releaseVideo()
      throw error
    }
    self.window = window
    self.renderer = renderer
  }

  deinit {
    close()
  }

  /// Destroys the texture, renderer and window, and shuts SDL down if this was the last
  /// host. Calling it again does nothing; the host cannot be used afterwards.
  public func close() {
    guard let window else { return }
    // The host's present thread releases the context before it is deleted.
    presentThread?.stop()
    presentThread = nil
    glPresenter?.destroyContext()
    glPresenter = nil
    texture = nil
    if let renderer { SDL_DestroyRenderer(renderer) }
    SDL_DestroyWindow(window)
    self.renderer = nil
    self.window = nil
    isRunning = false
    SDLRuntime.releaseVideo()
  }

  /// Whether ``close()`` has been called.
  public var isClosed: Bool { window == nil }

  /// The window title.
  public var title: String {
    get { window.map { String(cString: SDL_GetWindowTitle($0)) } ?? configuration.title }
    set { if let window { SDL_SetWindowTitle(window, newValue) } }
  }

  /// The window's size in points and its framebuffer size in pixels.
  public var size: WindowSize {
    guard let window else {
      return WindowSize(pointSize: .zero, pixelWidth: 0, pixelHeight: 0)
    }
    var w: Int32 = 0
    var h: Int32 = 0
    var pw: Int32 = 0
    var ph: Int32 = 0
    SDL_GetWindowSize(window, &w, &h)
    if glPresenter != nil {
      SDL_GL_GetDrawableSize(window, &pw, &ph)
    } else if renderer.map({ SDL_GetRendererOutputSize($0, &pw, &ph) }) ?? -1 < 0 {
      SDL_GetWindowSizeInPixels(window, &pw, &ph)
    }
    return WindowSize(
      pointSize: CGSize(width: Int(w), height: Int(h)), pixelWidth: Int(pw), pixelHeight: Int(ph))
  }

  /// Pixels per point of the window's framebuffer.
  public var scale: CGFloat { size.scale }

  /// Pixels uploaded to the texture by the most recent ``draw(_:)``.
  public var lastUploadedPixelCount: Int {
    glPresenter != nil ? glUploadedPixelCount : texture?.lastUploadedPixelCount ?? 0
  }

  /// The pixel format of the streaming texture (an `SDL_PixelFormatEnum` value).
  public var textureFormat: UInt32 { texture?.format ?? 0 }

  /// SDL's id for `window`.
  static func windowID(of window: OpaquePointer) throws(SDLError) -> UInt32 {
    try SDLCall.nonNull("SDL_GetWindowID") { () -> UInt32? in
      let id = SDL_GetWindowID(window)
      return id == 0 ? nil : id
    }
  }

  /// The window, or a typed error once the host is closed.
  @discardableResult
  func requireOpen(_ function: String) throws(SDLError) -> OpaquePointer {
    guard let window else { throw SDLError(function: function, message: "the host is closed") }
    return window
  }

  /// The SDL renderer, or a typed error once the host is closed.
  func requireRenderer(_ function: String) throws(SDLError) -> OpaquePointer {
    guard let renderer else {
      throw SDLError(function: function, message: "the host is closed")
    }
    return renderer
  }
}

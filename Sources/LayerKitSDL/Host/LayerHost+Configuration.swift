import Foundation

extension LayerHost {
  /// How a ``LayerHost`` opens its window and renderer.
  public struct Configuration: Sendable {
    /// The window title; defaults to "LayerKit".
    public var title: String
    /// The window's initial size in points; defaults to 800 × 600.
    public var size: CGSize
    /// Whether the user can resize the window; defaults to true.
    public var isResizable: Bool
    /// Whether presenting waits for the display's vertical blank; defaults to true.
    public var vsync: Bool
    /// Which SDL renderer to use; defaults to ``RendererKind/automatic``.
    public var renderer: RendererKind
    /// The SDL video driver (`"x11"`, `"wayland"`, `"dummy"` for no display…), or nil
    /// (the default) for SDL's choice, which honours the `SDL_VIDEODRIVER` variable.
    /// SDL's choice never settles on a driver that shows nothing (`offscreen`, `dummy`):
    /// without a display, opening the host throws instead, unless such a driver is named
    /// here or in `SDL_VIDEODRIVER`.
    public var videoDriver: String?
    /// The most frames per second ``LayerHost/run(onEvent:frame:)`` draws; the loop
    /// waits out the rest of each frame's share. Nil for no limit. Defaults to 120, which
    /// keeps a loop whose presents do not wait for vsync (a virtual display, vsync off)
    /// from spinning a core. Rates below 1 count as 1.
    public var maximumFrameRate: Double?
    /// Which thread presents frames; defaults to ``LayerHost/Presentation/mainThread``.
    public var presentation: Presentation
    /// Forces the streaming texture's pixel format (an `SDL_PixelFormatEnum` value)
    /// instead of the renderer's preferred one, to exercise the conversion path.
    package var textureFormatOverride: UInt32?

    public init(
      title: String = "LayerKit", size: CGSize = CGSize(width: 800, height: 600),
      isResizable: Bool = true, vsync: Bool = true, renderer: RendererKind = .automatic,
      videoDriver: String? = nil, maximumFrameRate: Double? = 120,
      presentation: Presentation = .mainThread
    ) {
      self.title = title
      self.size = size
      self.isResizable = isResizable
      self.vsync = vsync
      self.renderer = renderer
      self.videoDriver = videoDriver
      self.maximumFrameRate = maximumFrameRate
      self.presentation = presentation
    }
  }

  /// Which thread a host presents its frames on.
  public enum Presentation: Sendable, Equatable {
    /// An `SDL_Renderer` and a streaming texture on the thread that made the host (SDL's
    /// rule for its 2D renderer): a busy app thread presents nothing.
    case mainThread
    /// A GL context made with the window and used from one other thread
    /// (``GLWindowPresenter``), so that frames keep reaching the screen while the app's
    /// thread is busy. Without GL (a driver with no GL, a context that cannot be made, GL
    /// below 3.0) the host falls back to ``mainThread`` and says why once, in
    /// ``LayerHost/presentationFallback`` and the `LayerKit` log.
    case renderThread
  }

  /// The kind of SDL renderer a host draws with.
  public enum RendererKind: Sendable {
    /// SDL's first working renderer, GPU-accelerated when one is available.
    case automatic
    /// SDL's software renderer: the same pixels everywhere, no GPU needed.
    case software
  }
}

import LayerKit
import LayerKitSDL

/// Renders scenes without a window: a manual clock, a context, the compositor.
public enum SceneRenderer {
  /// Installs the default fonts once (DejaVu Sans, Noto Sans CJK JP) so text draws glyphs
  /// rather than `.notdef` boxes. Safe from any thread.
  public static func installFonts() {
    _ = fontsInstalled
  }

  private static let fontsInstalled: Bool = (try? FreeTypeFonts.installDefault()) != nil

  /// The scene at `request.time` seconds, paused there, as an image of the requested
  /// size. Deterministic: the same request gives the same bytes.
  public static func render<S: DemoScene>(_ type: S.Type, _ request: DemoFrameRequest) -> CGImage {
    render(request) { root, context in SceneDriver(S.self, in: root, context: context) }
  }

  /// The scene `makeDriver` runs in the root it is given, at `request.time` seconds, paused
  /// there, as an image of the requested size.
  public static func render(
    _ request: DemoFrameRequest, makeDriver: (CALayer, CAContext) -> SceneDriver
  ) -> CGImage {
    installFonts()
    let limit = 8192
    let width = min(max(1, request.pixelWidth), limit)
    let height = min(max(1, request.pixelHeight), limit)
    let scale = request.scale.isFinite && request.scale > 0 ? request.scale : 1
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
    root.anchorPoint = .zero
    root.backgroundColor = DemoStyle.background
    context.layer = root
    context.commit()
    let driver = makeDriver(root, context)
    driver.seek(to: request.time.isFinite ? request.time : 0)
    // One host frame at the seek time, so display links fire as the viewer's would.
    context.advance(by: 0)
    return CARenderer(context: context).render(width: width, height: height, scale: scale)
  }

  /// A catalog entry for a scene type.
  public static func info<S: DemoScene>(_ type: S.Type) -> DemoInfo {
    DemoInfo(
      name: S.name, title: S.title, duration: S.duration,
      makeDriver: { container, context in SceneDriver(S.self, in: container, context: context) },
      render: { request in render(S.self, request) })
  }
}

import Foundation
import LayerKit
import LayerKitDemos
import LayerKitGL
import LayerKitSDL

/// The viewer's window: a ``ViewerController`` (gallery, demo, timeline, overlays,
/// inspector, all layers) in a ``LayerHost``.
///
/// A Lottie file given on the command line plays first, as a scene, with the same tools.
///
/// Keys: ↑/↓ or 1–9 pick a demo; Space pauses; ←/→ step a frame; S slow motion; R
/// restarts; O overlays; I inspector; P screenshot (into `./screenshots/`); B blocks the
/// app thread (this event handler sleeps) for 0.5 s; Escape quits. The frame-time panel
/// shows the host's hitch time ratio and input-to-present latency (`LayerHost.framePacing`).
final class InteractiveViewer {
  private let host: LayerHost
  private let controller: ViewerController
  private let options: ViewerAction.WindowOptions
  private var framesShown = 0

  init(_ options: ViewerAction.WindowOptions) throws(ViewerError) {
    self.options = options
    var demos = DemoCatalog.all
    if let file = options.lottie {
      let animation = try HeadlessRenderer.loadLottie(file)
      let name = URL(fileURLWithPath: file).lastPathComponent
      demos.insert(LottieFileScene.demo(animation: animation, fileName: name), at: 0)
    }
    guard !demos.isEmpty else { throw .noDemos }
    var first = 0
    if let name = options.demo {
      guard let index = demos.firstIndex(where: { $0.name == name }) else {
        throw .unknownDemo(name, available: demos.map(\.name))
      }
      first = index
    }
    if options.backend == .gl {
      // The GL backend composites on the window's own context. Where that context cannot
      // take it, the backend's headless EGL context and the window's take turns on the
      // render thread: SDL then makes the window's through EGL too (GLX refuses a context
      // switched away to another API's). A value the user set wins.
      setenv("SDL_VIDEO_X11_FORCE_EGL", "1", 0)
    }
    do {
      host = try LayerHost(
        configuration: .init(
          title: "LayerKit", size: CGSize(width: options.width, height: options.height),
          vsync: options.vsync, presentation: options.glThread ? .renderThread : .mainThread))
    } catch {
      let environment = ProcessInfo.processInfo.environment
      guard let display = environment["DISPLAY"] ?? environment["WAYLAND_DISPLAY"],
        !display.isEmpty
      else { throw .noDisplay }
      throw .windowUnavailable(display: display, error)
    }
    if let reason = host.presentationFallback {
      print("--gl-thread: \(reason); presenting on the main thread")
    }
    controller = ViewerController(clock: host.clock, demos: demos, first: first)
    // The B key: the app thread (this one, which also presents) sleeps, as a slow event
    // handler, layout or draw would; the panel's hitch time ratio shows the cost.
    controller.blockAppThread = { seconds in Thread.sleep(forTimeInterval: seconds) }
    updateTitle()
  }

  /// Runs until the window closes, Escape is pressed or the frame limit is reached, then
  /// saves the screenshot if one was asked for.
  func run() throws(ViewerError) {
    defer { host.close() }
    do {
      // Presenting from a render thread: a render server draws and presents there, so
      // the B key's blocked app thread freezes no animation. With `--backend gl` it
      // composites on the window's GL context and the frame goes to the window on the GPU.
      let compositor: CARenderer.Backend = options.backend == .gl ? .gl : .cpu
      let served = try host.runServed(
        context: controller.context, compositor: compositor, onEvent: handle,
        prepare: { info in
          prepareCommon(info)
          let report = host.servedCompositor?.description ?? "starting"
          controller.compositorDescription = "render server · " + report
          controller.prepareModel(info)
        })
      if !served {
        // The previous frame uploads on a worker while the next one is prepared.
        try host.run(
          onEvent: handle, prepare: { info in prepare(info) },
          frame: { info in controller.compositeFrame(info) })
      }
      if let path = options.screenshot {
        let image: CGImage
        if served {
          // The window's pixels belong to the render thread: the same frame, drawn here.
          let info = host.nextFrameInfo()
          image = CARenderer(context: controller.context).render(
            width: info.pixelWidth, height: info.pixelHeight, scale: info.scale)
        } else {
          // The texture still holds the last frame: draw it again and read it back.
          try host.draw(.unchanged)
          image = try host.readPixels()
        }
        try HeadlessRenderer.writePNG(image, to: URL(fileURLWithPath: path))
        print("screenshot → \(URL(fileURLWithPath: path).path)")
      }
    } catch let error as SDLError {
      throw .sdlFailed(error)
    } catch let error as ViewerError {
      throw error
    } catch {
      throw .sdlFailed(SDLError(function: "layerkit-viewer", message: "\(error)"))
    }
  }

  private func handle(_ event: HostEvent) {
    let before = controller.screenshots.count
    controller.handle(event)
    if controller.screenshots.count > before, let path = controller.screenshots.last {
      print("screenshot → \(path)")
      fflush(nil)  // at once, also when standard output is a pipe
    }
    if controller.wantsToQuit { host.stop() }
    updateTitle()
  }

  private func prepare(_ info: FrameInfo) {
    prepareCommon(info)
    controller.prepareFrame(info)
  }

  /// What every frame does first: counts it, and hands the host's figures to the panel.
  private func prepareCommon(_ info: FrameInfo) {
    framesShown += 1
    if let limit = options.quitAfterFrames, framesShown >= limit { host.stop() }
    controller.hostStatistics = host.lastFrameStatistics
    controller.framePacing = host.framePacing.summary
  }

  private func updateTitle() {
    var title = "LayerKit - \(controller.demo.title)"
    if controller.driver?.isPaused == true { title += " - paused" }
    if host.title != title { host.title = title }
  }
}

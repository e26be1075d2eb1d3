import Foundation
import LayerKitDemos
import LayerKitSDL

/// The viewer's window: shows one demo at a time, looping, with the frame rate in the title.
///
/// Keys: Escape quits, Space pauses and resumes, R restarts the demo, Left and Right
/// switch demos. Only the pixels that changed since the last frame are uploaded.
final class InteractiveViewer {
  private let demos: [DemoInfo]
  private var current: Int
  private let host: LayerHost
  /// The host clock time at which the demo's time was 0.
  private var start: Double
  /// The demo time at which it was paused, while paused.
  private var pausedAt: Double?
  private var previous: CGImage?
  private var fpsWindowStart: Double
  private var fpsFrames = 0
  private var fps: Double?
  private let options: ViewerCommand.WindowOptions
  private var framesShown = 0

  init(_ options: ViewerCommand.WindowOptions) throws(ViewerError) {
    self.options = options
    demos = DemoCatalog.all
    guard !demos.isEmpty else { throw .noDemos }
    current = 0
    if let name = options.demo {
      guard let index = demos.firstIndex(where: { $0.name == name }) else {
        throw .unknownDemo(name, available: demos.map(\.name))
      }
      current = index
    }
    do {
      host = try LayerHost(
        configuration: .init(
          title: "LayerKit", size: CGSize(width: options.width, height: options.height),
          vsync: options.vsync))
    } catch {
      throw .windowUnavailable(error)
    }
    start = host.clock.time
    fpsWindowStart = start
    updateTitle()
  }

  /// Runs until the window closes, Escape is pressed or the frame limit is reached, then
  /// saves the screenshot if one was asked for.
  func run() throws(ViewerError) {
    defer { host.close() }
    do {
      try host.run(onEvent: handle) { info in frame(info) }
      if let path = options.screenshot {
        // The texture still holds the last frame: draw it again and read it back.
        try host.draw(.unchanged)
        try HeadlessRenderer.writePNG(try host.readPixels(), to: URL(fileURLWithPath: path))
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
    guard case .keyDown(let key) = event else { return }
    let now = host.clock.time
    switch key.key {
    case "Escape":
      host.stop()
    case "Space":
      if let pausedAt {
        start = now - pausedAt
        self.pausedAt = nil
      } else {
        pausedAt = now - start
      }
    case "R":
      start = now
      if pausedAt != nil { pausedAt = 0 }
    case "Left", "Right":
      current = (current + (key.key == "Left" ? demos.count - 1 : 1)) % demos.count
      start = now
      pausedAt = nil
    default:
      return
    }
    updateTitle()
  }

  private func frame(_ info: FrameInfo) -> FrameOutput {
    countFrame(at: info.time)
    framesShown += 1
    if let limit = options.quitAfterFrames, framesShown >= limit { host.stop() }
    let demo = demos[current]
    let elapsed = pausedAt ?? (info.time - start)
    let time = demo.duration > 0 ? elapsed.truncatingRemainder(dividingBy: demo.duration) : elapsed
    let image = demo.render(
      DemoFrameRequest(
        time: time, pixelWidth: max(1, info.pixelWidth), pixelHeight: max(1, info.pixelHeight),
        scale: info.scale))
    let damage = FrameDamage.changedRects(from: previous, to: image)
    previous = image
    if damage?.isEmpty == true { return .unchanged }
    return .image(image, damage: damage)
  }

  private func countFrame(at time: Double) {
    fpsFrames += 1
    let span = time - fpsWindowStart
    if span >= 1 {
      fps = Double(fpsFrames) / span
      fpsFrames = 0
      fpsWindowStart = time
      updateTitle()
    }
  }

  private func updateTitle() {
    var title = "LayerKit - \(demos[current].title)"
    if let fps { title += String(format: " - %.0f fps", fps) }
    if pausedAt != nil { title += " - paused" }
    host.title = title
  }
}

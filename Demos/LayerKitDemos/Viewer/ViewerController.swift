import Foundation
import LayerKit
import LayerKitSDL

/// The interactive viewer's state and behaviour, drawn entirely with layers.
///
/// The window is one layer tree: a gallery column on the left, the demo's container in
/// the middle, a timeline bar under it, an inspector column on the right and an overlay
/// layer over the demo. Each frame, ``frame(_:)`` fires the scene's cues, refreshes the
/// chrome with actions disabled, commits and composites the tree with `CARenderer`,
/// returning only the damaged rectangles. Input arrives as ``HostEvent``s.
///
/// Keys: ↑/↓ or 1–9 pick a demo; Space pauses and resumes (the stage's speed and
/// timeOffset); ←/→ step one frame; S toggles 0.1× slow motion; R restarts; O toggles the
/// bounds and anchor-point overlay; I toggles the inspector; P saves a screenshot into
/// ``screenshotDirectory`` (`./screenshots/`); B blocks the app thread for
/// ``appThreadBlockDuration`` (through ``blockAppThread``), so a hitch shows in the panel;
/// Escape quits. Click a demo layer to inspect it; click or drag on the scrub bar to seek.
public final class ViewerController {
  public let context: CAContext
  public let root = CALayer()
  let chrome: ViewerChrome
  public let demos: [DemoInfo]
  public private(set) var current: Int
  /// The running scene's driver (nil for demos drawn straight into pixels).
  public private(set) var driver: SceneDriver?
  /// The layer the inspector shows, a model layer of the current demo.
  public private(set) weak var inspected: CALayer?
  public var showsOverlays = false
  public var showsInspector = true
  /// Where screenshots go: `screenshots/` in the current directory, created on the first
  /// one. The file name is `layerkit-NAME-N.png` with the first N not already taken.
  public var screenshotDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    .appendingPathComponent("screenshots", isDirectory: true)
  /// Paths of the screenshots written so far.
  public private(set) var screenshots: [String] = []
  /// Set when Escape was pressed.
  public private(set) var wantsToQuit = false

  /// The host's statistics for the previous frame (upload and present), set by the window
  /// before each ``frame(_:)`` for the frame-time panel.
  public var hostStatistics: HostFrameStatistics?
  /// The host's frame pacing (hitch time ratio, input latency), set by the window before
  /// each frame for the frame-time panel; nil hides the line.
  public var framePacing: FramePacing.Summary?
  /// Where the window's frames are drawn, for the frame-time panel's top line (set by the
  /// window: "render server · GL …" or "… CPU (why)"); nil shows nothing.
  public var compositorDescription: String?
  /// What the B key calls with ``appThreadBlockDuration``: the window blocks its app thread
  /// (sleeps) for that long, to show what a busy app thread does to the frames on screen.
  /// Nil (the default, and in tests) blocks nothing.
  public var blockAppThread: ((Double) -> Void)?
  /// Seconds the B key blocks the app thread: 0.5.
  public static let appThreadBlockDuration = 0.5
  /// How many times the B key asked to block the app thread.
  public private(set) var appThreadBlocks = 0
  private let renderer: CARenderer
  private var bitmap: FrameBitmap?
  /// The frame-time panel over the demo's top-right corner.
  let frameTimes = FrameTimeOverlay()
  /// Evaluate and composite seconds of the previous frame, waiting for its host times.
  private var pendingSample: FrameTimeOverlay.Sample?
  /// When `prepareFrame` started and ended, for the frame-time sample.
  private var preparedAt: (Double, Double)?
  private var size = CGSize(width: 1, height: 1)
  private var scrubbing = false
  private var draggingScene = false

  /// Makes the viewer's tree on `clock` (the host's) showing demo `first`.
  public init(clock: any CAClock, demos: [DemoInfo] = DemoCatalog.all, first: Int = 0) {
    SceneRenderer.installFonts()
    context = CAContext(clock: clock)
    self.demos = demos
    current = min(max(0, first), max(0, demos.count - 1))
    chrome = ViewerChrome(root: root)
    context.layer = root
    renderer = CARenderer(context: context)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    chrome.fpsLabel.isHidden = true
    root.addSublayer(frameTimes.layer)
    CATransaction.commit()
    context.commit()
    select(current)
  }

  /// The current demo.
  public var demo: DemoInfo { demos[current] }

  /// Shows demo `index` from its start.
  public func select(_ index: Int) {
    guard demos.indices.contains(index) else { return }
    current = index
    inspected = nil
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    for layer in chrome.container.sublayers ?? [] { layer.removeFromSuperlayer() }
    CATransaction.commit()
    driver = demos[index].makeDriver?(chrome.container, context)
    chrome.showPattern(driver == nil)
    refresh(now: context.time)
  }

  /// Handles one input event.
  public func handle(_ event: HostEvent) {
    switch event {
    case .keyDown(let key): handleKey(key.key)
    case .mouseDown(let mouse): press(mouse.location)
    case .mouseMoved(let mouse) where !mouse.pressedButtons.isEmpty: drag(mouse.location)
    case .mouseUp(let mouse):
      if draggingScene {
        driver?.handle(.release(chrome.container.convert(mouse.location, from: root)))
      }
      scrubbing = false
      draggingScene = false
    case .scrollWheel(let wheel) where wheel.location.x < ViewerChrome.galleryWidth:
      // SDL's wheel is positive away from the user: that shows earlier rows.
      chrome.scrollList(by: -wheel.deltaY * ViewerChrome.rowHeight, rows: demos.count)
    case .resized(let window): layout(window.pointSize)
    case .quit, .closeRequested: wantsToQuit = true
    default: break
    }
  }

  /// Plays the section after the one playing (the first when the whole run plays), and
  /// the whole run again after the last.
  private func playNextSegment() {
    guard let driver else { return }
    let segments = driver.segments
    let current = segments.firstIndex { $0.range == driver.segment }
    let next = current.map { $0 + 1 } ?? 0
    driver.playSegment(next < segments.count ? segments[next].range : nil)
  }

  private func handleKey(_ key: String) {
    switch key {
    case "Escape": wantsToQuit = true
    case "Up": select((current + demos.count - 1) % demos.count)
    case "Down": select((current + 1) % demos.count)
    case "Space": driver?.togglePause()
    case "Left": driver?.step(by: -1.0 / 60)
    case "Right": driver?.step(by: 1.0 / 60)
    case "S": driver?.setRate(driver?.rate == 1 ? 0.1 : 1)
    case "R": driver?.restart()
    case "O": showsOverlays.toggle()
    case "I": showsInspector.toggle()
    case "P": saveScreenshot()
    case "M": playNextSegment()
    case "B":
      appThreadBlocks += 1
      blockAppThread?(Self.appThreadBlockDuration)
    default:
      if let n = Int(key), n >= 1, n <= demos.count {
        select(n - 1)
      } else {
        _ = driver?.handle(.key(key))
      }
    }
  }

  private func press(_ point: CGPoint) {
    if let (name, value) = chrome.slider(at: point, parameters: driver?.parameters ?? []) {
      driver?.setParameter(name, to: value)
    } else if let row = chrome.galleryRow(at: point, count: demos.count) {
      select(row)
    } else if let fraction = chrome.scrubFraction(at: point), let driver {
      scrubbing = true
      driver.seek(to: fraction * driver.duration)
    } else if chrome.container.frame.contains(point), let driver {
      let local = chrome.container.convert(point, from: root)
      if driver.handle(.press(local)) {
        draggingScene = true
      } else {
        inspect(at: point)
      }
    }
  }

  private func drag(_ point: CGPoint) {
    if scrubbing, let driver, let fraction = chrome.scrubFraction(at: point, clamped: true) {
      driver.seek(to: fraction * driver.duration)
    } else if draggingScene {
      driver?.handle(.drag(chrome.container.convert(point, from: root)))
    }
  }

  /// Selects the frontmost demo layer under `point` (window points) in the presentation
  /// tree, for the inspector.
  public func inspect(at point: CGPoint) {
    guard let stage = driver?.stage, let presented = root.presentation() else { return }
    let hit = presented.hitTest(point)?.model()
    var layer = hit
    while let candidate = layer, candidate !== stage, candidate.superlayer != nil {
      if candidate.name != nil || candidate.superlayer?.name == "canvas" { break }
      layer = candidate.superlayer
    }
    guard let layer, layer !== stage, isDescendant(layer, of: stage) else {
      inspected = nil
      return
    }
    inspected = layer
  }

  private func isDescendant(_ layer: CALayer, of ancestor: CALayer) -> Bool {
    var node: CALayer? = layer
    while let n = node {
      if n === ancestor { return true }
      node = n.superlayer
    }
    return false
  }

  /// Lays the chrome out for a window of `pointSize`.
  public func layout(_ pointSize: CGSize) {
    guard pointSize != size, pointSize.width >= 1, pointSize.height >= 1 else { return }
    size = pointSize
    chrome.layout(pointSize)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    let demo = chrome.container.frame
    frameTimes.layout(CGRect(x: demo.maxX - 350, y: demo.minY + 6, width: 340, height: 96))
    CATransaction.commit()
    driver?.layout()
    driver.map { _ in
      for layer in chrome.container.sublayers ?? [] {
        for canvas in layer.sublayers ?? [] where canvas.name == "canvas" {
          CATransaction.begin()
          CATransaction.setDisableActions(true)
          DemoStyle.fit(canvas, in: layer.bounds)
          CATransaction.commit()
        }
      }
    }
  }

  /// Renders one frame of the window: only the damaged rectangles of a persistent bitmap,
  /// handed to the host without a copy (``FrameOutput/unchanged`` when nothing changed).
  public func frame(_ info: FrameInfo) -> FrameOutput {
    prepareFrame(info)
    return compositeFrame(info)
  }

  /// The first part of ``frame(_:)``: the scene's cues, the chrome, the commit, the
  /// evaluation and the render tree, without touching the window's bitmap (so it can run
  /// while the previous frame is uploaded, `LayerHost.run(onEvent:prepare:frame:)`).
  public func prepareFrame(_ info: FrameInfo) {
    prepareModel(info)
    renderer.prepareFrame(width: info.pixelWidth, height: info.pixelHeight, scale: info.scale)
  }

  /// The app thread's part of a frame: the scene's cues, the chrome, the commit and the
  /// evaluation (with the delegates, completion blocks and display links), without the
  /// render tree: what a window whose render server draws (`LayerHost.runServed`) runs
  /// each frame before it commits.
  public func prepareModel(_ info: FrameInfo) {
    let started = FrameTimeOverlay.now()
    if var sample = pendingSample, let host = hostStatistics {
      sample.upload = host.upload
      sample.present = host.present
      frameTimes.record(sample)
    }
    layout(info.pointSize)
    if let driver {
      driver.tick()
      driver.loopSegment()
      if !driver.isPaused, driver.time > driver.duration + 1 { driver.restart() }
    }
    refresh(now: info.time)
    // Commits, evaluates and fires the display links attached to the context (the
    // display-link scene's app loop), as a host frame does.
    context.advance(by: 0)
    if bitmap?.context.width != info.pixelWidth || bitmap?.context.height != info.pixelHeight {
      bitmap = CGContext(width: max(1, info.pixelWidth), height: max(1, info.pixelHeight))
        .flatMap(FrameBitmap.init)
    }
    preparedAt = (started, FrameTimeOverlay.now())
  }

  /// The second part of ``frame(_:)``: composites the prepared frame into the window's
  /// bitmap and returns its damage.
  public func compositeFrame(_ info: FrameInfo) -> FrameOutput {
    guard let bitmap else { return .unchanged }
    let (started, prepared) = preparedAt ?? (FrameTimeOverlay.now(), FrameTimeOverlay.now())
    preparedAt = nil
    let damage = renderer.render(in: bitmap.context, scale: info.scale)
    let s = renderer.lastFrameStatistics
    // Evaluate: the scene's cues, the chrome, the commit and the presentation; composite:
    // the render tree, its damage and the pixels.
    pendingSample = FrameTimeOverlay.Sample(
      evaluate: prepared - started + s.evaluation, composite: s.treeBuild + s.compositing,
      upload: 0,
      present: 0)
    return damage.isEmpty ? .unchanged : .bitmap(bitmap, damage: damage)
  }

  /// The last frame rendered (a copy of the window's bitmap).
  public var lastFrame: CGImage? { bitmap?.context.makeImage() }

  private func refresh(now: Double) {
    chrome.update(
      demos: demos, current: current, driver: driver, fps: nil, showsOverlays: showsOverlays,
      inspected: showsInspector ? inspected : nil, patternTime: now)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    frameTimes.pacing = framePacing
    frameTimes.compositor = compositorDescription
    frameTimes.refresh(now: now)
    CATransaction.commit()
  }

  /// Writes the last frame as a PNG into ``screenshotDirectory``.
  @discardableResult
  public func saveScreenshot() -> String? {
    guard let image = lastFrame, let png = image.pngData() else { return nil }
    var number = screenshots.count + 1
    var url: URL {
      screenshotDirectory.appendingPathComponent("layerkit-\(demo.name)-\(number).png")
    }
    while FileManager.default.fileExists(atPath: url.path) { number += 1 }
    do {
      try FileManager.default.createDirectory(
        at: screenshotDirectory, withIntermediateDirectories: true)
      try png.write(to: url)
    } catch {
      return nil
    }
    screenshots.append(url.path)
    return url.path
  }
}

import Foundation
import LayerKit
import LayerKitDemos

// layerkit-server-bench [--seconds S] [--demo NAME] [--width W --height H --scale K]
// Plays every demo in real time through a threaded RenderServer paced by a ClockVSync at
// 60 Hz (default 2560×1440 @2, the same 1280×720-point layout as the display bench), with
// the app thread committing once per refresh period, an input answered every tenth app
// frame (a small layer toggled, committed at once), and the app thread blocked for 0.5 s
// in the middle of the run. The presenter copies each frame's damaged rows into a
// texture-sized buffer (the headless stand-in for the window's upload) and reports the
// time it finished as the frame's present time. Prints one Markdown row per demo from the
// server's FramePacing: presented frames, hitch time ratio (ms/s) over the whole run and
// over the blocked half second, and the input-to-present latency p50/p99 in refresh periods.

var args = CommandLine.arguments.dropFirst()
var seconds = 3.0
var onlyDemo: String?
var width = 2560
var height = 1440
var scale: CGFloat = 2
while let a = args.popFirst() {
  switch a {
  case "--seconds": seconds = Double(args.popFirst() ?? "") ?? 3
  case "--demo": onlyDemo = args.popFirst()
  case "--width": width = Int(args.popFirst() ?? "") ?? 2560
  case "--height": height = Int(args.popFirst() ?? "") ?? 1440
  case "--scale": scale = CGFloat(Double(args.popFirst() ?? "") ?? 2)
  default: break
  }
}

/// Copies the damaged rows into a texture-sized buffer and says when it was done.
final class UploadingPresenter: RenderServerPresenter, @unchecked Sendable {
  // Sendable: `texture` is touched on the render thread only; `blockedFrames` under `lock`.
  let texture: UnsafeMutableRawPointer
  let lock = NSLock()
  var block: ClosedRange<Double>?
  var blockedFrames: [FramePacing.Frame] = []

  init(width: Int, height: Int) {
    texture = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
  }

  deinit { texture.deallocate() }

  func present(_ frame: RenderServerFrame) -> CFTimeInterval {
    let ctx = frame.bitmap
    let pitch = ctx.width * 4
    let bounds = CGRect(x: 0, y: 0, width: ctx.width, height: ctx.height)
    let box = frame.damage.reduce(CGRect.null) { $0.union($1.intersection(bounds).integral) }
    if !box.isNull, let src = ctx.data {
      for y in Int(box.minY)..<Int(box.maxY) {
        memcpy(
          texture + y * pitch + Int(box.minX) * 4, src + y * pitch + Int(box.minX) * 4,
          Int(box.width) * 4)
      }
    }
    let shown = CACurrentMediaTime()
    lock.withLock {
      if let block, block.contains(frame.time) {
        blockedFrames.append(FramePacing.Frame(expectedPresentTime: frame.time, presentTime: shown))
      }
    }
    return shown
  }
}

/// Hitch time in ms per second over the frames expected within `window`, late by
/// FramePacing's rule.
func hitchRatio(_ frames: [FramePacing.Frame], over window: ClosedRange<Double>, period: Double)
  -> Double
{
  let rule = FramePacing(refreshPeriod: period)
  let late = frames.map(\.lateness).filter(rule.isHitch(lateness:)).reduce(0, +)
  return late * 1000 / (window.upperBound - window.lowerBound)
}

SceneRenderer.installFonts()
let period = 1.0 / 60
print(
  "| demo | size | app ms/commit | frames | hitch ms/s | blocked 0.5 s: frames, hitch ms/s "
    + "| input p50 | input p99 |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for type in DemoCatalog.sceneTypes where onlyDemo == nil || type.name == onlyDemo {
  let context = CAContext()
  let root = CALayer()
  root.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
  root.anchorPoint = .zero
  root.backgroundColor = DemoStyle.background
  context.layer = root
  let driver = SceneDriver(type, in: root, context: context)
  // The layer each input toggles, in a corner.
  let answer = CALayer()
  answer.frame = CGRect(x: 1270, y: 0, width: 10, height: 10)
  root.addSublayer(answer)
  context.commit()
  let presenter = UploadingPresenter(width: width, height: height)
  let server = RenderServer(
    context: context, mode: .threaded(ClockVSync(period: period)), presenter: presenter)
  let pace = ClockVSync(period: period)
  let frames = Int(seconds * 60)
  var blockWindow: ClosedRange<Double>?
  var commitTimes: [Double] = []
  for k in 0..<frames {
    guard let tick = pace.waitForVSync() else { break }
    if k == frames / 2 {
      // The app thread is busy for half a second.
      let start = CACurrentMediaTime()
      blockWindow = (start + period)...(start + 0.5)
      presenter.lock.withLock { presenter.block = blockWindow }
      Thread.sleep(forTimeInterval: 0.5)
    }
    driver.tick()
    if !driver.isPaused, driver.time > driver.duration + 1 { driver.restart() }
    var inputs: [CFTimeInterval] = []
    if k % 10 == 5 {
      inputs.append(CACurrentMediaTime())
      CATransaction.begin()
      CATransaction.setDisableActions(true)
      answer.backgroundColor = k % 20 == 5 ? DemoStyle.ink : nil
      CATransaction.commit()
    }
    _ = tick
    let started = CACurrentMediaTime()
    context.advance(by: 0)
    server.commit(width: width, height: height, scale: scale, inputArrivals: inputs)
    commitTimes.append(CACurrentMediaTime() - started)
  }
  server.stop()
  let pacing = server.framePacing
  let summary = pacing.summary
  let blocked = presenter.lock.withLock { presenter.blockedFrames }
  let blockedRatio = blockWindow.map { hitchRatio(blocked, over: $0, period: period) } ?? 0
  let f = { (x: Double?) -> String in x.map { String(format: "%.2f", $0) } ?? "–" }
  print(
    "| \(type.name) | \(width)×\(height) @\(Int(scale)) "
      + "| \(f(commitTimes.sorted()[commitTimes.count / 2] * 1000)) | \(summary.frameCount) "
      + "| \(f(summary.hitchTimeRatio)) | \(blocked.count), \(f(blockedRatio)) "
      + "| \(f(summary.latencyP50Periods)) | \(f(summary.latencyP99Periods)) |")
  fflush(stdout)
}

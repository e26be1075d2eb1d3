import Dispatch
import Foundation
import LayerKit
import LayerKitSDL

// layerkit-present-bench [--frames N]   (needs a display: DISPLAY, or run under xvfb-run)
// layerkit-present-bench --compositor [--frames N]: how a composited frame reaches a GL
// window instead (CompositorComparison.swift).
//
// What presenting a frame costs the app thread, on the host's two paths, doing the same
// work: N frames (default 120) of a persistent bitmap through
// `LayerHost.run(onEvent:prepare:frame:)`, each frame repainting a damaged region in the
// frame callback and handing `.bitmap(bitmap, damage:)` to the host.
//
// - main thread (the reference, today's path): `SDL_Renderer` and a streaming texture; the
//   damage's box is copied into the locked texture on a worker while the next frame is
//   prepared, then drawn and presented on the app thread.
// - render thread: `GLWindowPresenter` on the host's GL present thread; the app thread
//   queues the frame and later waits for its swap.
//
// Per frame, milliseconds: the app thread's time in the host (`HostFrameStatistics.upload
// + present`: starting and finishing the upload, drawing, presenting or waiting for the
// present thread), median and p90, and the whole loop's frames per second. Vsync is off
// (virtual displays have none), so this measures the work, not the display's rate.
// A second table scripts the viewer's B key: the app thread sleeps 0.5 s before frame 90
// of 180, and the host's `framePacing` gives the hitch time ratio and the latest frame.

var args = CommandLine.arguments.dropFirst()
var frames = 120
var compositor = false
while let a = args.popFirst() {
  if a == "--frames" { frames = max(10, Int(args.popFirst() ?? "") ?? 120) }
  if a == "--compositor" { compositor = true }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func percentile(_ xs: [Double], _ p: Double) -> Double {
  let s = xs.sorted()
  return s[min(s.count - 1, max(0, Int((Double(s.count) * p).rounded(.up)) - 1))]
}

/// Fills `rect` of `bitmap` with one opaque grey.
func paint(_ bitmap: FrameBitmap, _ rect: CGRect, level: UInt8) {
  let ctx = bitmap.context
  let pixel = UInt32(level) | UInt32(level) << 8 | UInt32(level) << 16 | 0xFF00_0000
  let px = ctx.data!.assumingMemoryBound(to: UInt32.self)
  for y in Int(rect.minY)..<Int(rect.maxY) {
    (px + y * ctx.width + Int(rect.minX)).update(repeating: pixel, count: Int(rect.width))
  }
}

struct Row {
  var size: String
  var damage: String
  var path: String
  var median: Double
  var p90: Double
  var fps: Double
  /// The host's frame pacing over the run: hitch time ratio (ms/s), latest frame (ms).
  var hitchRatio: Double
  var worstLateness: Double
}

/// Runs `count` frames; with `blockAt`, the app thread sleeps 0.5 s before that frame.
func measure(
  width: Int, height: Int, box: Int?, presentation: LayerHost.Presentation, count: Int = frames,
  blockAt: Int? = nil
) throws -> Row? {
  let host = try LayerHost(
    configuration: .init(
      title: "present bench", size: CGSize(width: width, height: height), isResizable: false,
      vsync: false, maximumFrameRate: nil, presentation: presentation))
  defer { host.close() }
  if presentation == .renderThread, !host.presentsFromRenderThread {
    FileHandle.standardError.write(Data("no GL: \(host.presentationFallback ?? "")\n".utf8))
    return nil
  }
  let size = host.size
  guard
    let bitmap = CGContext(width: size.pixelWidth, height: size.pixelHeight).flatMap(
      FrameBitmap.init)
  else { return nil }
  var hostTimes: [Double] = []
  var started = 0.0
  try host.run(
    prepare: { info in
      if info.index >= 2 {
        hostTimes.append(host.lastFrameStatistics.upload + host.lastFrameStatistics.present)
      }
      if info.index == 1 {
        started = now()
        host.framePacing.reset()
      }
      if info.index == blockAt { Thread.sleep(forTimeInterval: 0.5) }
      if info.index == count + 1 { host.stop() }
    },
    frame: { info in
      let rect: CGRect
      if let box {
        // A box moving across the frame, as an animated layer's damage.
        let x = (info.index * 37) % max(1, size.pixelWidth - box)
        let y = (info.index * 23) % max(1, size.pixelHeight - box)
        rect = CGRect(x: x, y: y, width: box, height: box)
      } else {
        rect = CGRect(x: 0, y: 0, width: size.pixelWidth, height: size.pixelHeight)
      }
      paint(bitmap, rect, level: UInt8(truncatingIfNeeded: 40 + info.index * 3))
      return .bitmap(bitmap, damage: [rect])
    })
  let elapsed = now() - started
  return Row(
    size: "\(size.pixelWidth)×\(size.pixelHeight)",
    damage: box.map { "\($0)×\($0) box" } ?? "whole frame",
    path: presentation == .mainThread ? "main thread (SDL_Renderer)" : "render thread (GL)",
    median: percentile(hostTimes, 0.5) * 1000, p90: percentile(hostTimes, 0.9) * 1000,
    fps: Double(count) / elapsed, hitchRatio: host.framePacing.hitchTimeRatio,
    worstLateness: (host.framePacing.frames.map(\.lateness).max() ?? 0) * 1000)
}

if compositor {
  runCompositorComparison(frames: frames)
  exit(0)
}

print("| size | damage | path | app thread in host, median ms | p90 ms | frames/s |")
print("|---|---|---|---:|---:|---:|")
for (width, height) in [(1280, 720), (2560, 1440)] {
  for box in [nil, 256] as [Int?] {
    for presentation in [LayerHost.Presentation.mainThread, .renderThread] {
      do {
        guard
          let r = try measure(width: width, height: height, box: box, presentation: presentation)
        else { continue }
        print(
          "| \(r.size) | \(r.damage) | \(r.path) | "
            + String(format: "%.2f | %.2f | %.0f |", r.median, r.p90, r.fps))
      } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
      }
    }
  }
}

// The viewer's B key, scripted: the app thread blocks 0.5 s before frame 90 of 180.
print()
print("App thread blocked 0.5 s before frame 90 of 180, 1280×720, 256×256 box:")
print()
print("| path | hitch time ratio, ms/s | latest frame, ms late | frames/s |")
print("|---|---:|---:|---:|")
for presentation in [LayerHost.Presentation.mainThread, .renderThread] {
  do {
    guard
      let r = try measure(
        width: 1280, height: 720, box: 256, presentation: presentation, count: 180, blockAt: 90)
    else { continue }
    print(
      "| \(r.path) | "
        + String(format: "%.1f | %.1f | %.0f |", r.hitchRatio, r.worstLateness, r.fps))
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
  }
}

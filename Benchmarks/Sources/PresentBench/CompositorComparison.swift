import Dispatch
import Foundation
import LayerKit
import LayerKitDemos
import LayerKitGL
import LayerKitSDL

// layerkit-present-bench --compositor [--frames N]
//
// What a frame costs the thread that composites and presents it, on a GL window, by the
// way the frame reaches the window, doing the same work: N frames (default 120, the first
// drawn before timing) of a demo on a manual clock at 60 fps, each composited and then
// drawn into the window's back buffer and swapped, on the thread holding the window's
// context (as a render server's thread does).
//
// - CPU compositor, uploaded: the CPU draws the damage into a bitmap, the presenter
//   uploads it into its texture and blits.
// - GL, read back and uploaded (the reference, `--backend gl` before the direct path): the
//   GL backend on its own headless EGL context draws, `glReadPixels` of the damage into the
//   bitmap, the window's context made current again, the damage uploaded and blitted.
// - GL, direct to window: the GL backend on the window's context draws into its texture,
//   which is blitted into the back buffer; nothing read back, nothing uploaded.
//
// Per frame: composite + present in ms (median, p90), and bytes read back and uploaded
// (the frame's, and the backend's layer textures'), averaged.

enum CompositorPath: String, CaseIterable {
  case cpu = "CPU compositor, uploaded"
  case readBack = "GL, read back and uploaded"
  case direct = "GL, direct to window"
}

struct CompositorRow {
  var median: Double
  var p90: Double
  var readBack: Double
  var uploaded: Double
}

/// Plays `frames` frames of `type` through `path` in a window of `width × height` pixels.
func measureCompositor(
  _ type: any DemoScene.Type, path: CompositorPath, width: Int, height: Int, scale: CGFloat,
  frames: Int
) throws -> CompositorRow? {
  let host = try LayerHost(
    configuration: .init(
      title: "compositor bench", size: CGSize(width: width, height: height), isResizable: false,
      vsync: false, maximumFrameRate: nil, presentation: .renderThread))
  defer { host.close() }
  guard let presenter = host.takePresenter() else {
    FileHandle.standardError.write(Data("no GL: \(host.presentationFallback ?? "")\n".utf8))
    return nil
  }
  nonisolated(unsafe) var outcome: Result<CompositorRow, any Error>?
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    defer { done.signal() }
    do {
      try presenter.activate()
      defer {
        // A headless backend, released at the end of `play`, made its context current.
        try? presenter.makeCurrentAgain()
        presenter.deactivate()
      }
      outcome = .success(
        try play(
          type, path: path, presenter: presenter, size: (width, height), scale: scale,
          frames: frames))
    } catch {
      outcome = .failure(error)
    }
  }
  thread.stackSize = 8 << 20
  thread.start()
  done.wait()
  return try outcome?.get()
}

private func play(
  _ type: any DemoScene.Type, path: CompositorPath, presenter: GLWindowPresenter,
  size: (Int, Int), scale: CGFloat, frames: Int
) throws -> CompositorRow {
  let (clock, driver) = SceneDriver.onManualClock(type, size: CGSize(width: 1280, height: 720))
  let context = driver.context
  var gl: GLRenderBackend?
  switch path {
  case .cpu: break
  case .readBack: gl = try GLRenderBackend()
  case .direct:
    gl = try GLRenderBackend(hostContext: presenter.hostContext)
    gl?.readsBackFrames = false
  }
  let renderer =
    gl.map { CARenderer(context: context, backend: $0) } ?? CARenderer(context: context)
  let bitmap = CGContext(width: size.0, height: size.1)!
  let frame = FrameBitmap(bitmap)!
  var times: [Double] = []
  var readBack = 0.0
  var uploaded = 0.0
  for k in -1..<frames {
    if k >= 0 { clock.advance(by: 1.0 / 60) }
    driver.tick()
    context.commit()
    let t0 = now()
    let damage = renderer.render(in: bitmap, scale: scale)
    if path == .readBack { try presenter.makeCurrentAgain() }
    if path == .direct, let target = gl?.frameTarget {
      try presenter.draw(target)
    } else {
      try presenter.draw(.bitmap(frame, damage: damage))
    }
    presenter.swap()
    let t1 = now()
    guard k >= 0 else { continue }
    times.append((t1 - t0) * 1000)
    readBack += Double(gl?.lastFrame.readBackBytes ?? 0)
    uploaded += Double(presenter.lastUploadedPixelCount * 4 + (gl?.lastFrame.uploadedBytes ?? 0))
  }
  withExtendedLifetime(driver) {}
  return CompositorRow(
    median: percentile(times, 0.5), p90: percentile(times, 0.9),
    readBack: readBack / Double(frames), uploaded: uploaded / Double(frames))
}

/// The `--compositor` table: three demos at 1280×720 @1 and 2560×1440 @2.
func runCompositorComparison(frames: Int) {
  // The reference path switches between the backend's EGL context and the window's on one
  // thread, which GLX refuses: SDL makes the window's context through EGL for all three.
  setenv("SDL_VIDEO_X11_FORCE_EGL", "1", 0)
  SceneRenderer.installFonts()
  print(
    "| demo | size | path | composite + present, median ms | p90 ms | read back, KB/frame "
      + "| uploaded, KB/frame |")
  print("|---|---|---|---:|---:|---:|---:|")
  let demos = ["implicit-animations", "perspective-cards", "replicator-carousel"]
  for type in DemoCatalog.sceneTypes where demos.contains(type.name) {
    for (w, h, scale) in [(1280, 720, 1.0), (2560, 1440, 2.0)] as [(Int, Int, CGFloat)] {
      for path in CompositorPath.allCases {
        do {
          guard
            let r = try measureCompositor(
              type, path: path, width: w, height: h, scale: scale, frames: frames)
          else { continue }
          print(
            "| \(type.name) | \(w)×\(h) | \(path.rawValue) | "
              + String(
                format: "%.2f | %.2f | %.0f | %.0f |", r.median, r.p90, r.readBack / 1024,
                r.uploaded / 1024))
        } catch {
          FileHandle.standardError.write(Data("\(type.name) \(path.rawValue): \(error)\n".utf8))
        }
      }
    }
  }
}

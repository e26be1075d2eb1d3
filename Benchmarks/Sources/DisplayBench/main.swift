import Dispatch
import Foundation
import LayerKit
import LayerKitDemos
import LayerKitGL

// layerkit-display-bench [--frames N] [--demo NAME] [--sizes 720,1440,2160] [--backend cpu|gl]
// Plays every demo for N frames (default 60) at 60 fps through CARenderer's incremental
// rendering, with the same 1280×720-point layout at 1280×720 @1, 2560×1440 @2 and
// 3840×2160 @3, and prints one Markdown row per demo and size: median and p90 per frame of
// evaluation, render-tree build (with damage), compositing, host and their total.
// "Host" is the headless stand-in for the window's upload: the damage's bounding box
// copied into a texture-sized buffer, one run of rows per core, as the host's streaming
// texture copies it.
// With --backend gl the frames are composited by LayerKitGL's GLRenderBackend (on whatever
// EGL the machine has; llvmpipe without a GPU) and read back into the bitmap, and each row
// adds the GPU time per frame from timer queries (n/a where the driver has none) and the
// bytes uploaded per frame; "composite" is then the CPU time of the GL backend's frame
// (its draws, CPU-drawn subtrees, uploads and the read-back wait).
// LAYERKIT_THREADS=1 keeps everything on one core. With --check, instead of timing rows it
// prints `CHECK <demo> <size> <largest channel difference> <bytes differing by more than 2>`
// between the last incremental frame and the same frame drawn whole by a fresh renderer.

var args = CommandLine.arguments.dropFirst()
var frames = 60
var onlyDemo: String?
var checking = false
var sizes = [(1280, 720, 1.0), (2560, 1440, 2.0), (3840, 2160, 3.0)]
var useGL = false
while let a = args.popFirst() {
  switch a {
  case "--backend":
    let b = args.popFirst() ?? ""
    guard b == "gl" || b == "cpu" else {
      FileHandle.standardError.write(Data("--backend takes gl or cpu, not '\(b)'\n".utf8))
      exit(2)
    }
    useGL = b == "gl"
  case "--frames": frames = Int(args.popFirst() ?? "") ?? 60
  case "--demo": onlyDemo = args.popFirst()
  case "--check": checking = true
  case "--sizes":
    let wanted = Set((args.popFirst() ?? "").split(separator: ",").map(String.init))
    sizes = sizes.filter { wanted.contains(String($0.1)) }
  default: break
  }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

/// Median and 90th percentile of `xs`.
func stats(_ xs: [Double]) -> (Double, Double) {
  let s = xs.sorted()
  return (s[s.count / 2], s[min(s.count - 1, Int((Double(s.count) * 0.9).rounded(.up)) - 1)])
}

/// Copies the damaged box of `src` into `dst` (same size) as the host's streaming
/// texture does: the bounding box of the damage, its rows split into bands by the rule of
/// LayerKit's `ParallelRows` (at least 96 K pixels and 16 rows; one band per core, at most
/// `LAYERKIT_THREADS`, default 2, and 8).
func upload(
  _ rects: [CGRect], from src: UnsafeMutableRawPointer, to dst: UnsafeMutableRawPointer, pitch: Int,
  bounds: CGRect
) {
  let box = rects.reduce(CGRect.null) { $0.union($1.intersection(bounds).integral) }
  guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
  let x = Int(box.minX)
  let y0 = Int(box.minY)
  let w = Int(box.width)
  let h = Int(box.height)
  let maximum = max(1, min(Int(threads) ?? 2, 8))
  let parts =
    w * h >= 96 * 1024 && h >= 16
    ? min(maximum, ProcessInfo.processInfo.activeProcessorCount, h) : 1
  let s = UInt(bitPattern: src)
  let d = UInt(bitPattern: dst)
  DispatchQueue.concurrentPerform(iterations: parts) { k in
    let src = UnsafeMutableRawPointer(bitPattern: s)!
    let dst = UnsafeMutableRawPointer(bitPattern: d)!
    for y in (y0 + h * k / parts)..<(y0 + h * (k + 1) / parts) {
      memcpy(dst + y * pitch + x * 4, src + y * pitch + x * 4, w * 4)
    }
  }
}

SceneRenderer.installFonts()
let threads = ProcessInfo.processInfo.environment["LAYERKIT_THREADS"] ?? "2"
var gl: GLRenderBackend?
if useGL {
  do {
    gl = try GLRenderBackend()
  } catch {
    FileHandle.standardError.write(Data("layerkit-display-bench: \(error)\n".utf8))
    exit(1)
  }
  print("GL renderer: \(gl!.renderer) (\(gl!.platform) EGL)")
  print()
  print(
    "| demo | size | threads | eval | tree | composite | host | total median | total p90 "
      + "| GPU | uploaded | draw calls |")
  print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
} else {
  print("| demo | size | threads | eval | tree | composite | host | total median | total p90 |")
  print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
}
for type in DemoCatalog.sceneTypes where onlyDemo == nil || type.name == onlyDemo {
  for (w, h, scale) in sizes {
    let (clock, driver) = SceneDriver.onManualClock(type, size: CGSize(width: 1280, height: 720))
    let context = driver.context
    let renderer =
      gl.map { CARenderer(context: context, backend: $0) } ?? CARenderer(context: context)
    let bitmap = CGContext(width: w, height: h)!
    let texture = UnsafeMutableRawPointer.allocate(byteCount: w * h * 4, alignment: 64)
    defer { texture.deallocate() }
    var eval: [Double] = []
    var tree: [Double] = []
    var comp: [Double] = []
    var host: [Double] = []
    var total: [Double] = []
    var gpu: [Double] = []
    var uploaded: [Double] = []
    var calls: [Double] = []
    // The first frame draws everything: it is rendered before timing starts.
    for k in -1..<frames {
      if k >= 0 { clock.advance(by: 1.0 / 60) }
      let t0 = now()
      driver.tick()
      context.commit()
      let t1 = now()
      let damage = renderer.render(in: bitmap, scale: scale)
      let t2 = now()
      upload(
        damage, from: bitmap.data!, to: texture, pitch: w * 4,
        bounds: CGRect(x: 0, y: 0, width: w, height: h))
      let t3 = now()
      guard k >= 0 else { continue }
      let s = renderer.lastFrameStatistics
      eval.append((t1 - t0) + s.evaluation * 1000)
      tree.append(s.treeBuild * 1000)
      comp.append(s.compositing * 1000)
      host.append(t3 - t2)
      total.append(t3 - t0)
      if let gl {
        if let g = gl.lastFrame.gpuSeconds { gpu.append(g * 1000) }
        uploaded.append(Double(gl.lastFrame.uploadedBytes))
        calls.append(Double(gl.lastFrame.drawCalls))
      }
    }
    if checking {
      let fresh = CARenderer(context: context).render(width: w, height: h, scale: scale).pixels
      let drawn = bitmap.makeImage()?.pixels ?? []
      var largest = 0
      var over = 0
      for (a, b) in zip(drawn, fresh) {
        let d = abs(Int(a) - Int(b))
        largest = max(largest, d)
        if d > 2 { over += 1 }
      }
      print("CHECK \(type.name) \(w)x\(h) \(drawn.count == fresh.count ? largest : 255) \(over)")
      continue
    }
    let f = { (x: [Double]) -> String in String(format: "%.2f", stats(x).0) }
    let (m, p) = stats(total)
    var glColumns = ""
    if gl != nil {
      let kb = String(format: "%.0f KB", stats(uploaded).0 / 1024)
      let c = String(format: "%.0f", stats(calls).0)
      glColumns = " \(gpu.isEmpty ? "n/a" : f(gpu)) | \(kb) | \(c) |"
    }
    print(
      "| \(type.name) | \(w)×\(h) @\(Int(scale)) | \(threads) | \(f(eval)) | \(f(tree)) | \(f(comp)) | \(f(host)) "
        + "| \(String(format: "%.2f", m)) | \(String(format: "%.2f", p)) |" + glColumns)
    fflush(stdout)
  }
}

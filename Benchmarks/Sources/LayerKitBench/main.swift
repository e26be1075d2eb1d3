import CMallocCounter
import Dispatch
import Foundation
@_spi(Benchmarks) import LayerGraphics

// layerkit-bench --scenes DIR [--runs N] [--png OUTDIR] [--cpu-time]
// Prints one line per measurement: `RESULT <key> <median ms> <min ms> <runs>`.
// `--cpu-time` times the single-threaded scenes with the thread's CPU clock
// (CLOCK_THREAD_CPUTIME_ID) instead of the wall clock: on a loaded machine it leaves out
// the time the thread waits preempted (the two-thread scenes keep the wall clock).

let W = 1280
let H = 720
var args = CommandLine.arguments.dropFirst()
var sceneDir = "."
var runs = 25
var pngDir: String?
var only: String?
var skipThreads = false
var cpuTime = false
while let a = args.popFirst() {
  switch a {
  case "--scenes": sceneDir = args.popFirst() ?? "."
  case "--runs": runs = Int(args.popFirst() ?? "") ?? 25
  case "--png": pngDir = args.popFirst()
  case "--only": only = args.popFirst()
  case "--skip-threads": skipThreads = true
  case "--cpu-time": cpuTime = true
  default: break
  }
}

let scene: Scene
do { scene = try Scene(directory: sceneDir) } catch {
  FileHandle.standardError.write(
    "cannot read scene files in \(sceneDir): \(error)\n".data(using: .utf8)!)
  exit(1)
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The calling thread's CPU time, nanoseconds.
func threadTime() -> UInt64 {
  var t = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
  return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

func bench(_ key: String, warmup: Int = 3, _ body: () -> Void) {
  if let only, !key.hasPrefix(only) { return }
  for _ in 0..<warmup { body() }
  let clock = cpuTime && !key.hasPrefix("MT2_") ? threadTime : now
  var times: [Double] = []
  for _ in 0..<runs {
    let t0 = clock()
    body()
    times.append(Double(clock() - t0) / 1e6)
  }
  times.sort()
  let median = times[times.count / 2]
  print(String(format: "RESULT %@ %.3f %.3f %d", key, median, times[0], runs))
  fflush(stdout)
}

let frame = UnsafeMutableRawPointer.allocate(byteCount: W * H * 4, alignment: 64)
frame.initializeMemory(as: UInt8.self, repeating: 0, count: W * H * 4)

/// A context drawing rows `top..<top+height` of the shared frame.
func bandContext(top: Int, height: Int) -> CGContext {
  let ctx = CGContext(
    data: frame + top * W * 4, width: W, height: height, bitsPerComponent: 8,
    bytesPerRow: W * 4, space: CGColorSpaceCreateDeviceRGB(),
    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
  ctx.translateBy(x: 0, y: CGFloat(-top))
  return ctx
}

func clear(_ ctx: CGContext) {
  ctx.saveGState()
  ctx.setBlendMode(.copy)
  ctx.setFillColor(.white)
  ctx.fill(CGRect(x: 0, y: 0, width: W, height: H))
  ctx.restoreGState()
}

/// Scene A: each rect filled, then its 1 px border stroked. With `fills` or `borders`
/// false, that half alone (Blend2D's anchor times the fills alone too), to see which half
/// differs.
func rects(_ ctx: CGContext, fills: Bool = true, borders: Bool = true) {
  clear(ctx)
  ctx.setLineWidth(1)
  for r in scene.rects {
    if fills {
      ctx.setFillColor(r.fill)
      ctx.addPath(r.path)
      ctx.fillPath()
    }
    if borders {
      ctx.setStrokeColor(r.border)
      ctx.addPath(r.path)
      ctx.strokePath()
    }
  }
}

func sceneA(_ ctx: CGContext) { rects(ctx) }
func sceneAFill(_ ctx: CGContext) { rects(ctx, borders: false) }
func sceneAStroke(_ ctx: CGContext) { rects(ctx, fills: false) }

func sceneB(_ ctx: CGContext) {
  clear(ctx)
  ctx.setLineWidth(3)
  ctx.setLineJoin(.miter)
  ctx.setLineCap(.butt)
  for s in scene.stars {
    ctx.setStrokeColor(s.stroke)
    ctx.addPath(s.path)
    ctx.strokePath()
  }
}

func starsEvenOdd(_ ctx: CGContext) {
  clear(ctx)
  for s in scene.stars {
    ctx.setFillColor(s.fill)
    ctx.addPath(s.path)
    ctx.fillPath(using: .evenOdd)
  }
}

let layerImage: CGImage = {
  let c = CGContext(width: W, height: H)!
  c.setBlendMode(.copy)
  c.setFillColor(CGColor(red: 0.47, green: 0.35, blue: 0.24, alpha: 0.63))
  c.fill(CGRect(x: 0, y: 0, width: W, height: H))
  return c.makeImage()!
}()

func blit(_ ctx: CGContext) {
  ctx.draw(layerImage, in: CGRect(x: 0, y: 0, width: W, height: H))
}

func blitAffine(_ ctx: CGContext) {
  ctx.saveGState()
  ctx.translateBy(x: CGFloat(W) / 2, y: CGFloat(H) / 2)
  ctx.rotate(by: 10 * .pi / 180)
  ctx.scaleBy(x: 0.9, y: 0.9)
  ctx.translateBy(x: -CGFloat(W) / 2, y: -CGFloat(H) / 2)
  ctx.draw(layerImage, in: CGRect(x: 0, y: 0, width: W, height: H))
  ctx.restoreGState()
}

let whole = bandContext(top: 0, height: H)
let halves = [bandContext(top: 0, height: H / 2), bandContext(top: H / 2, height: H - H / 2)]

func twoCores(_ body: @escaping @Sendable (CGContext) -> Void) -> () -> Void {
  let bands = halves
  return { DispatchQueue.concurrentPerform(iterations: 2) { body(bands[$0]) } }
}

let scenes: [(String, @Sendable (CGContext) -> Void)] = [
  ("A_rrects_fill_stroke", sceneA), ("B_stars_stroke_w3", sceneB),
  ("B2_stars_evenodd_fill", starsEvenOdd),
  ("A1_rrects_fill_only", sceneAFill), ("A2_rrects_stroke_only", sceneAStroke),
  ("E_blit_srcover", blit), ("E2_blit_affine_bilinear", blitAffine),
]
for (key, body) in scenes {
  bench(key) { body(whole) }
  if let pngDir, let img = whole.makeImage() {
    let raw = Data(img.pixels)
    try? raw.write(to: URL(fileURLWithPath: "\(pngDir)/\(key).rgba"))
  }
}

// Steady-state allocation calls per frame of each path scene (after the timed runs have
// warmed every scratch buffer): fills and strokes should allocate nothing.
for (key, body) in scenes.prefix(3) where only == nil || key.hasPrefix(only!) {
  body(whole)
  let before = lk_allocation_count()
  body(whole)
  // Read before the message is built (string interpolation allocates).
  let count = lk_allocation_count() - before
  print("ALLOCATIONS \(key) \(count)")
}

let alphaPlane = UnsafeMutablePointer<UInt8>.allocate(capacity: W * H)
let rgbaPlane = UnsafeMutablePointer<UInt32>.allocate(capacity: W * H)
for i in 0..<(W * H) {
  alphaPlane[i] = UInt8(truncatingIfNeeded: (i % W) ^ (i / W))
  rgbaPlane[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 0xFF00_0000
}
bench("F_blur_alpha_sigma10") {
  GaussianBlur.blurAlpha(alphaPlane, width: W, height: H, stride: W, sigma: 10)
}
bench("F2_blur_rgba_sigma10") {
  GaussianBlur.blurRGBA(rgbaPlane, width: W, height: H, stride: W, sigma: 10)
}

for (key, body) in scenes where !["E2", "A1", "A2"].contains(where: key.hasPrefix) && !skipThreads {
  bench("MT2_" + key, twoCores(body))
}

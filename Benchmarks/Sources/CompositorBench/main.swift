import Dispatch
import Foundation
import LayerKit

// layerkit-compositor-bench [--runs N] [--case K] [--dump DIR]
// Times CARenderer on 1280×720 frames and prints a Markdown table (median and fastest
// milliseconds). Set LAYERKIT_THREADS=1 to keep every kernel on one core. With --dump,
// each case's last frame is written to DIR as raw premultiplied RGBA (frame-N.rgba), to
// compare renders byte for byte before and after a change.

let W = 1280
let H = 720
var args = CommandLine.arguments.dropFirst()
var runs = 25
var only: Int?
var dumpDirectory: String?
while let a = args.popFirst() {
  if a == "--runs" { runs = Int(args.popFirst() ?? "") ?? 25 }
  if a == "--case" { only = Int(args.popFirst() ?? "") }
  if a == "--dump" { dumpDirectory = args.popFirst() }
}
func enabled(_ k: Int) -> Bool { only == nil || only == k }

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Median and fastest time of `body` in milliseconds; `setup` runs untimed before each.
func measure(_ setup: () -> Void = {}, _ body: () -> Void) -> (Double, Double) {
  for _ in 0..<3 {
    setup()
    body()
  }
  var times: [Double] = []
  for _ in 0..<runs {
    setup()
    let t0 = now()
    body()
    times.append(Double(now() - t0) / 1e6)
  }
  times.sort()
  return (times[times.count / 2], times[0])
}

/// A deterministic RGBA image with soft alpha at the edges.
func image(_ w: Int, _ h: Int, opaque: Bool) -> CGImage {
  var px = [UInt8](repeating: 0, count: w * h * 4)
  for y in 0..<h {
    for x in 0..<w {
      let a: Double = opaque ? 1 : 0.5 + 0.5 * Double((x ^ y) & 15) / 15
      let i = (y * w + x) * 4
      px[i] = UInt8(Double((x * 7) & 255) * a)
      px[i + 1] = UInt8(Double((y * 5) & 255) * a)
      px[i + 2] = UInt8(Double(((x + y) * 3) & 255) * a)
      px[i + 3] = UInt8(a * 255)
    }
  }
  return CGImage(width: w, height: h, premultipliedRGBA: px)!
}

let clock = CAManualClock()
let context = CAContext(clock: clock)
let bitmap = CGContext(width: W, height: H)!

var dumped = 0
/// Writes the shared bitmap to the dump directory, if one was given.
func dumpFrame() {
  guard let dir = dumpDirectory else { return }
  dumped += 1
  let data = Data(bytes: bitmap.data!, count: bitmap.bytesPerRow * H)
  _ = FileManager.default.createFile(atPath: "\(dir)/frame-\(dumped).rgba", contents: data)
}

/// Renders `root` fully once per run into the shared bitmap (a property toggled between
/// runs damages every layer), with a fresh renderer when `fresh`.
func frameTimes(_ root: CALayer, fresh: Bool = false) -> (Double, Double) {
  context.layer = root
  context.commit()
  var renderer = CARenderer(context: context)
  var flip = false
  defer { dumpFrame() }
  return measure({
    flip.toggle()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.zPosition = flip ? 0 : 1e-6
    CATransaction.commit()
    context.commit()
    if fresh { renderer = CARenderer(context: context) }
  }) { renderer.render(in: bitmap, scale: 1) }
}

func root() -> CALayer {
  let r = CALayer()
  r.frame = CGRect(x: 0, y: 0, width: W, height: H)
  return r
}

var rows: [(String, (Double, Double), String)] = []

// 1. A full-frame layer, source-over.
if enabled(1) {
  let r = root()
  let l = CALayer()
  l.frame = r.bounds
  l.contents = image(W, H, opaque: false)
  r.addSublayer(l)
  rows.append(("Full-frame layer SrcOver (semi-transparent image)", frameTimes(r), "≤ 0.25"))
}

// 2. A full-frame layer in perspective, bilinear.
if enabled(2) {
  let r = root()
  var p = CATransform3DIdentity
  p.m34 = -1.0 / 1000
  r.sublayerTransform = CATransform3DRotate(p, 0.35, 0, 1, 0)
  let l = CALayer()
  l.frame = r.bounds.insetBy(dx: -60, dy: -40)
  l.contents = image(W, H, opaque: true)
  r.addSublayer(l)
  rows.append(("Full-frame perspective layer, bilinear", frameTimes(r), "≤ 6 (Skia 25)"))
}

// 3. 100 rounded-rect shadows, σ = 10 (shadowRadius 20).
func shadows() -> CALayer {
  let r = root()
  for k in 0..<100 {
    let l = CALayer()
    l.frame = CGRect(x: 20 + (k % 10) * 125, y: 20 + (k / 10) * 70, width: 100, height: 50)
    l.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.95, alpha: 1)
    l.cornerRadius = 12
    l.shadowOpacity = 0.5
    l.shadowRadius = 20
    l.shadowOffset = CGSize(width: 0, height: 4)
    r.addSublayer(l)
  }
  return r
}
if enabled(3) {
  rows.append(
    (
      "100 rounded-rect shadows σ = 10, uncached", frameTimes(shadows(), fresh: true),
      "≤ 10 (Skia 38)"
    ))
  rows.append(("100 rounded-rect shadows σ = 10, cached", frameTimes(shadows()), "≤ 1"))
}
// `--case 6`: only the cached row of case 3 (for profiling it alone).
if only == 6 {
  rows.append(("100 rounded-rect shadows σ = 10, cached", frameTimes(shadows()), "≤ 1"))
}

// 4. A full-frame blur σ = 10: the shadow of a full-frame image layer.
if enabled(4) {
  let r = root()
  let l = CALayer()
  l.frame = r.bounds.insetBy(dx: 100, dy: 60)
  l.contents = image(W - 200, H - 120, opaque: false)
  l.shadowOpacity = 1
  l.shadowRadius = 20
  r.addSublayer(l)
  rows.append(("Full-frame blur σ = 10 (content-shaped shadow)", frameTimes(r), "≤ 5"))
}

// 5. A typical UI frame: 200 cards with corners, borders, shadows and images; about 30 %
//    of the frame damaged per frame.
if enabled(5) {
  let r = root()
  r.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
  let thumb = image(48, 48, opaque: true)
  var cards: [CALayer] = []
  for k in 0..<200 {
    let card = CALayer()
    card.frame = CGRect(x: 8 + (k % 20) * 63, y: 8 + (k / 20) * 71, width: 56, height: 64)
    card.backgroundColor = .white
    card.cornerRadius = 8
    card.borderWidth = 1
    card.borderColor = CGColor(gray: 0.8, alpha: 1)
    card.shadowOpacity = 0.3
    card.shadowRadius = 4
    card.shadowOffset = CGSize(width: 0, height: 2)
    let icon = CALayer()
    icon.frame = CGRect(x: 4, y: 4, width: 48, height: 48)
    icon.contents = thumb
    icon.cornerRadius = 6
    icon.masksToBounds = true
    card.addSublayer(icon)
    r.addSublayer(card)
    cards.append(card)
  }
  context.layer = r
  context.commit()
  let renderer = CARenderer(context: context)
  renderer.render(in: bitmap, scale: 1)
  var step = 0
  // Rows 0–2 of 10 change every frame: 30 % of the frame.
  let moving = cards.filter { $0.frame.minY < 8 + 3 * 71 }
  rows.append(
    (
      "Typical UI frame: 200 layers, 30 % damaged",
      measure({
        step += 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for c in moving { c.opacity = step % 2 == 0 ? 1 : 0.9 }
        CATransaction.commit()
        context.commit()
      }) { renderer.render(in: bitmap, scale: 1) },
      "≤ 8"
    ))
}

// 7. Wide trees: 10,000 sublayers added one by one to a layer on screen (each change runs
//    its order-in action lookup), reordered (each moved to the front), then removed one
//    by one; one row per phase, milliseconds for all 10,000.
var treeRows: [(String, Double)] = []
if enabled(7) {
  let r = root()
  context.layer = r
  context.commit()
  let list = CALayer()
  r.addSublayer(list)
  context.commit()
  let layers = (0..<10_000).map { k -> CALayer in
    let l = CALayer()
    l.frame = CGRect(x: k % 100, y: k / 100, width: 1, height: 1)
    return l
  }
  func time(_ body: () -> Void) -> Double {
    let t0 = now()
    body()
    return Double(now() - t0) / 1e6
  }
  treeRows.append(
    (
      "10,000 sublayers added one by one (on screen)",
      time { for l in layers { list.addSublayer(l) } }
    ))
  context.commit()
  treeRows.append(
    (
      "10,000 sublayers reordered (each moved to the front)",
      time {
        for l in layers.reversed() { list.addSublayer(l) }
      }
    ))
  context.commit()
  treeRows.append(
    ("10,000 sublayers removed one by one", time { for l in layers { l.removeFromSuperlayer() } }))
  context.commit()
}

// 8. Deep trees: a chain of 10,000 nested layers, committed, evaluated and rendered.
if enabled(8) {
  let r = root()
  var tip = CALayer()
  let top = tip
  for _ in 0..<9_999 {
    let l = CALayer()
    l.frame = CGRect(x: 0.01, y: 0.01, width: 100, height: 100)
    l.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.001)
    tip.addSublayer(l)
    tip = l
  }
  top.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
  r.addSublayer(top)
  context.layer = r
  let renderer = CARenderer(context: context)
  let t0 = now()
  context.commit()
  renderer.render(in: bitmap, scale: 1)
  treeRows.append(
    ("A chain of 10,000 nested layers: first commit and frame", Double(now() - t0) / 1e6))
}

// 9. Boolean operations on self-intersecting paths: the union of an N-vertex spiky star
//    that goes around twice (so it crosses itself at about N points) with a square.
if enabled(9) {
  for n in [1_000, 10_000] {
    let star = CGMutablePath()
    for k in 0..<n {
      let a = Double(k) * 4 * Double.pi / Double(n)
      let radius = k % 2 == 0 ? 400.0 : 250.0
      let p = CGPoint(x: 500 + radius * cos(a), y: 500 + radius * sin(a))
      if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
    }
    star.closeSubpath()
    let square = CGPath(rect: CGRect(x: 300, y: 300, width: 400, height: 400), transform: nil)
    let t0 = now()
    _ = star.union(square)
    treeRows.append(
      ("Union of a \(n)-vertex self-intersecting star with a square", Double(now() - t0) / 1e6))
  }
}

let threads = ProcessInfo.processInfo.environment["LAYERKIT_THREADS"] ?? "2"
print("| compositor, \(threads) thread(s) | median ms | fastest ms | target |")
print("|---|---:|---:|---|")
for (name, t, target) in rows {
  print(String(format: "| %@ | %.2f | %.2f | %@ |", name, t.0, t.1, target))
}
if !treeRows.isEmpty {
  print()
  print("| trees and paths, \(threads) thread(s) | ms |")
  print("|---|---:|")
  for (name, ms) in treeRows { print(String(format: "| %@ | %.1f |", name, ms)) }
}

// Lottie playback benchmark: for each file, the load (parse + build the layer tree) and the
// per-frame cost of a playing LottieLayer built once (each frame: seek, commit, evaluate
// and render into a bitmap kept between frames), at the snapshot size of the corpus
// (LottieSnapshot's framing). Prints one line per file:
//   LOTTIE <name> <W> <H> <parse ms> <build ms> <load median ms> <load best ms>
//          <frame median ms> <frame best ms> <first frame ms>
// and writes the frames it timed to the file given with --plan, one line per file
// (`<name> <W> <H> <ip> <w> <h> <path> <frame>...`, w × h the composition in points), so the ThorVG anchor
// (`Scripts/bench-lottie.py`) renders exactly the same frames at the same size.
// With --hash it prints `PIXELS <name> <hash>` over the frames of the first pass instead of
// timing, to check that a speed change keeps every pixel. With --check it prints
// `CHECK <name> <largest channel difference> <bytes that differ>` between each frame drawn
// incrementally (only the damage redrawn) and the same frame drawn whole by a fresh
// stage, to check that the damage covers every change. With --dump DIR (beside --hash) it
// also writes each hashed frame's premultiplied RGBA bytes to DIR/<name>-<k>.rgba, to compare
// two builds' pixels frame by frame.
import Foundation
import LayerKitLottie
import LayerKitSDL

let arguments = CommandLine.arguments
func argument(_ name: String) -> String? {
  guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
  return arguments[i + 1]
}
let runs = max(1, Int(argument("--runs") ?? "") ?? 5)
let framesPerPass = max(1, Int(argument("--frames") ?? "") ?? 10)
let passes = max(1, Int(argument("--passes") ?? "") ?? 3)
let hashing = arguments.contains("--hash")
let checking = arguments.contains("--check")
let valued: Set = ["--runs", "--frames", "--passes", "--plan", "--dump"]
var files: [String] = []
var skip = false
for a in arguments.dropFirst() {
  if skip {
    skip = false
  } else if valued.contains(a) {
    skip = true
  } else if !a.hasPrefix("--") {
    files.append(a)
  }
}
let decoder: LottieImageDecoder = { try? CGImage(encodedData: $0) }

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
func median(_ xs: [Double]) -> Double {
  let s = xs.sorted()
  return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
/// FNV-1a over the bytes, folded into a running hash.
func fold(_ h: inout UInt64, _ bytes: [UInt8]) {
  for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
}

var plan = ""
for file in files {
  let url = URL(fileURLWithPath: file)
  let name = url.deletingPathExtension().lastPathComponent
  guard let data = try? Data(contentsOf: url) else {
    print("SKIP \(name) unreadable")
    continue
  }
  // Load: parse, then build the layer tree (images decoded), timed `runs` times.
  var parses: [Double] = []
  var builds: [Double] = []
  var stage: LottieStage?
  var animation: LottieAnimation?
  for _ in 0..<(hashing ? 1 : runs) {
    let t0 = now()
    guard let a = try? LottieAnimation(data: data) else { break }
    let t1 = now()
    let s = LottieStage(a, pixelSize: nil, imageDecoder: decoder)
    let t2 = now()
    parses.append(t1 - t0)
    builds.append(t2 - t1)
    stage = s
    animation = a
  }
  guard let stage, let animation, let bitmap = CGContext(width: stage.width, height: stage.height)
  else {
    print("SKIP \(name) does not load")
    continue
  }
  let frames = (0..<framesPerPass).map {
    animation.frame(atProgress: Double($0) / Double(framesPerPass))
  }
  plan += "\(name) \(stage.width) \(stage.height) \(animation.startFrame) "
  plan += "\(animation.size.width) \(animation.size.height) \(url.path) "
  plan += frames.map { String($0) }.joined(separator: " ") + "\n"
  if checking {
    var largest = 0
    var differing = 0
    for f in frames {
      stage.render(frame: f, into: bitmap)
      guard let a = try? LottieAnimation(data: data),
        let whole = CGContext(width: stage.width, height: stage.height)
      else { break }
      LottieStage(a, pixelSize: nil, imageDecoder: decoder).render(frame: f, into: whole)
      for (x, y) in zip(bitmap.makeImage()?.pixels ?? [], whole.makeImage()?.pixels ?? [])
      where x != y {
        largest = max(largest, abs(Int(x) - Int(y)))
        differing += 1
      }
    }
    print("CHECK \(name) \(largest) \(differing)")
    continue
  }
  if hashing {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for (k, f) in frames.enumerated() {
      stage.render(frame: f, into: bitmap)
      let pixels = bitmap.makeImage()?.pixels ?? []
      fold(&h, pixels)
      if let dir = argument("--dump") {
        try? Data(pixels).write(to: URL(fileURLWithPath: "\(dir)/\(name)-\(k).rgba"))
      }
    }
    print("PIXELS \(name) \(String(h, radix: 16))")
    continue
  }
  // The first frame after the build: layout and first-time drawing of every layer.
  let t0 = now()
  stage.render(frame: frames[0], into: bitmap)
  let first = now() - t0
  stage.render(frame: frames[framesPerPass / 2], into: bitmap)
  var times: [Double] = []
  for _ in 0..<passes {
    for f in frames {
      let t = now()
      stage.render(frame: f, into: bitmap)
      times.append(now() - t)
    }
  }
  let loads = zip(parses, builds).map { $0 + $1 }
  print(
    "LOTTIE \(name) \(stage.width) \(stage.height) "
      + [
        median(parses), median(builds), median(loads), loads.min()!, median(times), times.min()!,
        first,
      ].map { String(format: "%.3f", $0) }.joined(separator: " "))
}
if let path = argument("--plan") {
  try? plan.write(toFile: path, atomically: true, encoding: .utf8)
}

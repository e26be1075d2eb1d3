import Foundation
import LayerKitLottie
import LayerKitSDL

// Renders Lottie files headlessly, framed like lottie-ios's snapshots:
//   lottie-render OUT_DIR FILE.json...                 → OUT_DIR/NAME-{0,25,50,75,100}.png
//   lottie-render --time OUT_DIR FILE.json...          → also prints load and per-frame times
//   lottie-render --compare APPLE_DIR FILE.json...     → renders at the size of
//       APPLE_DIR/NAME-PCT.png, compares with the corpus metric, prints one row per
//       sample and last "N of M frames match"
let usage =
  "usage: lottie-render [--time] OUT_DIR FILE.json... | --compare APPLE_DIR FILE.json...\n"
var args = Array(CommandLine.arguments.dropFirst())
let timed = args.first == "--time"
let compare = args.first == "--compare"
if timed || compare { args.removeFirst() }
guard args.count >= 2 else {
  FileHandle.standardError.write(Data(usage.utf8))
  exit(2)
}
let dir = URL(fileURLWithPath: args[0])
if !compare { try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
let decoder: LottieImageDecoder = { try? CGImage(encodedData: $0) }
// Text layers draw with the system's fonts (DejaVu Sans, Noto Sans CJK and fontconfig's
// fallback), as in the viewer; without them every character is a box.
_ = try? FreeTypeFonts.installDefault()
let percents = [0, 25, 50, 75, 100]
var failures = 0
var matches = 0
var frames = 0
for file in args.dropFirst() {
  let url = URL(fileURLWithPath: file)
  let name = url.deletingPathExtension().lastPathComponent
  let t0 = Date()
  do {
    let animation = try LottieAnimation(contentsOf: url)
    let load = Date().timeIntervalSince(t0)
    var row = name
    var times: [Double] = []
    for pct in percents {
      let progress = Double(pct) / 100
      if compare {
        frames += 1
        let refURL = dir.appendingPathComponent("\(name)-\(pct).png")
        guard let ref = try? CGImage(pngData: Data(contentsOf: refURL)) else {
          row += "\tmissing"
          continue
        }
        let image = LottieSnapshot.render(
          animation, progress: progress, pixelSize: (ref.width, ref.height), imageDecoder: decoder)
        let share = LottieFrameMetric.share(ref, image) ?? 1
        if share <= LottieFrameMetric.threshold { matches += 1 }
        row += String(
          format: "\t%.2f%@", share * 100, share <= LottieFrameMetric.threshold ? "" : "!")
      } else {
        let t1 = Date()
        let image = LottieSnapshot.render(animation, progress: progress, imageDecoder: decoder)
        times.append(Date().timeIntervalSince(t1))
        try image.pngData()?.write(to: dir.appendingPathComponent("\(name)-\(pct).png"))
      }
    }
    if compare { print(row) }
    if timed {
      let ms = times.map { String(format: "%.2f", $0 * 1000) }.joined(separator: " ")
      print("\(name)\tload \(String(format: "%.2f", load * 1000)) ms\tframes \(ms) ms")
    }
  } catch {
    failures += 1
    if compare { frames += percents.count }
    print("\(name): \(error)")
  }
}
if compare { print("\(matches) of \(frames) frames match") }
exit(failures == 0 ? 0 : 1)

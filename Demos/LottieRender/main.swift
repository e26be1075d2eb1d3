import Foundation
import LayerKitLottie
import LayerKitSDL

// Renders Lottie files headlessly, framed like lottie-ios's snapshots:
//   lottie-render OUT_DIR FILE.json...           → OUT_DIR/NAME-{0,25,50,75,100}.png
//   lottie-render --time OUT_DIR FILE.json...    → also prints load and per-frame times
let args = Array(CommandLine.arguments.dropFirst())
let timed = args.first == "--time"
let rest = timed ? Array(args.dropFirst()) : args
guard rest.count >= 2 else {
  FileHandle.standardError.write(Data("usage: lottie-render [--time] OUT_DIR FILE.json...\n".utf8))
  exit(2)
}
let out = URL(fileURLWithPath: rest[0])
try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
let decoder: LottieImageDecoder = { try? CGImage(encodedData: $0) }
var failures = 0
for file in rest.dropFirst() {
  let url = URL(fileURLWithPath: file)
  let name = url.deletingPathExtension().lastPathComponent
  let t0 = Date()
  do {
    let animation = try LottieAnimation(contentsOf: url)
    let load = Date().timeIntervalSince(t0)
    var frameTimes: [Double] = []
    for pct in [0, 25, 50, 75, 100] {
      let t1 = Date()
      let image = LottieSnapshot.render(animation, progress: Double(pct) / 100, imageDecoder: decoder)
      frameTimes.append(Date().timeIntervalSince(t1))
      try image.pngData()?.write(to: out.appendingPathComponent("\(name)-\(pct).png"))
    }
    if timed {
      let ms = frameTimes.map { String(format: "%.2f", $0 * 1000) }.joined(separator: " ")
      print("\(name)\tload \(String(format: "%.2f", load * 1000)) ms\tframes \(ms) ms")
    }
  } catch {
    failures += 1
    print("\(name): \(error)")
  }
}
exit(failures == 0 ? 0 : 1)

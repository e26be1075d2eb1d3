import Foundation
import LayerKitSDL
import Testing

/// How far an image may differ from its golden and still match.
public struct GoldenTolerance: Sendable {
  /// The largest allowed difference of one channel (premultiplied, 0…255).
  public var maxChannelDifference: Int
  /// How many pixels may differ by more than `maxChannelDifference`.
  public var maxDifferingPixels: Int

  public init(maxChannelDifference: Int = 0, maxDifferingPixels: Int = 0) {
    self.maxChannelDifference = maxChannelDifference
    self.maxDifferingPixels = maxDifferingPixels
  }

  /// Bit-exact equality.
  public static let exact = GoldenTolerance()
}

/// Compares `image` with `Tests/<Target>/Goldens/<name>.png`, next to the calling test.
///
/// The target folder is found from the caller's `#filePath` (the folder right under
/// `Tests/`). With `RECORD_GOLDENS=1` in the environment the golden is (re)written and the
/// check passes. Otherwise a missing golden fails (it is never recorded silently), and a
/// mismatch fails after writing `<name>.actual.png` and `<name>.diff.png` (differing
/// pixels red over a faded copy of the golden) to `Tests/<Target>/Failures/`.
public func assertMatchesGolden(
  _ image: CGImage, named name: String, tolerance: GoldenTolerance = .exact,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let targetDir = testTargetDirectory(filePath) else {
    Issue.record("cannot find the Tests/<Target> folder of \(filePath)", sourceLocation: sourceLocation)
    return
  }
  let goldens = targetDir + "/Goldens"
  let goldenPath = goldens + "/" + name + ".png"
  if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
    try? FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
    if !writePNG(image, path: goldenPath) {
      Issue.record("could not write golden \(goldenPath)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let golden = readPNG(path: goldenPath) else {
    Issue.record(
      "missing golden \(goldenPath); record it with Scripts/record-goldens", sourceLocation: sourceLocation)
    return
  }
  guard golden.width == image.width, golden.height == image.height else {
    writeFailure(image, golden: golden, name: name, targetDir: targetDir, tolerance: tolerance)
    Issue.record(
      "\(name): size \(image.width)×\(image.height) differs from golden \(golden.width)×\(golden.height)",
      sourceLocation: sourceLocation)
    return
  }
  let (count, worst) = differences(image, golden, tolerance: tolerance)
  if count > tolerance.maxDifferingPixels {
    let dir = writeFailure(image, golden: golden, name: name, targetDir: targetDir, tolerance: tolerance)
    let message = "\(name): \(count) pixels differ by more than \(tolerance.maxChannelDifference) "
      + "(largest \(worst)); actual and diff written to \(dir)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
}

/// The folder `…/Tests/<Target>` that contains `filePath`.
func testTargetDirectory(_ filePath: String) -> String? {
  let parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
  guard let i = parts.lastIndex(of: "Tests"), i + 1 < parts.count - 1 else { return nil }
  return parts[0...(i + 1)].joined(separator: "/")
}

/// The number of pixels differing beyond the tolerance, and the largest channel
/// difference.
func differences(_ a: CGImage, _ b: CGImage, tolerance: GoldenTolerance) -> (Int, Int) {
  var count = 0, worst = 0
  let pa = a.pixels, pb = b.pixels
  for i in stride(from: 0, to: pa.count, by: 4) {
    var d = 0
    for c in 0..<4 { d = Swift.max(d, abs(Int(pa[i + c]) - Int(pb[i + c]))) }
    worst = Swift.max(worst, d)
    if d > tolerance.maxChannelDifference { count += 1 }
  }
  return (count, worst)
}

@discardableResult
func writeFailure(_ image: CGImage, golden: CGImage, name: String, targetDir: String,
                  tolerance: GoldenTolerance) -> String {
  let dir = targetDir + "/Failures"
  try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  writePNG(image, path: dir + "/" + name + ".actual.png")
  if golden.width == image.width && golden.height == image.height {
    var diff = [UInt8](repeating: 0, count: image.pixels.count)
    for i in stride(from: 0, to: diff.count, by: 4) {
      var d = 0
      for c in 0..<4 { d = Swift.max(d, abs(Int(image.pixels[i + c]) - Int(golden.pixels[i + c]))) }
      if d > tolerance.maxChannelDifference {
        diff[i] = 255
        diff[i + 3] = 255
      } else {
        let g = UInt8((Int(golden.pixels[i]) + Int(golden.pixels[i + 1]) + Int(golden.pixels[i + 2])) / 12 + 160)
        diff[i] = g
        diff[i + 1] = g
        diff[i + 2] = g
        diff[i + 3] = 255
      }
    }
    if let img = CGImage(width: image.width, height: image.height, premultipliedRGBA: diff) {
      writePNG(img, path: dir + "/" + name + ".diff.png")
    }
  }
  return dir
}

/// Decodes a PNG file through LayerKitSDL's codec, or nil when it cannot be read.
func readPNG(path: String) -> CGImage? {
  guard let data = FileManager.default.contents(atPath: path) else { return nil }
  return try? CGImage(pngData: data)
}

/// Encodes `image` as a PNG file through LayerKitSDL's codec; false on failure.
@discardableResult
func writePNG(_ image: CGImage, path: String) -> Bool {
  guard let data = image.pngData() else { return false }
  return FileManager.default.createFile(atPath: path, contents: data)
}

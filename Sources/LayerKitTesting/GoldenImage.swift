import Foundation
import LayerKit
import Testing

/// Compares `image` with the golden PNG `Tests/<Target>/Goldens/<name>.png` next to the
/// calling test, recording an issue when they differ.
///
/// The target folder is found from the caller's `#filePath` (the folder right under
/// `Tests/`). In record mode (`record: true`, or `RECORD_GOLDENS=1` in the environment
/// when `record` is nil) the golden is (re)written and the check passes. Otherwise a
/// missing golden fails (it is never recorded silently), and a mismatch fails after
/// writing `<name>.actual.png` and `<name>.diff.png` (differing pixels red over a faded
/// copy of the golden) to `Tests/<Target>/Failures/`.
///
/// ```swift
/// @Test func fadesHalfway() {
///   let frame = renderFrames(of: layer, at: [0.5])[0]
///   assertMatchesGolden(frame, named: "fade-0.5")
/// }
/// ```
///
/// - Parameters:
///   - image: the rendered image.
///   - name: the golden's file name without `.png`.
///   - tolerance: how far the image may differ; exact by default.
///   - record: true to write the golden, false to compare, nil to follow `RECORD_GOLDENS`.
///   - filePath: the calling test file, which locates `Tests/<Target>`.
///   - sourceLocation: where a failure is reported.
public func assertMatchesGolden(
  _ image: CGImage, named name: String, tolerance: GoldenTolerance = .exact,
  record: Bool? = nil, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let targetDir = GoldenFiles.testTargetDirectory(filePath) else {
    Issue.record(
      "cannot find the Tests/<Target> folder of \(filePath)", sourceLocation: sourceLocation)
    return
  }
  if let failure = GoldenFiles(directory: targetDir).check(
    image, named: name, tolerance: tolerance, record: record ?? GoldenFiles.recordingFromEnvironment
  ) {
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
  }
}

/// Renders `layer` at each of `times` and compares every frame with its golden
/// `<name>-<time>.png` (time with two decimals, as in `fade-0.50.png`).
///
/// See ``renderFrames(of:at:size:scale:)`` for how the layer is put in a context and
/// stepped, and ``assertMatchesGolden(_:named:tolerance:record:filePath:sourceLocation:)``
/// for where goldens live and how they are recorded.
///
/// - Parameters:
///   - layer: the root layer to render.
///   - times: frame times in seconds from the first commit, non-decreasing.
///   - size: the image size in points; the layer's bounds size when nil.
///   - scale: pixels per point.
///   - name: the goldens' common name; each frame adds `-<time>`.
///   - tolerance: how far each frame may differ; exact by default.
///   - record: true to write the goldens, false to compare, nil to follow `RECORD_GOLDENS`.
///   - filePath: the calling test file, which locates `Tests/<Target>`.
///   - sourceLocation: where a failure is reported.
public func assertLayerMatchesGoldens(
  _ layer: CALayer, at times: [CFTimeInterval], size: CGSize? = nil, scale: CGFloat = 1,
  named name: String, tolerance: GoldenTolerance = .exact, record: Bool? = nil,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let frames = renderFrames(of: layer, at: times, size: size, scale: scale)
  for (time, frame) in zip(times, frames) {
    assertMatchesGolden(
      frame, named: name + "-" + String(format: "%.2f", time), tolerance: tolerance,
      record: record, filePath: filePath, sourceLocation: sourceLocation)
  }
}

/// Golden PNG files in one folder: comparison, recording and failure artefacts.
public struct GoldenFiles: Sendable {
  /// The test target folder: goldens are in `Goldens/`, failures go to `Failures/`.
  public var directory: String

  /// Creates the file set for a `Tests/<Target>` folder.
  public init(directory: String) {
    self.directory = directory
  }

  /// Whether `RECORD_GOLDENS=1` is set in the environment.
  public static var recordingFromEnvironment: Bool {
    ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  }

  /// The folder `…/Tests/<Target>` that contains `filePath`, or nil when there is none.
  public static func testTargetDirectory(_ filePath: String) -> String? {
    let parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    guard let i = parts.lastIndex(of: "Tests"), i + 1 < parts.count - 1 else { return nil }
    return parts[0...(i + 1)].joined(separator: "/")
  }

  /// The path of the golden named `name`.
  public func goldenPath(_ name: String) -> String { directory + "/Goldens/" + name + ".png" }

  /// Records or checks `image` against the golden `name`.
  ///
  /// - Returns: nil when the image matches (or was recorded), otherwise the failure
  ///   message; on a mismatch the actual image and the diff are written to `Failures/`.
  public func check(
    _ image: CGImage, named name: String, tolerance: GoldenTolerance, record: Bool
  ) -> String? {
    let path = goldenPath(name)
    if record {
      try? FileManager.default.createDirectory(
        atPath: directory + "/Goldens", withIntermediateDirectories: true)
      return Self.writePNG(image, path: path) ? nil : "could not write golden \(path)"
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return "missing golden \(path); record it with RECORD_GOLDENS=1"
    }
    let golden: CGImage
    do {
      golden = try CGImage(pngData: data)
    } catch {
      return "golden \(path) cannot be read: \(error)"
    }
    let comparison = ImageComparison(image, golden, tolerance: tolerance)
    guard !comparison.matches else { return nil }
    let failures = directory + "/Failures"
    try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
    Self.writePNG(image, path: failures + "/" + name + ".actual.png")
    if let diff = comparison.diffImage {
      Self.writePNG(diff, path: failures + "/" + name + ".diff.png")
    }
    return "\(name): \(comparison.summary); actual and diff written to \(failures)"
  }

  /// Writes `image` as a PNG file; false when the file cannot be written.
  @discardableResult
  public static func writePNG(_ image: CGImage, path: String) -> Bool {
    guard let data = image.pngData() else { return false }
    return FileManager.default.createFile(atPath: path, contents: data)
  }
}

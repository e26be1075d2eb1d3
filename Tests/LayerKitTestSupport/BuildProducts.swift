import Foundation

/// What the build put next to the running test binary (`.build/<config>/`).
public enum BuildProducts {
  /// The first of `path` (relative, e.g. `layerkit-viewer` or `Modules/X.swiftmodule`)
  /// found in the test binary's folder or up to three folders above it (on some layouts the
  /// binary sits inside `X.xctest/`), or nil.
  public static func find(_ path: String) -> URL? {
    let exe =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return nil
  }
}

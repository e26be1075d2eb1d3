import Foundation
import LayerKitSDL
import Testing

@testable import LayerKitLottie

/// Every sample of the Lottie corpus rendered at 0, 25, 50, 75 and 100 % and compared
/// with Apple's Core Animation snapshot by the corpus metric (`SnapshotMetric`).
///
/// The corpus lives beside the repository (`../shared/lottie`, or `LOTTIE_CORPUS`).
/// The per-frame results are written to `.build/lottie-corpus.txt`; the test fails when
/// fewer frames match than `minimumMatches`, so a regression shows.
@Suite struct LottieCorpusTests {
  static let corpus: URL = {
    if let env = ProcessInfo.processInfo.environment["LOTTIE_CORPUS"] {
      return URL(fileURLWithPath: env)
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../shared/lottie").standardized
  }()
  static var available: Bool {
    FileManager.default.fileExists(atPath: corpus.appendingPathComponent("samples").path)
  }
  /// The number of matching frames reached (of 460); lower means a regression.
  static let minimumMatches = 378
  static let percents = [0, 25, 50, 75, 100]

  @Test(.enabled(if: available, "the Lottie corpus is not beside the repository"))
  func corpusFramesMatchApple() throws {
    let samples = try FileManager.default.contentsOfDirectory(
      at: Self.corpus.appendingPathComponent("samples"), includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    let decoder: LottieImageDecoder = { try? CGImage(encodedData: $0) }
    var report = ""
    var matches = 0, frames = 0
    for url in samples {
      let name = url.deletingPathExtension().lastPathComponent
      let animation = try? LottieAnimation(contentsOf: url)
      var row = name
      for pct in Self.percents {
        frames += 1
        let refURL = Self.corpus.appendingPathComponent("apple/\(name)-\(pct).png")
        guard let animation, let ref = try? CGImage(pngData: Data(contentsOf: refURL)) else {
          row += "\t\(pct):error"
          continue
        }
        let image = LottieSnapshot.render(
          animation, progress: Double(pct) / 100, pixelSize: (ref.width, ref.height),
          imageDecoder: decoder)
        let share = SnapshotMetric.share(ref, image) ?? 1
        let ok = share <= SnapshotMetric.threshold
        if ok { matches += 1 }
        row += "\t\(pct):\(ok ? "ok" : "FAIL") \(String(format: "%.1f", share * 100))%"
      }
      report += row + "\n"
    }
    report += "\(matches) of \(frames) frames match\n"
    let out = Self.corpus.deletingLastPathComponent()
    _ = out
    try? report.write(
      to: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/lottie-corpus.txt").standardized,
      atomically: true, encoding: .utf8)
    #expect(frames == samples.count * 5)
    #expect(matches >= Self.minimumMatches, "\(matches) frames match; the floor is \(Self.minimumMatches)")
  }
}

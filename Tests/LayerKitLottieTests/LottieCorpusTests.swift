import Foundation
import Testing

/// Every sample of the Lottie corpus rendered at 0, 25, 50, 75 and 100 % and compared
/// with Apple's Core Animation snapshot by the corpus metric (`LottieFrameMetric`, the
/// Swift port of `compare.py`).
///
/// Rendering 460 frames and comparing them is slow in a debug build, so the test runs
/// the release-built helper (`swift build -c release --product lottie-render`, which
/// `Scripts/test` builds) with `--compare` and reads its per-frame report. The corpus
/// lives beside the repository (`../shared/lottie`, or `LOTTIE_CORPUS`). The test fails
/// when fewer frames match than `minimumMatches`, so a regression shows; the report is
/// kept in `.build/lottie-corpus.txt`.
@Suite struct LottieCorpusTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized
  static let corpus: URL = {
    if let env = ProcessInfo.processInfo.environment["LOTTIE_CORPUS"] {
      return URL(fileURLWithPath: env)
    }
    return repository.appendingPathComponent("../shared/lottie").standardized
  }()
  static let helper = repository.appendingPathComponent(".build/release/lottie-render")
  static var available: Bool {
    FileManager.default.fileExists(atPath: corpus.appendingPathComponent("samples").path)
      && FileManager.default.isExecutableFile(atPath: helper.path)
  }
  /// The number of matching frames reached (of 460); lower means a regression.
  static let minimumMatches = 445

  @Test(.enabled(if: available, "needs ../shared/lottie and .build/release/lottie-render"))
  func corpusFramesMatchApple() throws {
    let samples = try FileManager.default.contentsOfDirectory(
      at: Self.corpus.appendingPathComponent("samples"), includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "json" }.map(\.path).sorted()
    let process = Process()
    process.executableURL = Self.helper
    process.arguments = ["--compare", Self.corpus.appendingPathComponent("apple").path] + samples
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let report = String(decoding: data, as: UTF8.self)
    try? report.write(
      to: Self.repository.appendingPathComponent(".build/lottie-corpus.txt"), atomically: true,
      encoding: .utf8)
    let rows = report.split(separator: "\n")
    #expect(rows.count == samples.count + 1, "one row per sample and a total")
    let last = try #require(rows.last?.split(separator: " "))
    let matches = try #require(Int(last.first ?? ""))
    #expect(last.dropFirst().first == "of" && Int(last[2]) == samples.count * 5)
    #expect(
      matches >= Self.minimumMatches, "\(matches) frames match; the floor is \(Self.minimumMatches)"
    )
  }
}

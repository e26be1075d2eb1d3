import Foundation
import Testing

@testable import LayerKitLottie

/// The fuzzer's seeds (`Fuzz/Corpus/FuzzLottie`), each loaded as the fuzzer loads it.
@Suite struct LottieFuzzSeedTests {
  static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../Fuzz/Corpus/FuzzLottie").standardized

  /// Every seed loads or throws a `LottieError` (a trap would end the test run), and the
  /// JSON reader's seeds get the answers the grammar gives them.
  @Test func everySeedLoadsOrThrowsATypedError() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path)
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".lottie") }.sorted()
    #expect(names.count >= 30)
    var outcomes: [String: LottieError?] = [:]
    for name in names {
      let data = try Data(contentsOf: Self.seeds.appendingPathComponent(name))
      do {
        _ = try LottieAnimation(data: data)
        outcomes[name] = .some(nil)
      } catch {
        outcomes[name] = error
      }
    }
    func malformed(_ name: String) -> Bool {
      if case .malformedJSON? = outcomes[name] ?? nil { return true }
      return false
    }
    #expect(malformed("json-trailing-comma.json"))
    #expect(malformed("json-leading-zero.json"))
    #expect(
      outcomes["json-deep-nesting.json"]
        == .limitExceeded(path: "$", limit: "512 nested JSON arrays and objects"))
    #expect(
      outcomes["json-number-overflow.json"]
        == .invalidValue(path: "$.layers[0].ip", expected: "a finite number"))
    #expect(outcomes["json-escapes-and-surrogates.json"] == .some(nil))
    #expect(outcomes["json-bom.json"] == .some(nil))
  }
}

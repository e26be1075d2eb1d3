import Foundation
import Testing

@testable import LayerKitLottie

@Suite struct LottieAnimationParsingTests {
  static func json(_ s: String) -> Data { Data(s.utf8) }
  static let minimal = #"{"v":"5.7","fr":30,"ip":0,"op":60,"w":200,"h":100,"layers":[]}"#

  @Test func readsSizeFrameRateAndDuration() throws {
    let a = try LottieAnimation(data: Self.json(Self.minimal))
    #expect(a.size == CGSize(width: 200, height: 100))
    #expect(a.frameRate == 30)
    #expect(a.startFrame == 0 && a.endFrame == 60)
    #expect(abs(a.duration - 2) < 1e-12)
    #expect(a.frame(atProgress: 0.25) == 15)
  }

  @Test func truncatedJSONIsMalformed() {
    let data = Self.json(String(Self.minimal.dropLast(10)))
    #expect {
      try LottieAnimation(data: data)
    } throws: { error in
      if case .malformedJSON = error as? LottieError { return true }
      return false
    }
  }

  @Test(arguments: [
    (
      #"{"fr":30,"ip":0,"op":60,"w":"wide","h":100,"layers":[]}"#,
      LottieError.invalidValue(path: "$.w", expected: "a number")
    ),
    (#"{"fr":30,"ip":0,"op":60,"h":100,"layers":[]}"#, LottieError.missingValue(path: "$.w")),
    (
      #"{"fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":{}}"#,
      LottieError.invalidValue(path: "$.layers", expected: "an array")
    ),
    (
      #"{"fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ks":{"o":{"k":"x"}}}]}"#,
      LottieError.invalidValue(path: "$.layers[0].ks.o.k", expected: "a number")
    ),
    (
      #"{"fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"shapes":[{"ty":"sh","ks":{"k":{"v":[[1]]}}}]}]}"#,
      LottieError.invalidValue(path: "$.layers[0].shapes[0].ks.k.v[0]", expected: "a point [x, y]")
    ),
    (
      #"{"fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":0,"refId":"nope"}]}"#,
      LottieError.missingAsset(path: "$.layers[0].refId", id: "nope")
    ),
    (
      #"{"fr":30,"ip":0,"op":60,"w":1e9,"h":10,"layers":[]}"#,
      LottieError.limitExceeded(path: "$.w", limit: "a size between 0 and 16384 points")
    ),
    (
      #"{"fr":30,"ip":0,"op":1e12,"w":10,"h":10,"layers":[]}"#,
      LottieError.limitExceeded(path: "$.op", limit: "10000000 frames")
    ),
    (
      #"{"fr":0,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#,
      LottieError.invalidValue(path: "$.fr", expected: "a frame rate between 0 and 1000")
    ),
  ])
  func wrongValuesNameTheirPath(_ input: String, _ expected: LottieError) {
    #expect(throws: expected) { try LottieAnimation(data: Self.json(input)) }
  }

  @Test func cyclicPrecompositionsAreRejected() {
    let s = #"""
      {"fr":30,"ip":0,"op":60,"w":10,"h":10,
       "assets":[{"id":"a","layers":[{"ty":0,"refId":"b"}]},{"id":"b","layers":[{"ty":0,"refId":"a"}]}],
       "layers":[{"ty":0,"refId":"a"}]}
      """#
    #expect(throws: LottieError.cyclicPrecomposition(path: "$.assets[1].layers[0]", id: "a")) {
      try LottieAnimation(data: Self.json(s))
    }
  }

  @Test func tenThousandLayersLoadAndRenderBounded() throws {
    let layer =
      #"{"ty":4,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"rc","p":{"k":[5,5]},"s":{"k":[4,4]}},{"ty":"fl","c":{"k":[1,0,0,1]}}]}"#
    let s =
      #"{"fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["#
      + Array(repeating: layer, count: 10_000).joined(separator: ",") + "]}"
    let a = try LottieAnimation(data: Self.json(s))
    let image = LottieSnapshot.render(a, progress: 0.5, pixelSize: (10, 10))
    #expect(image.pixel(x: 5, y: 5).r == 255)
    let tooMany =
      #"{"fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":["#
      + Array(repeating: layer, count: 20_001).joined(separator: ",") + "]}"
    #expect(throws: LottieError.limitExceeded(path: "$.layers", limit: "20000 layers")) {
      try LottieAnimation(data: Self.json(tooMany))
    }
  }

  @Test func deeplyNestedJSONIsAnErrorNotACrash() {
    let s = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: LottieError.self) { try LottieAnimation(data: Self.json(s)) }
  }

  @Test func missingFileIsUnreadable() {
    #expect {
      try LottieAnimation(contentsOf: URL(fileURLWithPath: "/nonexistent/x.json"))
    } throws: { error in
      if case .unreadableFile = error as? LottieError { return true }
      return false
    }
  }
}

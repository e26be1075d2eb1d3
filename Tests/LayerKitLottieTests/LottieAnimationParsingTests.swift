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

  /// A fuzzing finding: a gradient fill over a path with a control point near -3.4e76,
  /// scaled by 33,133, rendered into a small bitmap (as the fuzz target does).
  @Test func gradientOverAnAbsurdPathRendersBounded() throws {
    let json =
      #"{"v":"5.6.String6","ip":0,"op":1,"fr":60,"w":208,"h":226,"layers":[{"ind":19265,"#
      + #""nm":"surface74460","ao":0,"ip":0,"op":60,"st":0,"ty":4,"ks":{"ty":"tr","o":{"k""#
      + #":100},"r":{"k":1},"p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[1,33133]},"sk":{"k":"#
      + #"0},"sa":{"k":0}},"shapes":[{"ty":"gr","hd":false,"it":[{"ty":"sh","ks":{"k":{"i""#
      + #":[[0,0],[18,-3422222222222200000000000000000000000000000000000000000000000000000"#
      + #"0000000014347467612885206812],[19,34],[-37,0]],"o":[[37,0],[-18,35],[-19,-37],[0"#
      + #",0]],"v":[[78,0],[152,141],[4,141],[78,0]],"c":true}}},{"ty":"gf","s":{"k":[77.7"#
      + #",42.31]},"e":{"k":[56,192]},"t":1,"h":{"k":0},"a":{"k":0},"g":{"p":3,"k":{"k":[0"#
      + #",0.65,1.39,0.39,0.4,0.81,0.64,0.29,1,0.4,0.12,0.62,0,1,0.4,1,1,1]}},"hd":false,""#
      + #"o":{"k":100}},{"ty":"tr","o":{"k":100},"r":{"k":5},"p":{"k":[0,0]},"a":{"k":[0,0"#
      + #"]},"s":{"k":[107,100]},"sk":{"k":0},"sa":{"k":0},"hd":false}]}]}],"meta":{"g":"L"#
      + #"F SVG to Lottie"}}"#
    let a = try LottieAnimation(data: Self.json(json))
    for progress in [0.0, 0.5] {
      let image = LottieSnapshot.render(a, progress: progress, pixelSize: (24, 24))
      #expect(image.width == 24 && image.height == 24)
    }
  }
}

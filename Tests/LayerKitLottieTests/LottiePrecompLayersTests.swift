import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// A precomposition's content sits in a clipping layer, under a time layer only when its
/// start time, stretch or a constant remap changes time.
@Suite struct LottiePrecompLayersTests {
  /// A 100 × 100 file whose precomposition layer has the extra keys `extra`.
  static func stage(_ extra: String) throws -> LottieStage {
    let file = """
      {"fr":10,"ip":0,"op":20,"w":100,"h":100,
       "assets":[{"id":"inner","layers":[
         {"ty":1,"ind":1,"ip":0,"op":40,"ks":{},"sw":100,"sh":100,"sc":"#ff0000"}]}],
       "layers":[{"ty":0,"ind":1,"refId":"inner","w":100,"h":100,"ip":0,"op":20,"ks":{}\(extra)}]}
      """
    return LottieStage(try LottieAnimation(data: Data(file.utf8)), pixelSize: (100, 100))
  }

  static func timeLayers(_ stage: LottieStage) -> [CALayer] {
    var out: [CALayer] = []
    var stack: [CALayer] = [stage.layer]
    while let l = stack.popLast() {
      if l.name?.hasPrefix("precomp") == true { out.append(l) }
      stack += l.sublayers ?? []
    }
    return out
  }

  @Test func aPrecompositionThatKeepsTimeHasNoTimeLayer() throws {
    let stage = try Self.stage("")
    #expect(Self.timeLayers(stage).isEmpty)
    #expect(stage.render(progress: 0.5).pixel(x: 50, y: 50).r == 255)
  }

  @Test func aStartTimeOrStretchKeepsTheTimeLayer() throws {
    let late = try Self.stage(#","st":5"#)
    #expect(Self.timeLayers(late).first?.beginTime == 0.5)
    // Frame 0 is the content's frame −5, before the solid's in point; frame 10 its 5.
    #expect(late.render(progress: 0).pixel(x: 50, y: 50).a == 0)
    #expect(late.render(progress: 0.5).pixel(x: 50, y: 50).r == 255)
    let stretched = try Self.stage(#","sr":2"#)
    #expect(Self.timeLayers(stretched).first?.speed == 0.5)
  }
}

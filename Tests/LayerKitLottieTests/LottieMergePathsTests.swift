import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// Merge paths (`mm`) draw as if absent in every mode, as lottie-ios's Core Animation
/// engine draws them: the paths under a paint are filled together.
@Suite struct LottieMergePathsTests {
  /// Two overlapping squares (10…30 and 20…40) and a merge item of mode `mode` before
  /// the fill: 2 add, 3 subtract, 4 intersect, 5 exclude intersections.
  static func file(mode: Int) -> Data {
    Data(
      #"""
      {"fr":10,"ip":0,"op":10,"w":50,"h":50,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,
       "ks":{"a":{"k":[0,0]}},
       "shapes":[{"ty":"gr","it":[
         {"ty":"rc","p":{"k":[20,20]},"s":{"k":[20,20]},"r":{"k":0}},
         {"ty":"rc","p":{"k":[30,30]},"s":{"k":[20,20]},"r":{"k":0}},
         {"ty":"mm","mm":\#(mode)},
         {"ty":"fl","c":{"k":[0,0,1,1]},"o":{"k":100}},
         {"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},
          "o":{"k":100}}]}]}]}
      """#.utf8)
  }

  @Test(arguments: [1, 2, 3, 4, 5])
  func everyModeFillsBothPathsAsOne(mode: Int) throws {
    let image = LottieSnapshot.render(
      try LottieAnimation(data: Self.file(mode: mode)), progress: 0, pixelSize: (50, 50))
    // Only the first square, the overlap, only the second: all filled.
    #expect(image.pixel(x: 12, y: 12).a == 255)
    #expect(image.pixel(x: 25, y: 25).a == 255)
    #expect(image.pixel(x: 37, y: 37).a == 255)
    // Outside both squares.
    #expect(image.pixel(x: 37, y: 12).a == 0)
    #expect(image.pixel(x: 5, y: 5).a == 0)
  }
}

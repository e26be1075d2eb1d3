import Foundation
import Testing

@testable import LayerKit
@testable import LayerKitLottie

/// Track mattes (`tt`) through `maskMode`: alpha, inverted alpha, luma, inverted luma.
@Suite struct LottieMatteTests {
  /// 100 × 100: a matte layer (`td`) whose left half is white and whose right half is
  /// dark grey (both opaque) over a 40-point strip at the top, above a full blue layer
  /// matted with track matte type `tt`.
  static func file(tt: Int) -> String {
    #"""
    {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[
     {"ty":4,"ind":1,"td":1,"ip":0,"op":10,"ks":{"a":{"k":[0,0]}},
      "shapes":[
       {"ty":"gr","it":[{"ty":"rc","p":{"k":[25,20]},"s":{"k":[50,40]},"r":{"k":0}},
                        {"ty":"fl","c":{"k":[1,1,1,1]},"o":{"k":100}}]},
       {"ty":"gr","it":[{"ty":"rc","p":{"k":[75,20]},"s":{"k":[50,40]},"r":{"k":0}},
                        {"ty":"fl","c":{"k":[0.2,0.2,0.2,1]},"o":{"k":100}}]}]},
     {"ty":4,"ind":2,"tt":\#(tt),"ip":0,"op":10,"ks":{"a":{"k":[0,0]}},
      "shapes":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[100,100]},"r":{"k":0}},
                {"ty":"fl","c":{"k":[0,0,1,1]},"o":{"k":100}}]}]}
    """#
  }

  /// The blue layer's alpha at the white part, the dark part and below the matte.
  static func alphas(tt: Int) throws -> [UInt8] {
    let a = try LottieAnimation(data: Data(file(tt: tt).utf8))
    let image = LottieSnapshot.render(a, progress: 0, pixelSize: (100, 100))
    return [(25, 20), (75, 20), (50, 80)].map { image.pixel(x: $0.0, y: $0.1).a }
  }

  @Test func eachMatteTypeMasksItsWay() throws {
    #expect(try Self.alphas(tt: 1) == [255, 255, 0])
    #expect(try Self.alphas(tt: 2) == [0, 0, 255])
    let luma = try Self.alphas(tt: 3)
    // Dark grey 0.2 has luminance 0.2 (51 of 255).
    #expect(luma[0] == 255 && abs(Int(luma[1]) - 51) <= 1 && luma[2] == 0)
    let inverse = try Self.alphas(tt: 4)
    #expect(inverse[0] == 0 && abs(Int(inverse[1]) - 204) <= 1 && inverse[2] == 255)
  }

  @Test func theMatteTypeBecomesTheHoldersMaskMode() {
    #expect(LayerTreeBuilder.maskMode(matteType: 1) == .alpha)
    #expect(LayerTreeBuilder.maskMode(matteType: 2) == .inverseAlpha)
    #expect(LayerTreeBuilder.maskMode(matteType: 3) == .luminance)
    #expect(LayerTreeBuilder.maskMode(matteType: 4) == .inverseLuminance)
    #expect(LayerTreeBuilder.maskMode(matteType: 9) == .alpha)
  }
}

import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// A stroke listed after a group strokes the group's transformed path with its own
/// width: the group's scale moves the path, not the line width (After Effects' rule,
/// and Apple's renders of lottie-ios).
@Suite struct LottieInheritedStrokeTests {
  /// A 100 × 100 file: a 20 pt circle in a group scaled by `scale` % about (50, 50),
  /// stroked 4 pt wide by a stroke listed after the group.
  static func file(scale: String) -> String {
    #"""
    {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,
     "ks":{"a":{"k":[0,0]}},
     "shapes":[{"ty":"gr","it":[{"ty":"el","p":{"k":[0,0]},"s":{"k":[20,20]}},
                 {"ty":"tr","p":{"k":[50,50]},"a":{"k":[0,0]},"s":SCALE,"r":{"k":0},"o":{"k":100}}]},
               {"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":4},"lc":1,"lj":1}]}]}
    """#.replacingOccurrences(of: "SCALE", with: scale)
  }

  static func alpha(_ json: String, frame: Double, x: Int) throws -> UInt8 {
    let a = try LottieAnimation(data: Data(json.utf8))
    let image = LottieSnapshot.render(
      a, progress: a.progress(atFrame: frame), pixelSize: (100, 100))
    return image.pixel(x: x, y: 50).a
  }

  @Test func groupScaleMovesThePathButKeepsTheWidth() throws {
    let json = Self.file(scale: #"{"k":[300,300]}"#)
    // The circle has radius 30: the 4 pt line covers 28…32 from the centre, not 24…36.
    #expect(try Self.alpha(json, frame: 0, x: 80) == 255)
    #expect(try Self.alpha(json, frame: 0, x: 75) == 0)
    #expect(try Self.alpha(json, frame: 0, x: 85) == 0)
  }

  @Test func animatedGroupScaleKeepsTheWidthAtEveryFrame() throws {
    let json = Self.file(
      scale: #"{"a":1,"k":[{"t":0,"s":[100,100]},{"t":10,"s":[300,300]}]}"#)
    // Frame 5: scale 200 %, radius 20; the line covers 18…22.
    #expect(try Self.alpha(json, frame: 5, x: 70) == 255)
    #expect(try Self.alpha(json, frame: 5, x: 66) == 0)
    #expect(try Self.alpha(json, frame: 5, x: 74) == 0)
  }
}

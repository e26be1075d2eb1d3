import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// Trim paths, mirrored scales and hold keyframes as Apple's renders of lottie-ios show
/// them.
@Suite struct LottieTrimTests {
  /// A 100 × 100 file at 10 fps, frames 0…20, with one shape layer of `shapes` (JSON).
  static func file(_ shapes: String, scale: String = "[100,100]") -> String {
    #"{"fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":20,"#
      + #""ks":{"p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":"# + scale + "}},"
      + #""shapes":["# + shapes + "]}]}"
  }

  /// A horizontal line from (10, 50) to (90, 50).
  static let line =
    #"{"ty":"sh","ks":{"k":{"v":[[10,50],[90,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":false}}}"#
  static let stroke = #"{"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":6},"lc":1,"lj":1}"#

  static func trim(start: String = "0", end: String, offset: String = "0") -> String {
    #"{"ty":"tm","s":{"k":"# + start + #"},"e":{"k":"# + end + #"},"o":{"k":"# + offset
      + #"},"m":1}"#
  }

  static func alpha(_ json: String, frame: Double, x: Int, y: Int) throws -> UInt8 {
    let a = try LottieAnimation(data: Data(json.utf8))
    let image = LottieSnapshot.render(
      a, progress: a.progress(atFrame: frame), pixelSize: (100, 100))
    return image.pixel(x: x, y: y).a
  }

  /// The stroked shape layers of a built file.
  static func strokeLayers(_ json: String) throws -> [CAShapeLayer] {
    let layer = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
    var out: [CAShapeLayer] = []
    var stack: [CALayer] = [layer]
    while let next = stack.popLast() {
      if let s = next as? CAShapeLayer, s.strokeColor != nil { out.append(s) }
      stack += next.sublayers ?? []
    }
    return out
  }

  @Test func aTrimListedAfterTheStrokeStillCutsIt() throws {
    for order in [
      [Self.line, Self.trim(end: "50"), Self.stroke],
      [Self.line, Self.stroke, Self.trim(end: "50")],
    ] {
      let json = Self.file(order.joined(separator: ","))
      #expect(try Self.alpha(json, frame: 5, x: 30, y: 50) == 255)
      #expect(try Self.alpha(json, frame: 5, x: 70, y: 50) == 0)
    }
  }

  @Test func aGroupsOwnTrimWinsOverTheEnclosingOne() throws {
    let group =
      #"{"ty":"gr","it":["# + [Self.line, Self.stroke, Self.trim(end: "25")].joined(separator: ",")
      + #",{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
    let json = Self.file([group, Self.trim(end: "75")].joined(separator: ","))
    #expect(try Self.alpha(json, frame: 5, x: 20, y: 50) == 255)
    #expect(try Self.alpha(json, frame: 5, x: 45, y: 50) == 0)
  }

  /// An offset that stays zero does not move the window (lottie-ios applies an offset only
  /// when one of its keyframes is not zero), so `strokeEnd` is the trim's end itself.
  @Test func aZeroOffsetLeavesThePathSingle() throws {
    let zeros = #"[{"t":0,"s":[0]},{"t":10,"s":[0]}]"#
    let json = Self.file(
      [Self.line, Self.stroke, Self.trim(start: "20", end: "60", offset: zeros)]
        .joined(separator: ","))
    let layers = try Self.strokeLayers(json)
    #expect(layers.count == 1)
    #expect(abs((layers.first?.strokeEnd ?? 0) - 0.6) < 1e-9)
    #expect(abs((layers.first?.strokeStart ?? 0) - 0.2) < 1e-9)
    // A quarter-turn offset moves the window by a quarter of the path, to 45…85 %: still
    // within one path, so the path is not repeated (lottie-ios repeats it only as far as
    // the window reaches).
    let turned = try Self.strokeLayers(
      Self.file(
        [Self.line, Self.stroke, Self.trim(start: "20", end: "60", offset: "90")]
          .joined(separator: ",")))
    #expect(abs((turned.first?.strokeEnd ?? 0) - 0.85) < 1e-9)
    #expect(
      try Self.alpha(
        Self.file(
          [Self.line, Self.stroke, Self.trim(start: "20", end: "60", offset: "90")]
            .joined(separator: ",")), frame: 5, x: 60, y: 50) == 255)
  }

  /// A square left of and above the layer's origin, mirrored by `scale`.
  @Test func aMirroredScaleFlipsOneAxisOnly() throws {
    let square =
      #"{"ty":"rc","p":{"k":[-25,-25]},"s":{"k":[10,10]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#
    let animated = #"[{"t":0,"s":[-50,50,100]},{"t":10,"s":[-100,100,100]}]"#
    for scale in ["[-100,100,100]", animated] {
      let json = Self.file(square, scale: scale)
        .replacingOccurrences(of: #""p":{"k":[0,0]}"#, with: #""p":{"k":[50,50]}"#)
      #expect(try Self.alpha(json, frame: 15, x: 75, y: 25) == 255)
      #expect(try Self.alpha(json, frame: 15, x: 75, y: 75) == 0)
      #expect(try Self.alpha(json, frame: 15, x: 25, y: 25) == 0)
    }
  }

  @Test func holdKeyTimesRoundLikeThirtyTwoBitFractions() {
    let root = RootFrames(inPoint: 0, outPoint: 32)
    // 8/33 rounds up as a Float: the keyframe moves a hair later.
    #expect(root.rounded(8) > 8)
    #expect(root.rounded(8) - 8 < 1e-5)
    // 8/32 is exact: nothing moves.
    #expect(RootFrames(inPoint: 0, outPoint: 31).rounded(8) == 8)
    // 5/6 rounds down: the keyframe moves a hair earlier.
    #expect(RootFrames(inPoint: 0, outPoint: 5).rounded(5) < 5)
    // Inside a precomposition starting at frame 4, stretched twice: frame 2 is root
    // frame 8.
    let inner = root.inside(startTime: 4, stretch: 2)
    #expect(abs(inner.rounded(2) - 2 - (root.rounded(8) - 8) / 2) < 1e-12)
  }
}

import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// Time remapping (`tm`) with eased keyframes follows the curve, not a straight line.
@Suite struct LottieTimeRemapTests {
  /// A 100 × 40 file at 10 fps, frames 0…10. The precomposition moves a 10 × 20 square
  /// from x = 5 to x = 95 over its frames 0…10 (linear) and shows a second square at
  /// (50, 30) only from its frame 6 on; the root plays it through the remap `remap`
  /// (by default `eased`: 0 s to 1 s over frames 0…10, easing (0.9, 0)(1, 1), a slow
  /// start).
  static func file(remap: String = eased) -> String {
    #"""
    {"fr":10,"ip":0,"op":10,"w":100,"h":40,
     "assets":[{"id":"p","layers":[
      {"ty":4,"ind":1,"ip":0,"op":100,
       "ks":{"p":{"a":1,"k":[{"t":0,"s":[5,10]},{"t":10,"s":[95,10]}]},"a":{"k":[0,0]}},
       "shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[10,20]},"r":{"k":0}},
                 {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]},
      {"ty":4,"ind":2,"ip":6,"op":100,"ks":{"p":{"k":[50,30]},"a":{"k":[0,0]}},
       "shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[10,20]},"r":{"k":0}},
                 {"ty":"fl","c":{"k":[0,0,1,1]},"o":{"k":100}}]}]}],
     "layers":[{"ty":0,"refId":"p","w":100,"h":40,"ip":0,"op":10,"ks":{"a":{"k":[0,0]}},
       "tm":REMAP}]}
    """#.replacingOccurrences(of: "REMAP", with: remap)
  }

  static let eased =
    #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.9],"y":[0]},"i":{"x":[1],"y":[1]}},"#
    + #"{"t":10,"s":[1]}]}"#

  static func alpha(_ a: LottieAnimation, frame: Double, x: Int, y: Int) -> UInt8 {
    let image = LottieSnapshot.render(
      a, progress: a.progress(atFrame: frame), pixelSize: (100, 40))
    return image.pixel(x: x, y: y).a
  }

  @Test func easedRemapMovesContentAlongTheCurve() throws {
    let a = try LottieAnimation(data: Data(Self.file().utf8))
    let remap = try #require(a.composition.layers.first?.timeRemap)
    for frame in [3.0, 5.0, 8.0] {
      // The content's frame at this frame of the root, and where its square is then.
      let local = remap.value(at: frame) * 10
      let x = Int((5 + 9 * local).rounded())
      let linearX = Int(5 + 9 * frame)
      #expect(abs(local - frame) > 2, "the easing is far from the straight line")
      #expect(Self.alpha(a, frame: frame, x: x, y: 10) == 255, "frame \(frame)")
      #expect(Self.alpha(a, frame: frame, x: linearX, y: 10) == 0, "frame \(frame)")
    }
  }

  @Test func remappedLayersShowFromTheirInPointInRemappedTime() throws {
    let a = try LottieAnimation(data: Data(Self.file().utf8))
    let remap = try #require(a.composition.layers.first?.timeRemap)
    // Root frame 8 is before the content's frame 6 (slow start); root frame 10 is after.
    #expect(remap.value(at: 8) * 10 < 6)
    #expect(Self.alpha(a, frame: 8, x: 50, y: 30) == 0)
    #expect(Self.alpha(a, frame: 10, x: 50, y: 30) == 255)
  }

  @Test func remapSamplesWholeFramesOfTheLayersSpan() {
    let remap = FrameRemap(span: 0.5...3.2, localFrame: { $0 * 2 })
    #expect(remap.frames == [0, 1, 2, 3, 4])
    let nested = remap.then { $0 - 1 }
    #expect(nested.frames == remap.frames)
    #expect(nested.localFrame(3) == 5)
    let wide = FrameRemap(span: 0...1e7, localFrame: { $0 })
    #expect(wide.frames.count <= FrameRemap.maxSamples + 1)
  }

  @Test func constantRemapFreezesTheContent() throws {
    let json = Self.file(remap: #"{"a":0,"k":0.5}"#)
    let a = try LottieAnimation(data: Data(json.utf8))
    for frame in [0.0, 4.0, 9.0] {
      #expect(Self.alpha(a, frame: frame, x: 50, y: 10) == 255)
      #expect(Self.alpha(a, frame: frame, x: 15, y: 10) == 0)
    }
  }
}

import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// lottie-ios's player API on a manual clock: segments by frame, progress and marker, the
/// completion handler (`true` finished, `false` interrupted), marker lookups.
@Suite struct LottiePlayerTests {
  /// 10 fps, frames 0…20, one square, and markers "intro" (0, 8 frames), "middle" (10) and
  /// "outro" (15, 5 frames).
  static let file = #"""
    {"fr":10,"ip":0,"op":20,"w":100,"h":100,
     "markers":[{"tm":0,"cm":"intro","dr":8},{"tm":10,"cm":"middle","dr":0},
                {"tm":15,"cm":"outro","dr":5},{"tm":3}],
     "layers":[{"ty":4,"ind":1,"ip":0,"op":20,"ks":{},
       "shapes":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},
                 {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
    """#

  /// Results of completion handlers, in call order.
  final class Calls { var values: [Bool] = [] }

  static func playing() throws -> (CAContext, LottieLayer) {
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    context.layer = root
    let layer = LottieLayer(animation: try LottieAnimation(data: Data(file.utf8)))
    root.addSublayer(layer)
    context.commit()
    return (context, layer)
  }

  @Test func markersAreReadWithTheirFramesAndDurations() throws {
    let a = try LottieAnimation(data: Data(Self.file.utf8))
    #expect(a.markerNames == ["intro", "middle", "outro"])
    #expect(a.frameTime(forMarker: "middle") == 10)
    #expect(a.progressTime(forMarker: "outro") == 0.75)
    #expect(a.durationFrameTime(forMarker: "intro") == 8)
    #expect(a.frameTime(forMarker: "nope") == nil)
  }

  @Test func aFrameSegmentPlaysToItsEndAndCompletes() throws {
    let (context, layer) = try Self.playing()
    let calls = Calls()
    layer.play(fromFrame: 5, toFrame: 15) { calls.values.append($0) }
    context.advance(by: 0.5)
    #expect(abs(layer.currentFrame - 10) < 1e-6)
    context.advance(by: 0.6)
    context.advance(by: 0)
    #expect(!layer.isPlaying)
    #expect(layer.currentFrame == 15)
    #expect(calls.values == [true])
  }

  @Test func aSegmentWhoseEndIsEarlierPlaysBackwards() throws {
    let (context, layer) = try Self.playing()
    layer.play(fromFrame: 15, toFrame: 5)
    context.advance(by: 0.25)
    #expect(abs(layer.currentFrame - 12.5) < 1e-6)
    context.advance(by: 1)
    context.advance(by: 0)
    #expect(layer.currentFrame == 5)
  }

  @Test func aNegativeSpeedRunsTheSegmentFromItsEnd() throws {
    let (context, layer) = try Self.playing()
    layer.animationSpeed = -2
    layer.play(fromFrame: 5, toFrame: 15)
    #expect(layer.currentFrame == 15)
    context.advance(by: 0.25)
    #expect(abs(layer.currentFrame - 10) < 1e-6)
  }

  @Test func aLoopingProgressSegmentRepeatsOnlyTheSegment() throws {
    let (context, layer) = try Self.playing()
    let calls = Calls()
    layer.play(fromProgress: 0.25, toProgress: 0.75, loopMode: .loop) { calls.values.append($0) }
    #expect(layer.loopMode == .loop)
    context.advance(by: 0.75)
    context.advance(by: 0.5)
    // 1.25 s over a 1 s pass of frames 5…15: the second pass at frame 7.5.
    #expect(abs(layer.currentFrame - 7.5) < 1e-6)
    #expect(calls.values.isEmpty)
    layer.pause()
    #expect(calls.values == [false])
  }

  @Test func interruptionsCompleteWithFalseOnce() throws {
    let (context, layer) = try Self.playing()
    let calls = Calls()
    layer.play(toFrame: 20) { calls.values.append($0) }
    context.advance(by: 0.2)
    layer.play(fromFrame: 0, toFrame: 4) { calls.values.append($0) }
    #expect(calls.values == [false])
    context.advance(by: 0.2)
    layer.stop()
    #expect(calls.values == [false, false])
    #expect(layer.currentFrame == 0 && !layer.isPlaying)
    layer.play { calls.values.append($0) }
    layer.currentProgress = 0.5
    #expect(calls.values == [false, false, false])
    context.advance(by: 5)
    #expect(calls.values.count == 3)
  }

  @Test func markerSegmentsEndOnOrBeforeTheEndMarker() throws {
    let (context, layer) = try Self.playing()
    let calls = Calls()
    layer.play(fromMarker: "middle", toMarker: "outro") { calls.values.append($0) }
    #expect(layer.currentFrame == 10)
    context.advance(by: 1)
    context.advance(by: 0)
    #expect(layer.currentFrame == 15 && calls.values == [true])
    layer.play(fromMarker: "intro", toMarker: "middle", playEndMarkerFrame: false)
    context.advance(by: 2)
    context.advance(by: 0)
    #expect(layer.currentFrame == 9)
  }

  @Test func aMarkerPlaysOverItsDurationAndUnknownOnesDoNothing() throws {
    let (context, layer) = try Self.playing()
    let calls = Calls()
    layer.play(marker: "intro") { calls.values.append($0) }
    context.advance(by: 0.4)
    #expect(abs(layer.currentFrame - 4) < 1e-6)
    context.advance(by: 1)
    context.advance(by: 0)
    #expect(layer.currentFrame == 8 && calls.values == [true])
    layer.play(marker: "nope") { calls.values.append($0) }
    layer.play(toMarker: "nope") { calls.values.append($0) }
    #expect(!layer.isPlaying && calls.values == [true])
  }

  @Test func markersPlayInSequence() throws {
    let (context, layer) = try Self.playing()
    let calls = Calls()
    layer.play(markers: ["outro", "missing", "intro"]) { calls.values.append($0) }
    #expect(layer.currentFrame == 15)
    context.advance(by: 0.5)
    context.advance(by: 0)
    #expect(layer.isPlaying && layer.currentFrame == 0)
    context.advance(by: 0.8)
    context.advance(by: 0)
    #expect(layer.currentFrame == 8 && calls.values == [true])
  }
}

/// `LottieStage.renderWhole(frame:)`, the benchmark's whole-frame draw, gives the pixels
/// of the incremental draw.
@Suite struct LottieWholeFrameTests {
  @Test func aWholeFrameHasTheIncrementalFramesPixels() throws {
    let animation = try LottieAnimation(data: Data(LottieTranslationTests.file.utf8))
    let stage = LottieStage(animation, pixelSize: (50, 50))
    let bitmap = try #require(CGContext(width: 50, height: 50))
    for frame in [0.0, 5, 12, 20] {
      stage.render(frame: frame, into: bitmap)
      let whole = stage.renderWhole(frame: frame)
      #expect(whole.pixels == bitmap.makeImage()?.pixels, "frame \(frame)")
    }
  }
}

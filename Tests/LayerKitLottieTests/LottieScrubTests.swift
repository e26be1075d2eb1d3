import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// A scrub to any frame costs one frame, not a replay: the work (presentation frames
/// evaluated and animation values computed) is counted, not timed.
@Suite struct LottieScrubTests {
  /// 10,000 frames at 30 fps, 100 × 100 points: a square whose position has an eased
  /// keyframe every 10 frames (1,001 keyframes), whose rotation holds between keyframes
  /// every 50 frames and whose opacity ramps up and down every 1,000 frames.
  static let animation: LottieAnimation = {
    func eased(_ t: Int, _ s: String) -> String {
      #"{"t":\#(t),"s":\#(s),"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}}"#
    }
    let position = stride(from: 0, through: 10_000, by: 10).map {
      eased($0, "[\(20 + ($0 / 10) % 60),\(50 + ($0 / 10) % 7)]")
    }
    let rotation = stride(from: 0, through: 10_000, by: 50).map {
      #"{"t":\#($0),"s":[\#(($0 / 50) % 90)],"h":1}"#
    }
    let opacity = stride(from: 0, through: 10_000, by: 1_000).map {
      eased($0, "[\(($0 / 1_000) % 2 == 0 ? 100 : 20)]")
    }
    let json = """
      {"fr":30,"ip":0,"op":10000,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":10000,
      "ks":{"p":{"a":1,"k":[\(position.joined(separator: ","))]},
      "r":{"a":1,"k":[\(rotation.joined(separator: ","))]},
      "o":{"a":1,"k":[\(opacity.joined(separator: ","))]},"a":{"k":[0,0]}},
      "shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[30,30]},"r":{"k":0}},
      {"ty":"fl","c":{"k":[0.2,0.4,1,1]},"o":{"k":100}}]}]}
      """
    return try! LottieAnimation(data: Data(json.utf8))
  }()

  /// The animations attached anywhere in `layer`'s tree.
  static func animationCount(_ layer: CALayer) -> Int {
    (layer.animationKeys()?.count ?? 0)
      + (layer.sublayers ?? []).reduce(0) { $0 + animationCount($1) }
  }

  @Test func aJumpToAnyFrameEvaluatesOneFrame() throws {
    let stage = LottieStage(Self.animation, pixelSize: (100, 100))
    // The first frames start the animations (their begin times are stamped on commit).
    _ = stage.render(progress: 0)
    _ = stage.render(progress: 0.1)
    let context = stage.context
    let animations = Self.animationCount(stage.layer)
    #expect(animations >= 3)
    // A seek is a model change only: its commit never walks the tree (changes are counted
    // per tree, so the fresh stages below cannot make it walk).
    var costs: [Double: Int] = [:]
    for frame in [1.0, 9_999, 5_000, 2, 10_000, 7_777.5, 3] {
      let frames = context.evaluatedFrames
      let values = context.evaluatedAnimations
      let walks = context.commitWalks
      let image = stage.render(progress: frame / 10_000)
      #expect(context.evaluatedFrames - frames == 1, "frame \(frame): one presentation frame")
      #expect(context.commitWalks == walks, "frame \(frame): the seek's commit walked")
      costs[frame] = context.evaluatedAnimations - values
      // The frame reached by the jump is the frame a stage built there shows.
      let fresh = LottieStage(Self.animation, pixelSize: (100, 100)).render(
        progress: frame / 10_000)
      #expect(image.pixels == fresh.pixels, "frame \(frame)")
    }
    // A jump of 1 frame and one of 9,998 frames compute the same values, whatever the
    // distance or direction: each animation once. At the very last frame an animation's
    // active interval ends, which may raise its stop: the plan's replay hands the frame to
    // a walk there, after the records it had already evaluated (at most once more each).
    for (frame, cost) in costs where frame < 10_000 {
      #expect(cost == animations, "frame \(frame): \(cost) values for \(animations) animations")
    }
    let last = try #require(costs[10_000])
    #expect(last >= animations && last <= 2 * animations, "\(last) of \(animations)")
  }

  /// Seeking a playing stage (the compositor's path) to the frame shown changes no model
  /// value, so it commits and evaluates nothing, however often it is repeated (changes
  /// are counted per tree: other stages and tests cannot make it walk).
  @Test func seekingAgainToTheSameFrameComputesNothing() {
    let stage = LottieStage(Self.animation, pixelSize: (100, 100))
    let bitmap = CGContext(width: 100, height: 100)!
    let frame = Self.animation.frame(atProgress: 0.5)
    stage.render(frame: Self.animation.frame(atProgress: 0.4), into: bitmap)
    stage.render(frame: frame, into: bitmap)
    for seek in 0..<3 {
      let frames = stage.context.evaluatedFrames
      let walks = stage.context.commitWalks
      stage.render(frame: frame, into: bitmap)
      #expect(stage.context.evaluatedFrames == frames, "seek \(seek) evaluated a frame")
      #expect(stage.context.commitWalks == walks, "seek \(seek) walked the tree")
    }
  }
}

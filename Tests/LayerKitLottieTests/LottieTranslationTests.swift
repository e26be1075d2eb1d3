import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

@Suite struct LottieTranslationTests {
  /// A 100 × 100 file at 10 fps, frames 0…20, with one red square whose opacity eases
  /// from 0 to 100 over frames 0…10 and whose x position holds at 20 then jumps to 80.
  static let file = #"""
    {"fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[
     {"ty":4,"ind":1,"ip":0,"op":20,
      "ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":10,"s":[100]}]},
            "p":{"a":1,"k":[{"t":0,"s":[20,50],"h":1},{"t":10,"s":[80,50]}]},"a":{"k":[0,0]}},
      "shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[10,10]},"r":{"k":0}},
                {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
    """#

  static func animation() throws -> LottieAnimation { try LottieAnimation(data: Data(file.utf8)) }

  @Test func easingBecomesOneTimingFunctionPerSegment() throws {
    let property = Keyframed<Double>(keyframes: [
      Keyframe(time: 0, value: 0, easing: (0.4, 0, 0.6, 1)), Keyframe(time: 10, value: 100),
    ])
    let a = try #require(
      KeyframeAnimationFactory.animation(
        property, keyPath: "opacity", timing: LayerTiming(frameRate: 10)
      ) { $0 })
    #expect(a.keyTimes == [0, 1])
    #expect(a.timingFunctions?.count == 1)
    var p = [Float](repeating: 0, count: 2)
    a.timingFunctions![0].getControlPoint(at: 1, values: &p)
    #expect(p == [0.4, 0])
    #expect(abs(a.duration - 1) < 1e-12 && a.fillMode == .both && !a.isRemovedOnCompletion)
  }

  @Test func allHoldKeyframesAreDiscrete() throws {
    let property = Keyframed<Double>(keyframes: [
      Keyframe(time: 0, value: 1, hold: true), Keyframe(time: 5, value: 2, hold: true),
      Keyframe(time: 10, value: 3),
    ])
    let a = try #require(
      KeyframeAnimationFactory.animation(
        property, keyPath: "opacity", timing: LayerTiming(frameRate: 10)
      ) { $0 })
    #expect(a.calculationMode == .discrete)
    #expect(a.keyTimes?.count == (a.values?.count ?? 0) + 1)
  }

  /// Renders the file at `frame` and reads the pixel at (x, y) in points.
  static func pixel(_ a: LottieAnimation, frame: Double, x: Int, y: Int) -> (UInt8, UInt8) {
    let image = LottieSnapshot.render(
      a, progress: a.progress(atFrame: frame), pixelSize: (100, 100))
    let p = image.pixel(x: x, y: y)
    return (p.r, p.a)
  }

  @Test func holdKeepsThePositionUntilTheNextKeyframe() throws {
    let a = try Self.animation()
    #expect(Self.pixel(a, frame: 9, x: 20, y: 50).1 > 0)
    #expect(Self.pixel(a, frame: 9, x: 80, y: 50).1 == 0)
    // Frame 10 is 10/21 of the paused timeline, which rounds up as a 32-bit key time:
    // as in Apple's renders, the frame itself still shows the held value.
    #expect(Self.pixel(a, frame: 10, x: 20, y: 50).1 > 0)
    #expect(Self.pixel(a, frame: 10.01, x: 80, y: 50).1 == 255)
    #expect(Self.pixel(a, frame: 10.01, x: 20, y: 50).1 == 0)
  }

  @Test func easedOpacityFollowsTheTangents() throws {
    let a = try Self.animation()
    // At half time the curve (0.4, 0)(0.6, 1) is at 0.5: alpha ≈ 128.
    let alpha = Double(Self.pixel(a, frame: 5, x: 20, y: 50).1)
    #expect(abs(alpha - 127.5) <= 2)
    // At a quarter it is well below linear (25 %).
    #expect(Double(Self.pixel(a, frame: 2.5, x: 20, y: 50).1) < 0.2 * 255)
  }

  @Test func lastFrameShowsLayersEndingAtTheOutPoint() throws {
    let a = try Self.animation()
    #expect(Self.pixel(a, frame: 20, x: 80, y: 50).1 == 255)
  }

  /// A context on a manual clock whose root holds a `LottieLayer` of `file`, committed.
  static func playing() throws -> (CAContext, LottieLayer) {
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    context.layer = root
    let layer = LottieLayer(animation: try animation())
    root.addSublayer(layer)
    context.commit()
    return (context, layer)
  }

  @Test func playAdvancesWithTheClockAndLoops() throws {
    let (context, layer) = try Self.playing()
    layer.loopMode = .loop
    layer.play()
    context.advance(by: 0.5)
    #expect(abs(layer.currentFrame - 5) < 1e-6)
    context.advance(by: 1.0)
    context.advance(by: 0.25)
    // 1.75 s at 10 fps over a 2 s loop of 20 frames, restarted at 2 s: frame 17.5.
    #expect(abs(layer.currentFrame - 17.5) < 1e-6)
    context.advance(by: 0.5)
    context.advance(by: 0)
    #expect(layer.isPlaying)
    #expect(abs(layer.currentFrame - 2.5) < 1e-6)
    layer.pause()
    let paused = layer.currentFrame
    context.advance(by: 1)
    #expect(layer.currentFrame == paused)
  }

  @Test func reverseAndPlayOnceHoldAtTheStart() throws {
    let (context, layer) = try Self.playing()
    layer.animationSpeed = -2
    layer.play()
    #expect(layer.currentFrame == 20)
    context.advance(by: 0.25)
    #expect(abs(layer.currentFrame - 15) < 1e-6)
    context.advance(by: 1)
    context.advance(by: 0)
    #expect(!layer.isPlaying)
    #expect(layer.currentFrame == 0)
  }

  @Test(
    arguments: [
      (0, nil), (1, "multiplyBlendMode"), (2, "screenBlendMode"), (10, "differenceBlendMode"),
      (15, "luminosityBlendMode"), (99, nil),
    ] as [(Int, String?)])
  func blendModesMapToCompositingFilters(bm: Int, name: String?) {
    #expect(LottieBlendMode.compositingFilterName(bm) == name)
  }

  @Test func aLayersBlendModeBecomesItsCompositingFilter() throws {
    let json = Self.file.replacingOccurrences(
      of: #""ty":4,"ind":1,"#, with: #""ty":4,"ind":1,"bm":1,"#)
    let layer = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
    var filters: [String] = []
    var stack: [CALayer] = [layer]
    while let next = stack.popLast() {
      if let name = next.compositingFilter as? String { filters.append(name) }
      stack += next.sublayers ?? []
    }
    #expect(filters == ["multiplyBlendMode"])
  }

  @Test func animatedDashOffsetBecomesALineDashPhaseAnimation() throws {
    let json = #"""
      {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,
       "ks":{"a":{"k":[0,0]}},
       "shapes":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[60,60]},"r":{"k":0}},
                 {"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":4},"lc":2,"lj":1,
                  "d":[{"n":"d","v":{"k":0}},{"n":"g","v":{"k":15}},
                       {"n":"o","v":{"a":1,"k":[{"t":0,"s":[0]},{"t":10,"s":[30]}]}}]}]}]}
      """#
    let layer = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
    var shapes: [CAShapeLayer] = []
    var stack: [CALayer] = [layer]
    while let next = stack.popLast() {
      if let s = next as? CAShapeLayer { shapes.append(s) }
      stack += next.sublayers ?? []
    }
    let stroke = try #require(shapes.first { $0.lineDashPattern != nil })
    #expect(stroke.lineDashPattern == [0, 15])
    let phase = try #require(stroke.animation(forKey: "lineDashPhase") as? CAKeyframeAnimation)
    #expect(phase.values?.compactMap { $0 as? CGFloat } == [0, 30])
  }

  @Test func snapshotSizeFollowsTheFramingRule() {
    #expect(LottieSnapshot.viewSize(for: CGSize(width: 1334, height: 1600)).width == 416.875)
    #expect(
      LottieSnapshot.viewSize(for: CGSize(width: 100, height: 58.84))
        == CGSize(width: 100, height: 58.84))
  }
}

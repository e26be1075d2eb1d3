import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// Hostile Lottie files, by class: numbers `Int` does not hold, counts and spans beyond
/// reason, keyframe times that are huge, equal or out of order, and trees that fan out.
/// Each case that once trapped (an unchecked `Int(_:)` of a `Double`, an empty keyframe
/// list read at index 0) runs in its own process and checks its answer with
/// `precondition`s there, so a regression fails the test instead of the test run.
@Suite struct LottieBadInputTests {
  /// A 100 × 100 file at 30 fps, frames 0…60, with `layers` (JSON) and `assets`.
  static func file(layers: String, assets: String = "[]") -> Data {
    Data(
      #"{"v":"5.7","fr":30,"ip":0,"op":60,"w":100,"h":100,"assets":\#(assets),"layers":\#(layers)}"#
        .utf8)
  }

  /// A shape layer holding `shapes` (JSON), with `extra` members.
  static func shapeLayer(_ shapes: String, extra: String = "") -> String {
    #"{"ty":4,"ip":0,"op":60,"st":0,"ks":{}\#(extra),"shapes":\#(shapes)}"#
  }

  /// A red 40 × 40 square at (50, 50).
  static let square =
    #"{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},"#
    + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#

  /// Loads `data`, builds its tree and renders it at three progresses into 20 × 20
  /// pixels; returns the middle pixel of each.
  static func render(_ data: Data) throws -> [(UInt8, UInt8, UInt8, UInt8)] {
    let animation = try LottieAnimation(data: data)
    return [0, 0.5, 1].map { p in
      let image = LottieSnapshot.render(animation, progress: p, pixelSize: (20, 20))
      let px = image.pixel(x: 10, y: 10)
      return (px.r, px.g, px.b, px.a)
    }
  }

  /// The error `data` throws, nil when it loads.
  static func error(_ data: Data) -> LottieError? {
    do {
      _ = try LottieAnimation(data: data)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Numbers Int does not hold

  @Test func anIndexOf1e19IsRefusedWithItsPath() async {
    await #expect(processExitsWith: .success) {
      let e = LottieBadInputTests.error(
        LottieBadInputTests.file(layers: #"[{"ty":3,"ind":1e19,"ks":{}}]"#))
      precondition(
        e == .invalidValue(path: "$.layers[0].ind", expected: "an integer between -2^63 and 2^63"))
      let negative = LottieBadInputTests.error(
        LottieBadInputTests.file(layers: #"[{"ty":3,"ind":-1e19,"ks":{}}]"#))
      precondition(negative?.description.hasPrefix("$.layers[0].ind:") == true)
    }
  }

  @Test func aParentOf1e19IsRefusedWithItsPath() async {
    await #expect(processExitsWith: .success) {
      let e = LottieBadInputTests.error(
        LottieBadInputTests.file(layers: #"[{"ty":3,"ind":1,"parent":1e19,"ks":{}}]"#))
      precondition(
        e
          == .invalidValue(
            path: "$.layers[0].parent", expected: "an integer between -2^63 and 2^63"))
    }
  }

  @Test func aFractionalIndexIsTruncatedAsBefore() throws {
    let layers = #"[{"ty":3,"ind":2.7,"ks":{}},{"ty":3,"ind":-3.5,"parent":2,"ks":{}}]"#
    let c = try LottieAnimation(data: Self.file(layers: layers)).composition
    #expect(c.layers[0].index == 2)
    #expect(c.layers[1].index == -3 && c.layers[1].parent == 2)
  }

  @Test func aSolidColourWrittenAsTheNumber1e19DrawsBlack() async {
    await #expect(processExitsWith: .success) {
      let layers = #"[{"ty":1,"sc":1e19,"sw":100,"sh":100,"ks":{}}]"#
      let px = try! LottieBadInputTests.render(LottieBadInputTests.file(layers: layers))
      precondition(px[1] == (0, 0, 0, 255))
      let tiny = #"[{"ty":1,"sc":-1e-300,"sw":100,"sh":100,"ks":{}}]"#
      _ = try! LottieBadInputTests.render(LottieBadInputTests.file(layers: tiny))
    }
  }

  @Test func aRepeaterOf1e19CopiesDrawsAtMostTheLimit() async throws {
    await #expect(processExitsWith: .success) {
      for copies in ["1e19", "-1e19", "1e308", "-1e308"] {
        let shapes =
          "[" + LottieBadInputTests.square
          + #",{"ty":"rp","c":{"k":\#(copies)},"o":{"k":0},"tr":{"p":{"k":[0,0]}}}]"#
        let data = LottieBadInputTests.file(
          layers: "[" + LottieBadInputTests.shapeLayer(shapes) + "]")
        let px = try! LottieBadInputTests.render(data)
        precondition(px[1] == (copies.hasPrefix("-") ? (0, 0, 0, 0) : (255, 0, 0, 255)))
      }
    }
    let shapes =
      "[" + Self.square + #",{"ty":"rp","c":{"k":1e19},"o":{"k":0},"tr":{"p":{"k":[0,0]}}}]"#
    let layer = LottieLayer(
      animation: try LottieAnimation(data: Self.file(layers: "[" + Self.shapeLayer(shapes) + "]")))
    let replicators = Self.all(layer).compactMap { $0 as? CAReplicatorLayer }
    #expect(replicators.map(\.instanceCount) == [LottieLimits.maxRepeaterCopies])
  }

  @Test func aStarOf1e19PointsOrAnOverflowingPointCountDraws() async {
    await #expect(processExitsWith: .success) {
      for points in [
        #"{"k":1e19}"#, #"{"k":-1e19}"#,
        #"{"a":1,"k":[{"t":0,"s":[1e308]},{"t":60,"s":[-1e308]}]}"#,
      ] {
        let star =
          #"{"ty":"sr","sy":1,"p":{"k":[50,50]},"or":{"k":40},"ir":{"k":20},"os":{"k":0},"#
          + #""is":{"k":0},"r":{"k":0},"pt":\#(points)}"#
        let shapes = "[" + star + #",{"ty":"fl","c":{"k":[0,0,1,1]},"o":{"k":100}}]"#
        let data = LottieBadInputTests.file(
          layers: "[" + LottieBadInputTests.shapeLayer(shapes) + "]")
        _ = try! LottieBadInputTests.render(data)
      }
    }
  }

  // MARK: Keyframe times

  @Test func keyframeTimesOf1e308AreClampedAndDraw() async {
    await #expect(processExitsWith: .success) {
      // A rectangle whose size and roundness animate on different key times (a sampled
      // combination) and a trim with an offset (held samples), over ±1e308 frames.
      let rect =
        #"{"ty":"rc","p":{"k":[50,50]},"s":{"a":1,"k":[{"t":-1e308,"s":[40,40]},"#
        + #"{"t":1e308,"s":[80,80]}]},"r":{"a":1,"k":[{"t":-1e308,"s":[0]},{"t":0,"s":[5]}]}}"#
      let trim =
        #"{"ty":"tm","s":{"a":1,"k":[{"t":-1e308,"s":[0]},{"t":1e308,"s":[50]}]},"#
        + #""e":{"k":100},"o":{"a":1,"k":[{"t":0,"s":[0]},{"t":1e308,"s":[360]}]},"m":1}"#
      let stroke = #"{"ty":"st","c":{"k":[0,1,0,1]},"o":{"k":100},"w":{"k":4}}"#
      let fill = #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#
      let shapes = "[" + rect + "," + trim + "," + stroke + "," + fill + "]"
      let data = LottieBadInputTests.file(
        layers: "[" + LottieBadInputTests.shapeLayer(shapes) + "]")
      let px = try! LottieBadInputTests.render(data)
      precondition(px[1] == (255, 0, 0, 255))
      let c = try! LottieAnimation(data: data).composition
      guard case .shape(let items, _) = c.layers[0].kind, case .rectangle(_, let s, _, _) = items[0]
      else { preconditionFailure() }
      precondition(s.keyframes.map(\.time) == [-1e9, 1e9])
    }
  }

  @Test func keyframesAllAtOneTimeCombineWithoutAnEmptySampleList() async {
    await #expect(processExitsWith: .success) {
      let trim =
        #"{"ty":"tm","s":{"a":1,"k":[{"t":10,"s":[0]},{"t":10,"s":[50]}]},"#
        + #""e":{"a":1,"k":[{"t":10,"s":[100]},{"t":10,"h":1,"s":[90]}]},"o":{"k":30},"m":1}"#
      let rect = #"{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}}"#
      let stroke = #"{"ty":"st","c":{"k":[0,1,0,1]},"o":{"k":100},"w":{"k":4}}"#
      let shapes = "[" + rect + "," + trim + "," + stroke + "]"
      let data = LottieBadInputTests.file(
        layers: "[" + LottieBadInputTests.shapeLayer(shapes) + "]")
      _ = try! LottieBadInputTests.render(data)
      let held = CombinedKeyframes(
        [
          Keyframed(keyframes: [Keyframe(time: 5, value: 0), Keyframe(time: 5, value: 1)]),
          Keyframed(keyframes: [
            Keyframe(time: 5, value: 0), Keyframe(time: 5, value: 2, hold: true),
          ]),
        ], sampling: .tenthFrameHolds)
      precondition(held?.driver.keyframes.map(\.time) == [5])
    }
  }

  @Test func keyframesOutOfOrderAreSortedStably() throws {
    let opacity = #"{"a":1,"k":[{"t":30,"s":[0]},{"t":0,"s":[100]},{"t":30,"s":[50]}]}"#
    let node = try JSONNode.parse(Data(opacity.utf8))
    let k = try Keyframed(node) { (v) throws(LottieError) in try v.double() }
    #expect(k.keyframes.map(\.time) == [0, 30, 30])
    #expect(k.keyframes.map(\.value) == [100, 0, 50])
    #expect(abs(k.value(at: 15) - 50) < 1e-12)
    #expect(k.value(at: 30) == 50)
  }

  @Test(arguments: ["1e-300", "-1e-300", "1e300", "-1e300"])
  func aTimeStretchOutOfRangeIsRefused(stretch: String) {
    let layers = #"[{"ty":3,"sr":\#(stretch),"ks":{}}]"#
    let e = Self.error(Self.file(layers: layers))
    #expect(
      e
        == .limitExceeded(
          path: "$.layers[0].sr", limit: "a time stretch between 0.001 and 1000.0 in magnitude"))
  }

  @Test func layerTimesOf1e308AreClamped() throws {
    let layers = #"[{"ty":3,"ip":-1e308,"op":1e308,"st":1e308,"ks":{}}]"#
    let c = try LottieAnimation(data: Self.file(layers: layers)).composition
    #expect(c.layers[0].inPoint == -LottieLimits.maxFrameTime)
    #expect(c.layers[0].outPoint == LottieLimits.maxFrameTime)
    #expect(c.layers[0].startTime == LottieLimits.maxFrameTime)
  }

  @Test func aNonIntegerFrameRatePlaysAtItsRate() throws {
    let data = Data(
      #"{"fr":29.97,"ip":0,"op":59.94,"w":10,"h":10,"layers":[]}"#.utf8)
    let a = try LottieAnimation(data: data)
    #expect(abs(a.duration - 2) < 1e-12)
  }

  // MARK: Fan-out

  @Test func aPrecompositionFanOutIsRefusedBeforeBuilding() {
    // Six levels of ten uses each: a million square layers.
    var assets: [String] = []
    for level in 0..<6 {
      let uses = (0..<10).map { _ in
        #"{"ty":0,"refId":"p\#(level + 1)","w":100,"h":100,"ks":{}}"#
      }.joined(separator: ",")
      assets.append(#"{"id":"p\#(level)","layers":[\#(uses)]}"#)
    }
    assets.append(#"{"id":"p6","layers":[\#(Self.shapeLayer("[" + Self.square + "]"))]}"#)
    let data = Self.file(
      layers: #"[{"ty":0,"refId":"p0","w":100,"h":100,"ks":{}}]"#,
      assets: "[" + assets.joined(separator: ",") + "]")
    #expect(
      Self.error(data)
        == .limitExceeded(
          path: "$.layers[0]", limit: "\(LottieLimits.maxBuiltLayers) layers in the built tree"))
  }

  @Test func nestedRepeatersMultiplyIntoTheBudget() {
    let inner =
      #"{"ty":"gr","it":["# + Self.square
      + #",{"ty":"rp","c":{"k":1000},"o":{"k":0},"tr":{"p":{"k":[0,0]}}},{"ty":"tr"}]}"#
    let shapes = "[" + inner + #",{"ty":"rp","c":{"k":1000},"o":{"k":0},"tr":{"p":{"k":[0,0]}}}]"#
    let e = Self.error(Self.file(layers: "[" + Self.shapeLayer(shapes) + "]"))
    #expect(
      e
        == .limitExceeded(
          path: "$.layers[0]", limit: "\(LottieLimits.maxBuiltLayers) layers in the built tree"))
  }

  /// Every layer of the tree under `layer`, masks included, each replicator's content
  /// counted once per instance.
  static func all(_ layer: CALayer) -> [CALayer] {
    var out: [CALayer] = [layer]
    for s in layer.sublayers ?? [] { out += all(s) }
    if let m = layer.mask { out += all(m) }
    return out
  }
}

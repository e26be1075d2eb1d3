import Foundation
import LayerKit
import Testing

@testable import LayerKitLottie

/// Trim offsets past a full turn and trims over several paths, as lottie-ios's Core
/// Animation engine applies them (`Trim.caShapeLayerKeyframes`, and `GroupLayer`'s one
/// shape layer per path under a trim).
@Suite struct LottieTrimOffsetTests {
  typealias T = LottieTrimTests

  /// A horizontal line from (10, `y`) to (90, `y`).
  static func line(y: Int) -> String {
    #"{"ty":"sh","ks":{"k":{"v":[[10,"# + "\(y)" + #"],[90,"# + "\(y)"
      + #"]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":false}}}"#
  }

  static func trim(end: String, offset: String, mode: Int = 1) -> String {
    #"{"ty":"tm","s":{"k":0},"e":{"k":"# + end + #"},"o":{"k":"# + offset + #"},"m":"#
      + "\(mode)}"
  }

  /// An offset turning 0° → 360° over frames 0…10 carries a quarter of the line once
  /// along it: halfway (frame 5) the window is 50…75 % of the line (x 50…70), not back
  /// where it started, as a window wrapped at each key time would be.
  @Test func anOffsetTurningAFullCircleMovesTheWindowAlong() throws {
    let turn = #"[{"t":0,"s":[0]},{"t":10,"s":[360]}]"#
    let json = T.file(
      [T.line, T.stroke, Self.trim(end: "25", offset: turn)].joined(separator: ","))
    #expect(try T.alpha(json, frame: 5, x: 60, y: 50) == 255)
    #expect(try T.alpha(json, frame: 5, x: 20, y: 50) == 0)
    #expect(try T.alpha(json, frame: 5, x: 80, y: 50) == 0)
    // At the key times the window is the line's first quarter (x 10…30).
    #expect(try T.alpha(json, frame: 0, x: 20, y: 50) == 255)
    #expect(try T.alpha(json, frame: 0, x: 60, y: 50) == 0)
    // Twice the path: the window's end reaches 125 %.
    let layer = try #require(T.strokeLayers(json).first)
    #expect(abs(layer.strokeEnd - 0.125) < 1e-9)
  }

  /// A negative offset lifts the window by a whole path: −45° with a 0…50 % trim keeps
  /// the line's last eighth and its first three eighths (x 80…90 and 10…40).
  @Test func aNegativeOffsetWrapsAcrossThePathsStart() throws {
    let json = T.file(
      [T.line, T.stroke, Self.trim(end: "50", offset: "-45")].joined(separator: ","))
    #expect(try T.alpha(json, frame: 5, x: 86, y: 50) == 255)
    #expect(try T.alpha(json, frame: 5, x: 30, y: 50) == 255)
    #expect(try T.alpha(json, frame: 5, x: 60, y: 50) == 0)
  }

  /// lottie-ios's path multiplier and lift: `|ceil(max end / 100)| + |floor(min start /
  /// 100)|` copies, values lifted by whole paths when the smallest start is negative.
  @Test func theWindowRepeatsThePathAsOftenAsItReaches() {
    func k(_ v: Double) -> Keyframed<Double> { Keyframed(constant: v) }
    let quarter = TrimWindow(start: k(20), end: k(60), offset: k(90), frames: [0])
    #expect(quarter.copies == 1)
    #expect(abs(quarter.stroke(at: 0).0 - 0.45) < 1e-12)
    #expect(abs(quarter.stroke(at: 0).1 - 0.85) < 1e-12)
    let back = TrimWindow(start: k(0), end: k(50), offset: k(-45), frames: [0])
    #expect(back.copies == 2 && back.lift == 100)
    #expect(abs(back.stroke(at: 0).0 - 87.5 / 200) < 1e-12)
    #expect(abs(back.stroke(at: 0).1 - 137.5 / 200) < 1e-12)
    let twice = Keyframed(keyframes: [
      Keyframe(time: 0, value: 0.0), Keyframe(time: 10, value: 720.0),
    ])
    let spin = TrimWindow(start: k(0), end: k(25), offset: twice, frames: [0, 10])
    #expect(spin.copies == 3 && !spin.wraps)
    #expect(abs(spin.stroke(at: 10).0 - 200.0 / 300) < 1e-12)
    #expect(abs(spin.stroke(at: 10).1 - 225.0 / 300) < 1e-12)
  }

  /// An offset of many turns would repeat the path without bound; past `maxCopies` the
  /// window wraps into the first copy of two instead.
  @Test func manyTurnsWrapInsteadOfRepeatingThePath() {
    let k = { (v: Double) in Keyframed(constant: v) }
    let w = TrimWindow(start: k(0), end: k(25), offset: k(3_600), frames: [0])
    #expect(w.wraps && w.copies == 2)
    #expect(abs(w.stroke(at: 0).0) < 1e-9)
    #expect(abs(w.stroke(at: 0).1 - 0.125) < 1e-9)
    let huge = TrimWindow(start: k(0), end: k(25), offset: k(1e300), frames: [0])
    #expect(huge.copies == 2)
    let (a, b) = huge.stroke(at: 0)
    #expect(a >= 0 && a <= 1 && b >= 0 && b <= 1)
  }

  /// lottie-ios's Core Animation engine trims each path under a trim on its own layer in
  /// both modes (`m` 1 "simultaneously" and 2 "individually"): a 0…50 % trim keeps the
  /// left half of each of two lines.
  @Test func eachPathIsTrimmedOnItsOwnInBothModes() throws {
    for mode in [1, 2] {
      let trim = Self.trim(end: "50", offset: "0", mode: mode)
      let json = T.file(
        [Self.line(y: 30), Self.line(y: 70), T.stroke, trim].joined(separator: ","))
      #expect(try T.strokeLayers(json).count == 2)
      #expect(try T.alpha(json, frame: 5, x: 30, y: 30) == 255)
      #expect(try T.alpha(json, frame: 5, x: 70, y: 30) == 0)
      #expect(try T.alpha(json, frame: 5, x: 30, y: 70) == 255)
      #expect(try T.alpha(json, frame: 5, x: 70, y: 70) == 0)
    }
  }
}

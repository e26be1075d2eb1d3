import Foundation
import Testing

@testable import LayerKit

@Suite struct KeyframeAnimationEvaluationTests {
  static func program<V: Interpolatable>(_ a: CAKeyframeAnimation, _ type: V.Type)
    -> PropertyProgram<V>?
  {
    PropertyProgram(a, keyPath: a.keyPath ?? "") {
      AnimationValueConversion.convert($0, to: V.self, keyPath: a.keyPath ?? "", role: $1())
    }
  }

  static func keyframes(
    _ values: [Any], mode: CAAnimationCalculationMode = .linear, keyTimes: [NSNumber]? = nil
  )
    -> CAKeyframeAnimation
  {
    let a = CAKeyframeAnimation(keyPath: "position.y")
    a.values = values
    a.calculationMode = mode
    a.keyTimes = keyTimes
    a.duration = 1
    a.fillMode = .forwards
    return a
  }

  @Test(arguments: [(0.0, 0.0), (0.25, 5.0), (0.5, 10.0), (0.75, 20.0), (1.0, 30.0)])
  func linearWithKeyTimes(t: Double, expected: Double) throws {
    let p = try #require(
      Self.program(Self.keyframes([0, 10, 30], keyTimes: [0, 0.5, 1]), CGFloat.self))
    #expect(abs(try #require(p.value(atParentTime: t, model: 0, underlying: 0)) - expected) < 1e-9)
  }

  @Test(arguments: [(0.0, 1.0), (0.3, 1.0), (0.5, 2.0), (0.74, 2.0), (0.75, 3.0), (1.0, 3.0)])
  func discreteHoldsEachValueUntilTheNextKeyTime(t: Double, expected: Double) throws {
    let p = try #require(
      Self.program(
        Self.keyframes([1, 2, 3], mode: .discrete, keyTimes: [0, 0.5, 0.75, 1]), CGFloat.self))
    #expect(try #require(p.value(atParentTime: t, model: 0, underlying: 0)) == expected)
  }

  @Test(arguments: [(0.0, 1.0), (0.33, 1.0), (0.34, 2.0), (0.9, 3.0)])
  func discreteWithoutKeyTimesSplitsEvenly(t: Double, expected: Double) throws {
    let p = try #require(Self.program(Self.keyframes([1, 2, 3], mode: .discrete), CGFloat.self))
    #expect(try #require(p.value(atParentTime: t, model: 0, underlying: 0)) == expected)
  }

  @Test(arguments: [(0.1, 1.0), (0.5, 5.0), (0.9, 9.0)])
  func pacedMovesAtConstantSpeedAndIgnoresKeyTimes(t: Double, expected: Double) throws {
    let a = Self.keyframes([0, 1, 10], mode: .paced, keyTimes: [0, 0.9, 1])
    a.timingFunction = CAMediaTimingFunction(name: .easeIn)
    let p = try #require(Self.program(a, CGFloat.self))
    #expect(abs(try #require(p.value(atParentTime: t, model: 0, underlying: 0)) - expected) < 1e-9)
  }

  @Test func cubicPassesThroughEveryKeyframeAndIsSmooth() throws {
    // Seed 004: position.y [310, 60, 120, 60, 310] at [0, 0.25, 0.5, 0.75, 1].
    let a = Self.keyframes(
      [310, 60, 120, 60, 310], mode: .cubic, keyTimes: [0, 0.25, 0.5, 0.75, 1])
    a.duration = 6
    let p = try #require(Self.program(a, CGFloat.self))
    let rows: [(Double, Double)] = [(0, 310), (1.5, 60), (3, 120), (4.5, 60), (5.999999, 310)]
    for (t, v) in rows {
      #expect(abs(try #require(p.value(atParentTime: t, model: 0, underlying: 0)) - v) < 1e-3)
    }
    // Catmull–Rom overshoots below 60 next to the keyframe at 0.25 (no linear kink).
    let near = try #require(p.value(atParentTime: 1.7, model: 0, underlying: 0))
    #expect(near < 60)
    // Left and right slopes at the middle keyframe agree.
    let e = 1e-6
    let l =
      (try #require(p.value(atParentTime: 3, model: 0, underlying: 0)) - p.value(
        atParentTime: 3 - e, model: 0, underlying: 0)!) / e
    let r =
      (p.value(atParentTime: 3 + e, model: 0, underlying: 0)! - p.value(
        atParentTime: 3, model: 0, underlying: 0)!) / e
    #expect(abs(l - r) < 1e-2)
  }

  @Test func cubicEndTangentsAreTheWholeAdjacentDifference() throws {
    // Measured on QuartzCore (issue 12 §4): the end tangent is Pₙ − Pₙ₋₁, not half of it.
    // The end segment of [0, 0, 30] at its middle: 15 + (15·0.125 − 30·0.125) = 13.125
    // (half the tangent gave 15). The start tangent mirrors it: [0, 30, 30] at 0.25.
    let end = try #require(Self.program(Self.keyframes([0, 0, 30], mode: .cubic), CGFloat.self))
    let start = try #require(Self.program(Self.keyframes([0, 30, 30], mode: .cubic), CGFloat.self))
    #expect(abs(end.value(atParentTime: 0.75, model: 0, underlying: 0)! - 13.125) < 1e-12)
    #expect(abs(start.value(atParentTime: 0.25, model: 0, underlying: 0)! - 16.875) < 1e-12)
  }

  @Test func endTensionScalesTheWholeDifference() throws {
    // LayerKit's choice (TimingModel.md): at an end the missing neighbour mirrors the
    // existing one, so tension t scales the whole difference by (1 − t). With tension 1
    // at the last keyframe the end tangent is 0; the end segment of [0, 0, 30] at 0.75 is
    // 15 + 0.125·15 (inner Catmull–Rom tangent) = 16.875.
    let a = Self.keyframes([0, 0, 30], mode: .cubic)
    a.tensionValues = [0, 0, 1]
    let p = try #require(Self.program(a, CGFloat.self))
    #expect(abs(p.value(atParentTime: 0.75, model: 0, underlying: 0)! - 16.875) < 1e-12)
  }

  @Test func pacedArraysKeepEvenSpacingOthersPaceByDistance() throws {
    // Measured on QuartzCore (issue 12 §4): values given as arrays keep even key spacing
    // in paced modes; scalars still pace by distance.
    let a = Self.keyframes(
      [SIMD3<Double>(0, 0, 0), SIMD3<Double>(10, 0, 0), SIMD3<Double>(10, 30, 0)], mode: .paced)
    let arrays = try #require(
      PropertyProgram<SIMD3<Double>>(a, keyPath: "transform") { v, _ in v as? SIMD3<Double> })
    let v = arrays.value(atParentTime: 0.75, model: .zero, underlying: .zero)!
    #expect(v == SIMD3(10, 15, 0))
    let scalars = try #require(
      Self.program(Self.keyframes([0, 10, 40], mode: .paced), CGFloat.self))
    #expect(abs(scalars.value(atParentTime: 0.75, model: 0, underlying: 0)! - 30) < 1e-12)
  }

  @Test func tensionOneMakesCubicFlatAtKeyframes() throws {
    let a = Self.keyframes([0, 10, 0], mode: .cubic)
    a.tensionValues = [1, 1, 1]
    let p = try #require(Self.program(a, CGFloat.self))
    // Zero tangents: Hermite with zero slopes is smoothstep.
    #expect(abs(try #require(p.value(atParentTime: 0.25, model: 0, underlying: 0)) - 5) < 1e-9)
  }

  @Test(arguments: [
    [NSNumber(value: 0), 0.5] as [NSNumber],  // wrong count
    [0, 0.7, 0.5],  // decreasing
    [0.1, 0.5, 1],  // does not start at 0
    [0, 0.5, 1.5],  // outside 0...1
    [0, NSNumber(value: Double.nan), 1],
  ])
  func invalidKeyTimesFallBackToEvenSpacingWithADiagnostic(keyTimes: [NSNumber]) throws {
    CADiagnostics.drain()
    let p = try #require(
      Self.program(Self.keyframes([0, 10, 30], keyTimes: keyTimes), CGFloat.self))
    #expect(p.value(atParentTime: 0.5, model: 0, underlying: 0) == 10)
    #expect(CADiagnostics.drain().contains { $0.message.contains("keyTimes") })
  }

  @Test func perSegmentTimingFunctionsApplyAfterTheAnimationWideOne() throws {
    let a = Self.keyframes([0, 10, 20])
    a.timingFunctions = [
      CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear),
    ]
    let p = try #require(Self.program(a, CGFloat.self))
    let easeIn = CAMediaTimingFunction(name: .easeIn).curve.evaluate(0.5)
    #expect(
      abs(try #require(p.value(atParentTime: 0.25, model: 0, underlying: 0)) - 10 * easeIn) < 1e-9)
    #expect(abs(try #require(p.value(atParentTime: 0.75, model: 0, underlying: 0)) - 15) < 1e-9)
  }

  @Test func mismatchedTimingFunctionCountIsPaddedWithADiagnostic() throws {
    CADiagnostics.drain()
    let a = Self.keyframes([0, 10, 20])
    a.timingFunctions = [CAMediaTimingFunction(name: .linear)]
    let p = try #require(Self.program(a, CGFloat.self))
    #expect(abs(try #require(p.value(atParentTime: 0.75, model: 0, underlying: 0)) - 15) < 1e-9)
    #expect(CADiagnostics.drain().contains { $0.message.contains("timingFunctions") })
  }

  @Test func emptyOrWronglyTypedValuesDropTheAnimation() {
    CADiagnostics.drain()
    #expect(Self.program(Self.keyframes([]), CGFloat.self) == nil)
    #expect(Self.program(Self.keyframes([0, "x", 2]), CGFloat.self) == nil)
    #expect(Self.program(Self.keyframes([0, Double.nan]), CGFloat.self) == nil)
    #expect(CADiagnostics.drain().count == 3)
  }

  @Test(arguments: [(0.0, 0.0), (1.0, 0.5), (2.0, 1.0), (3.0, 0.5), (4.0, 0.0)])
  func redYellowBlueColors(t: Double, green: Double) throws {
    // Seed 004: red → yellow → blue at [0, 0.5, 1] over 4 s, repeating forever.
    let a = CAKeyframeAnimation(keyPath: "backgroundColor")
    a.values = [
      CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
      CGColor(red: 0, green: 0, blue: 1, alpha: 1),
    ]
    a.keyTimes = [0, 0.5, 1]
    a.duration = 4
    a.repeatCount = .greatestFiniteMagnitude
    let p = try #require(Self.program(a, CGColor.self))
    let c = try #require(p.value(atParentTime: t, model: .white, underlying: .white))
    #expect(abs(c.green - green) < 1e-9)
    let later = try #require(p.value(atParentTime: t + 400, model: .white, underlying: .white))
    #expect(abs(later.green - green) < 1e-9)
  }
}

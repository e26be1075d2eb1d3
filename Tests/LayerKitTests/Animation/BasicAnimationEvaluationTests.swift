import Foundation
import Testing

@testable import LayerKit

@Suite struct BasicAnimationEvaluationTests {
  static func program(_ a: CABasicAnimation) -> PropertyProgram<CGFloat>? {
    PropertyProgram(a, keyPath: "opacity") {
      AnimationValueConversion.convert($0, to: CGFloat.self, keyPath: "opacity", role: $1())
    }
  }

  static func basic(from: Any? = nil, to: Any? = nil, by: Any? = nil) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = 1
    return a
  }

  // model 10, previous presentation 4; (from, to, by) → (start, end)
  @Test(arguments: [
    (Optional<Double>.some(1), Optional<Double>.some(3), Optional<Double>.none, 1.0, 3.0),
    (1, nil, 5, 1, 6),
    (nil, 3, 5, -2, 3),
    (1, nil, nil, 1, 10),
    (nil, 3, nil, 10, 3),
    (nil, nil, 5, 10, 15),
    (nil, nil, nil, 4, 10),
  ])
  func theSevenFromToByCases(from: Double?, to: Double?, by: Double?, start: Double, end: Double)
    throws
  {
    var p = try #require(Self.program(Self.basic(from: from, to: to, by: by)))
    p.previous = 4
    for (t, f) in [(0.0, 0.0), (0.5, 0.5), (0.999, 0.999)] {
      let v = try #require(p.value(atParentTime: t, model: 10, underlying: 10))
      #expect(abs(v - (start + (end - start) * f)) < 1e-9)
    }
  }

  @Test func additiveAddsToTheUnderlyingValue() throws {
    let a = Self.basic(from: 0, to: 10)
    a.isAdditive = true
    let p = try #require(Self.program(a))
    #expect(p.value(atParentTime: 0.5, model: 100, underlying: 100) == 105)
  }

  @Test func cumulativeAddsPreviousPasses() throws {
    let a = Self.basic(from: 1, to: 3)
    a.isCumulative = true
    a.repeatCount = 3
    let p = try #require(Self.program(a))
    // Apple's isCumulative: "the value at the end of the previous repeat cycle, plus the
    // value of the current repeat cycle" (issue 12 §5): 3 + 2 and 6 + 2, not
    // iteration × (to − from).
    let rows: [(Double, Double)] = [(0.5, 2), (1.5, 5), (2.5, 8)]
    for (t, v) in rows {
      #expect(abs(p.value(atParentTime: t, model: 0, underlying: 0)! - v) < 1e-9)
    }
  }

  @Test func timingFunctionEasesProgress() throws {
    let a = Self.basic(from: 1, to: 0)
    a.duration = 0.25
    a.timingFunction = CAMediaTimingFunction(name: .default)
    let p = try #require(Self.program(a))
    let v = try #require(p.value(atParentTime: 0.125, model: 0, underlying: 0))
    #expect(abs(v - 0.197597) < 1e-5)
  }

  @Test(arguments: [
    ("fromValue", 0), ("toValue", 1), ("byValue", 2), ("toValue", 3),
  ])
  func wrongOrNonFiniteValuesDropTheAnimationWithADiagnostic(role: String, which: Int) {
    let value: Any = [Any](["a string", CGPoint(x: 1, y: 2), Double.nan, Double.infinity])[which]
    CADiagnostics.drain()
    let a = Self.basic()
    switch role {
    case "fromValue": a.fromValue = value
    case "toValue": a.toValue = value
    default: a.byValue = value
    }
    #expect(Self.program(a) == nil)
    let notes = CADiagnostics.drain()
    #expect(notes.count == 1 && notes[0].message.contains(role) && notes[0].key == "opacity")
  }

  @Test func colorsInterpolateRedToBlue() throws {
    let a = CABasicAnimation(keyPath: "backgroundColor")
    a.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    a.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    a.duration = 4
    let p = try #require(
      PropertyProgram<CGColor>(a, keyPath: "backgroundColor") {
        AnimationValueConversion.convert(
          $0, to: CGColor.self, keyPath: "backgroundColor", role: $1())
      })
    let v = try #require(p.value(atParentTime: 1, model: .white, underlying: .white))
    #expect(v == CGColor(red: 0.75, green: 0, blue: 0.25, alpha: 1))
    #expect(p.value(atParentTime: 4, model: .white, underlying: .white) == nil)
  }

  @Test func valueFunctionRotationTurnsFully() throws {
    let a = CABasicAnimation(keyPath: "transform")
    let vf = try #require(CAValueFunction(name: .rotateZ))
    a.valueFunction = vf
    a.fromValue = 0
    a.toValue = 2 * Double.pi
    a.duration = 1
    let p = try #require(
      PropertyProgram<SIMD3<Double>>(a, keyPath: "transform") { v, _ in vf.input(from: v) })
    let half = vf.transform(
      try #require(p.value(atParentTime: 0.5, model: .zero, underlying: .zero)))
    #expect(abs(half.m11 + 1) < 1e-9 && abs(half.m12) < 1e-9)
    let quarter = vf.transform(
      try #require(p.value(atParentTime: 0.75, model: .zero, underlying: .zero)))
    #expect(abs(quarter.m12 + 1) < 1e-9)
  }

  @Test(arguments: [
    (CAValueFunctionName.scale, [2.0, 3.0, 4.0], CATransform3DMakeScale(2, 3, 4)),
    (.scaleX, [2.0], CATransform3DMakeScale(2, 1, 1)),
    (.scaleY, [2.0], CATransform3DMakeScale(1, 2, 1)),
    (.scaleZ, [2.0], CATransform3DMakeScale(1, 1, 2)),
    (.translate, [1.0, 2.0], CATransform3DMakeTranslation(1, 2, 0)),
    (.translateX, [5.0], CATransform3DMakeTranslation(5, 0, 0)),
    (.translateY, [5.0], CATransform3DMakeTranslation(0, 5, 0)),
    (.translateZ, [5.0], CATransform3DMakeTranslation(0, 0, 5)),
    (.rotateX, [0.5], CATransform3DMakeRotation(0.5, 1, 0, 0)),
    (.rotateY, [0.5], CATransform3DMakeRotation(0.5, 0, 1, 0)),
  ])
  func valueFunctionsMapInputsToTransforms(
    name: CAValueFunctionName, input: [Double], expected: CATransform3D
  ) throws {
    let vf = try #require(CAValueFunction(name: name))
    let v = try #require(vf.input(from: input.count == 1 ? input[0] as Any : input as Any))
    #expect(vf.transform(v) == expected)
  }

  @Test func unknownValueFunctionNameIsNil() {
    #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "spin")) == nil)
  }
}

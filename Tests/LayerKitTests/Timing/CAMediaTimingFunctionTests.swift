import Foundation
import Testing

@testable import LayerKit

@Suite struct CAMediaTimingFunctionTests {
  @Test(arguments: [
    (CAMediaTimingFunctionName.default, 0.5, 0.802403),
    (.easeInEaseOut, 0.5, 0.5),
    (.linear, 0.3, 0.3),
    (.easeIn, 0.0, 0.0),
    (.easeOut, 1.0, 1.0),
  ])
  func namedCurvesHitReferenceValues(name: CAMediaTimingFunctionName, x: Double, y: Double) {
    let f = CAMediaTimingFunction(name: name)
    #expect(abs(f.curve.evaluate(x) - y) < 1e-5)
  }

  @Test(arguments: [CAMediaTimingFunctionName.default, .easeIn, .easeOut, .easeInEaseOut])
  func solverIsAccurateAndMonotone(name: CAMediaTimingFunctionName) {
    let c = CAMediaTimingFunction(name: name).curve
    var last = -1.0
    for i in 0...1000 {
      let x = Double(i) / 1000
      let s = c.solveParameter(x)
      #expect(abs(c.x(s) - x) <= 1e-7)
      let y = c.evaluate(x)
      #expect(y >= last - 1e-12)
      last = y
    }
  }

  @Test func controlPointsReadBackThroughThePointerAPI() {
    let f = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
    var v: [Float] = [9, 9]
    let expected: [(Float, Float)] = [(0, 0), (0.1, 0.2), (0.3, 0.4), (1, 1)]
    for (i, e) in expected.enumerated() {
      v.withUnsafeMutableBufferPointer { f.getControlPoint(at: i, values: $0.baseAddress!) }
      #expect(v == [e.0, e.1])
    }
    CADiagnostics.drain()
    f.getControlPoint(at: 7, values: &v)
    #expect(v == [1, 1])
    #expect(CADiagnostics.drain().count == 1)
  }

  @Test func xControlPointsOutsideTheUnitRangeAreClamped() {
    let f = CAMediaTimingFunction(controlPoints: -2, 0, 3, 1)
    let g = CAMediaTimingFunction(controlPoints: 0, 0, 1, 1)
    for x in stride(from: 0.0, through: 1.0, by: 0.1) {
      #expect(abs(f.curve.evaluate(x) - g.curve.evaluate(x)) < 1e-7)
    }
    var p: [Float] = [0, 0]
    f.getControlPoint(at: 1, values: &p)
    #expect(p == [-2, 0])
  }

  @Test func backEasingOvershoots() {
    let f = CAMediaTimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
    #expect(f.curve.evaluate(0.1) < 0)
    #expect(f.curve.evaluate(0.9) > 1)
  }

  @Test func nonFiniteControlPointsGiveLinearAndADiagnostic() {
    CADiagnostics.drain()
    let f = CAMediaTimingFunction(controlPoints: .nan, 0, 1, 1)
    #expect(abs(f.curve.evaluate(0.25) - 0.25) < 1e-12)
    #expect(CADiagnostics.drain().count == 1)
    #expect(f._solve(forInput: .nan) == 0)
  }
}

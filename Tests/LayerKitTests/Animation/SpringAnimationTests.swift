import Foundation
import Testing

@testable import LayerKit

@Suite struct SpringAnimationTests {
  static func numericX(
    _ s: SpringSolver, m: Double, k: Double, c: Double, v0: Double, until t: Double
  ) -> Double {
    // Reference: fine fixed-step RK4 of m x'' + c x' + k x = 0.
    var x = 1.0
    var v = -v0
    let h = 1e-4
    var time = 0.0
    func acc(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
    while time < t - 1e-12 {
      let k1x = v
      let k1v = acc(x, v)
      let k2x = v + h / 2 * k1v
      let k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
      let k3x = v + h / 2 * k2v
      let k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
      let k4x = v + h * k3v
      let k4v = acc(x + h * k3x, v + h * k3v)
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      time += h
    }
    return x
  }

  @Test(arguments: [
    (1.0, 100.0, 10.0, 0.0, SpringSolver.Regime.underdamped),
    (1.0, 100.0, 20.0, 0.0, .critical),
    (1.0, 100.0, 50.0, 0.0, .overdamped),
    (2.0, 50.0, 3.0, 5.0, .underdamped),
    (1.0, 100.0, 20.0, -4.0, .critical),
    (1.0, 100.0, 35.0, 8.0, .overdamped),
  ])
  func closedFormsMatchIntegration(
    m: Double, k: Double, c: Double, v0: Double, regime: SpringSolver.Regime
  ) {
    let s = SpringSolver(
      mass: m, stiffness: k, damping: c, initialVelocity: v0, allowsOverdamping: true)
    #expect(s.regime == regime)
    #expect(s.displacement(at: 0) == 1)
    for t in [0.05, 0.2, 0.5, 1.0] {
      #expect(
        abs(s.displacement(at: t) - Self.numericX(s, m: m, k: k, c: c, v0: v0, until: t)) < 1e-6)
    }
  }

  @Test func overdampingIsCriticalUnlessAllowed() {
    let s = SpringSolver(
      mass: 1, stiffness: 100, damping: 50, initialVelocity: 0, allowsOverdamping: false)
    #expect(s.regime == .critical)
  }

  @Test func defaultSettlingDurationIsAboutOnePointFourSeven() {
    let a = CASpringAnimation()
    #expect(abs(a.settlingDuration - 1.47) < 0.005)
    // After settling the envelope, and so the motion, stays within the epsilon.
    let s = a.solver
    for t in stride(from: a.settlingDuration, to: 4, by: 0.01) {
      #expect(abs(s.displacement(at: t)) <= SpringSolver.restEpsilon + 1e-12)
    }
  }

  @Test(arguments: [(0.5, 0.0), (0.4, 0.3), (1.0, -0.5)])
  func perceptualDurationAndBounceRoundTrip(d: Double, b: Double) {
    let a = CASpringAnimation(perceptualDuration: d, bounce: CGFloat(b))
    #expect(abs(a.mass - 1) < 1e-12)
    #expect(abs(a.stiffness - pow(2 * .pi / d, 2)) < 1e-9)
    #expect(abs(a.perceptualDuration - d) < 1e-9)
    #expect(abs(Double(a.bounce) - b) < 1e-9)
    #expect(abs(a.duration - a.settlingDuration) < 1e-12)
  }

  @Test func springProgramClipsAtDurationAndOvershoots() throws {
    let a = CASpringAnimation(keyPath: "position.x")
    a.fromValue = 0
    a.toValue = 100
    a.damping = 5
    a.duration = 1
    let p = try #require(
      PropertyProgram<CGFloat>(a, keyPath: "position.x") {
        AnimationValueConversion.convert($0, to: CGFloat.self, keyPath: "position.x", role: $1())
      })
    let values = stride(from: 0.0, to: 1, by: 0.01).compactMap {
      p.value(atParentTime: $0, model: 0, underlying: 0)
    }
    #expect(values.max()! > 100)
    #expect(
      abs(p.value(atParentTime: 0.3, model: 0, underlying: 0)! - 100 * a.solver.fraction(at: 0.3))
        < 1e-9)
    #expect(p.value(atParentTime: 1, model: 0, underlying: 0) == nil)
  }

  @Test func invalidParametersRestAtTheTarget() {
    let s = SpringSolver(
      mass: 0, stiffness: .nan, damping: -1, initialVelocity: 0, allowsOverdamping: false)
    #expect(s.regime == .invalid && s.fraction(at: 0.1) == 1 && s.settlingDuration == 0)
  }
}

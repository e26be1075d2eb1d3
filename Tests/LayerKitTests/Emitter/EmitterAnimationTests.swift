import Foundation
import Testing

@testable import LayerKit

/// Animatable emitter properties: the layer's own, and its cells' through
/// `emitterCells.<name>.<property>` key paths.
@Suite struct EmitterAnimationTests {
  /// An emitter with a cell named "fire" (and a nested "spark") in a committed
  /// context on a manual clock at time 0.
  static func scene() -> (CAManualClock, CAContext, CAEmitterLayer) {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let e = CAEmitterLayer()
    e.frame = root.bounds
    let fire = CAEmitterCell()
    fire.name = "fire"
    fire.birthRate = 10
    fire.lifetime = 100
    fire.contents = CAEmitterLayerTests.dot
    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.velocity = 7
    fire.emitterCells = [spark]
    e.emitterCells = [fire]
    root.addSublayer(e)
    context.layer = root
    context.commit()
    return (clock, context, e)
  }

  static func linear(_ key: String, from: Any, to: Any, duration: Double = 1) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: key)
    a.fromValue = from
    a.toValue = to
    a.duration = duration
    a.timingFunction = CAMediaTimingFunction(name: .linear)
    return a
  }

  @Test(arguments: [(0.25, 2.5), (0.5, 5.0), (0.75, 7.5)])
  func layerBirthRateAnimatesOnTheManualClock(time: Double, expected: Float) {
    let (_, context, e) = Self.scene()
    e.add(Self.linear("birthRate", from: 0, to: 10), forKey: "rate")
    context.advance(by: time)
    #expect(abs(e.presentation()!.birthRate - expected) < 1e-6)
    #expect(e.birthRate == 1)
  }

  @Test func everyAppleAnimatableLayerPropertyAnimates() {
    let (_, context, e) = Self.scene()
    e.add(
      Self.linear("emitterPosition", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 40, y: 80)),
      forKey: "p")
    e.add(
      Self.linear(
        "emitterSize", from: CGSize(width: 0, height: 0), to: CGSize(width: 20, height: 8)),
      forKey: "s")
    e.add(Self.linear("emitterZPosition", from: 0, to: 4), forKey: "z")
    for key in ["lifetime", "velocity", "scale", "spin"] {
      e.add(Self.linear(key, from: 1, to: 3), forKey: key)
    }
    context.advance(by: 0.25)
    let p = e.presentation()!
    #expect(p.emitterPosition == CGPoint(x: 10, y: 20))
    #expect(p.emitterSize == CGSize(width: 5, height: 2))
    #expect(p.emitterZPosition == 1)
    #expect([p.lifetime, p.velocity, p.scale, p.spin] == [1.5, 1.5, 1.5, 1.5])
  }

  @Test func settingAnAnimatablePropertyInATreeAnimatesImplicitly() {
    let (_, context, e) = Self.scene()
    e.velocity = 3
    #expect(e.animationKeys() == ["velocity"])
    context.advance(by: 0.125)
    let shown = e.presentation()!.velocity
    #expect(shown > 1 && shown < 3)
  }

  @Test func cellKeyPathsReadAndWriteTheCells() throws {
    let (_, _, e) = Self.scene()
    #expect(e.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 10)
    e.setValue(25, forKeyPath: "emitterCells.fire.birthRate")
    #expect(e.emitterCells![0].birthRate == 25)
    #expect(e.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 25)
    e.setValue(9.5, forKeyPath: "emitterCells.fire.emitterCells.spark.velocity")
    #expect(e.emitterCells![0].emitterCells![0].velocity == 9.5)
    // A change made on the cell object shows through the key path.
    e.emitterCells![0].emitterCells![0].spin = 2
    #expect(e.value(forKeyPath: "emitterCells.fire.emitterCells.spark.spin") as? CGFloat == 2)
    e.setValue(false, forKeyPath: "emitterCells.fire.enabled")
    #expect(e.emitterCells![0].isEnabled == false)
  }

  @Test func unknownCellsAndPropertiesAreIgnoredWithADiagnostic() {
    let (_, _, e) = Self.scene()
    CADiagnostics.drain()
    e.setValue(5, forKeyPath: "emitterCells.ice.birthRate")
    #expect(e.emitterCells![0].birthRate == 10)
    #expect(e.value(forKeyPath: "emitterCells.ice.birthRate") as? Float == 0)
    e.setValue("many", forKeyPath: "emitterCells.fire.birthRate")
    #expect(e.emitterCells![0].birthRate == 10)
    #expect(CADiagnostics.drain().contains { $0.key == "emitterCells.fire.birthRate" })
    e.setValue(Float.nan, forKeyPath: "emitterCells.fire.lifetime")
    #expect(e.emitterCells![0].lifetime == 100)
  }

  @Test(arguments: [(0.5, 30.0), (1.0, 50.0), (2.0, 10.0)])
  func cellPropertiesAnimateThroughKeyPaths(time: Double, expected: Double) {
    let (_, context, e) = Self.scene()
    let a = CAKeyframeAnimation(keyPath: "emitterCells.fire.birthRate")
    a.values = [10, 50, 10]
    a.keyTimes = [0, 0.5, 1]
    a.duration = 2
    a.fillMode = .forwards
    a.isRemovedOnCompletion = false
    e.add(a, forKey: "pulse")
    context.advance(by: time)
    let shown = e.presentation()!.value(forKeyPath: "emitterCells.fire.birthRate") as? Float
    #expect(abs(Double(shown ?? -1) - expected) < 1e-4)
    #expect(e.emitterCells![0].birthRate == 10)
  }

  @Test func settingTheBirthRateToZeroStopsEmissionButKeepsTheParticles() {
    let (_, context, e) = Self.scene()
    context.advance(by: 1)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    e.birthRate = 0
    CATransaction.commit()
    context.advance(by: 0.5)
    // Born at 0, 0.1, …, 1.0 (the change at t = 1 leaves them; none after).
    let births = e.particles(at: 1.5).map(\.birth).sorted()
    #expect(births.count == 11)
    #expect(abs(births.last! - 1) < 1e-9)
    // Scrubbing back before the change shows the earlier frame.
    #expect(e.particles(at: 0.55).count == 6)
  }

  @Test func animatingTheBirthRateMakesABurst() {
    let (_, context, e) = Self.scene()
    e.emitterCells![0].birthRate = 0
    context.commit()
    // 100/s falling linearly to 0 over 1 s: N(t) = 100t − 50t², 50 particles in all.
    e.add(Self.linear("emitterCells.fire.birthRate", from: 100, to: 0), forKey: "burst")
    context.advance(by: 1.5)
    #expect(e.animation(forKey: "burst") == nil)
    let births = e.particles(at: 3).map(\.birth).sorted()
    #expect((50...51).contains(births.count))
    // Particle 25 is born when N = 25: t = 1 − √½.
    #expect(abs(births[25] - (1 - 0.5.squareRoot())) < 1e-5)
    #expect(births.allSatisfy { $0 >= 0 && $0 <= 1 + 1e-9 })
  }

  @Test func removingARateAnimationEndsItsEffectThere() {
    let (clock, context, e) = Self.scene()
    e.emitterCells![0].birthRate = 0
    context.commit()
    let a = Self.linear("emitterCells.fire.birthRate", from: 20, to: 20, duration: 10)
    e.add(a, forKey: "steady")
    context.advance(by: 0.5)
    e.removeAnimation(forKey: "steady")
    context.advance(by: 1)
    #expect(clock.time == 1.5)
    // 20/s for 0.5 s: births at 0, 0.05, …, 0.5 at most.
    let births = e.particles(at: 1.5).map(\.birth)
    #expect((10...11).contains(births.count))
    #expect(births.allSatisfy { $0 <= 0.5 + 1e-9 })
  }
}

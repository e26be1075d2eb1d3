import Foundation
import Testing

@testable import LayerKit

@Suite struct PresentationTests {
  static func scene() -> (CAManualClock, CAContext, CALayer) {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let layer = CALayer()
    context.layer = layer
    context.commit()
    return (clock, context, layer)
  }

  @Test func architectureDeterministicTestWithAnExplicitAnimation() throws {
    let (_, context, layer) = Self.scene()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0
    fade.timingFunction = CAMediaTimingFunction(name: .default)
    layer.opacity = 0
    layer.add(fade, forKey: "opacity")
    context.advance(by: 0.125)
    #expect(abs(try #require(layer.presentation()).opacity - 0.197597) < 1e-5)
    context.advance(by: 0.125)
    #expect(layer.presentation()!.opacity == 0)
    #expect(layer.animationKeys() == nil)
  }

  @Test func noPresentationBeforeACommittedTree() {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let layer = CALayer()
    #expect(layer.presentation() == nil)
    context.layer = layer
    #expect(layer.presentation() == nil)
    context.commit()
    #expect(layer.presentation() != nil)
  }

  @Test func identitiesAndTreeOfPresentationLayers() throws {
    let (_, context, root) = Self.scene()
    let child = CALayer()
    root.addSublayer(child)
    context.commit()
    let p = try #require(child.presentation())
    #expect(child.model() === child)
    #expect(p.model() === child)
    #expect(p !== child)
    #expect(p.presentation() === p)
    let parent = try #require(p.superlayer)
    #expect(parent.model() === root)
    #expect(root.presentation()!.sublayers!.first === p)
  }

  @Test func presentationKeepsTheSubclass() throws {
    final class Custom: CALayer {}
    let (_, context, root) = Self.scene()
    let c = Custom()
    root.addSublayer(c)
    context.commit()
    let p: Custom = try #require(c.presentation())
    #expect(type(of: p) == Custom.self)
  }

  @Test func addCopiesTheAnimation() throws {
    let (_, context, layer) = Self.scene()
    let a = CABasicAnimation(keyPath: "position.x")
    a.fromValue = 0
    a.toValue = 100
    a.duration = 1
    layer.add(a, forKey: "move")
    a.toValue = 1000
    a.duration = 10
    #expect(layer.animation(forKey: "move") !== a)
    context.advance(by: 0.5)
    #expect(abs(layer.presentation()!.position.x - 50) < 1e-9)
  }

  @Test func zeroAndNegativeDurationsBecomeAQuarterSecond() throws {
    for d in [0.0, -1.0, .nan] {
      let (_, context, layer) = Self.scene()
      let a = CABasicAnimation(keyPath: "opacity")
      a.fromValue = 0
      a.toValue = 1
      a.duration = d
      layer.add(a, forKey: "o")
      #expect(layer.animation(forKey: "o")!.duration == 0.25)
      context.advance(by: 0.125)
      #expect(abs(layer.presentation()!.opacity - 0.5) < 1e-6)
    }
  }

  @Test func animationKeysInAddOrderAndNilKeysAreHidden() {
    let (_, _, layer) = Self.scene()
    for k in ["b", "a", "c"] {
      let a = CABasicAnimation(keyPath: "opacity")
      layer.add(a, forKey: k)
    }
    layer.add(CABasicAnimation(keyPath: "opacity"), forKey: nil)
    #expect(layer.animationKeys() == ["b", "a", "c"])
    layer.removeAnimation(forKey: "a")
    #expect(layer.animationKeys() == ["b", "c"])
    layer.removeAllAnimations()
    #expect(layer.animationKeys() == nil)
  }

  @Test func wrongValueTypeDoesNothingAndSaysWhy() throws {
    let (_, context, layer) = Self.scene()
    CADiagnostics.drain()
    let a = CABasicAnimation(keyPath: "position")
    a.toValue = "far away"
    a.duration = 1
    layer.add(a, forKey: "p")
    #expect(
      CADiagnostics.drain().contains { $0.key == "position" && $0.message.contains("toValue") })
    context.advance(by: 0.5)
    #expect(layer.presentation()!.position == .zero)
  }

  @Test func unknownKeyPathDoesNothingAndSaysWhy() {
    let (_, context, layer) = Self.scene()
    CADiagnostics.drain()
    let a = CABasicAnimation(keyPath: "wobble")
    a.toValue = 1
    layer.add(a, forKey: "w")
    #expect(CADiagnostics.drain().contains { $0.key == "wobble" })
    context.advance(by: 0.1)
    #expect(layer.presentation() != nil)
  }

  @Test func rotationZFromZeroToTwoPiTurnsFully() throws {
    let (_, context, layer) = Self.scene()
    let a = CABasicAnimation(keyPath: "transform.rotation.z")
    a.fromValue = 0
    a.toValue = 2 * CGFloat.pi
    a.duration = 1
    layer.add(a, forKey: "spin")
    let rows: [(Double, Double)] = [(0.25, .pi / 2), (0.5, .pi), (0.75, 1.5 * .pi)]
    var last = 0.0
    for (dt, angle) in rows {
      context.advance(by: dt - last)
      last = dt
      let t = layer.presentation()!.transform
      #expect(abs(t.m11 - cos(angle)) < 1e-6 && abs(t.m12 - sin(angle)) < 1e-6)
    }
  }

  @Test func layerRemovedFromTheTreeMidAnimationHasNoPresentation() {
    let (_, context, root) = Self.scene()
    let child = CALayer()
    root.addSublayer(child)
    context.commit()
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = 1
    child.add(a, forKey: "o")
    context.advance(by: 0.5)
    #expect(child.presentation() != nil)
    child.removeFromSuperlayer()
    context.advance(by: 0.25)
    #expect(child.presentation() == nil)
    #expect(root.presentation()!.sublayers?.isEmpty ?? true)
  }

  @Test func presentationIsCachedPerFrame() throws {
    let (_, context, layer) = Self.scene()
    context.advance(by: 0.1)
    let a = try #require(layer.presentation())
    #expect(layer.presentation() === a)
    context.advance(by: 0.1)
    #expect(layer.presentation() !== a)
  }

  @Test func contextsOnDifferentThreadsDoNotInterfere() {
    let results = Thread.runOnThreads(count: 8) { i in
      let clock = CAManualClock(time: Double(i) * 100)
      let context = CAContext(clock: clock)
      let layer = CALayer()
      context.layer = layer
      context.commit()
      let a = CABasicAnimation(keyPath: "opacity")
      a.fromValue = 0
      a.toValue = 1
      a.duration = 10
      layer.add(a, forKey: "o")
      context.advance(by: Double(i))
      return CAContext.current === context && CACurrentMediaTime() == Double(i) * 101
        && abs(Double(layer.presentation()!.opacity) - Double(i) / 10) < 1e-6
    }
    #expect(results == Array(repeating: true, count: 8))
  }

  @Test func currentMediaTimeWithoutAContextIsMonotonic() {
    let r = Thread.runOnThreads(count: 1) { _ in
      let a = CACurrentMediaTime()
      let b = CACurrentMediaTime()
      return CAContext.current == nil && b >= a && a > 0
    }
    #expect(r == [true])
  }
}

private final class ResultBox: @unchecked Sendable {
  let lock = NSLock()
  var values: [Int: Bool] = [:]
}

extension Thread {
  /// Runs `body(i)` on `count` fresh threads at once and returns their results in order.
  static func runOnThreads(count: Int, _ body: @escaping @Sendable (Int) -> Bool) -> [Bool] {
    let box = ResultBox()
    let group = DispatchGroup()
    for i in 0..<count {
      group.enter()
      Thread {
        let r = body(i)
        box.lock.lock()
        box.values[i] = r
        box.lock.unlock()
        group.leave()
      }.start()
    }
    group.wait()
    return (0..<count).map { box.values[$0] ?? false }
  }
}

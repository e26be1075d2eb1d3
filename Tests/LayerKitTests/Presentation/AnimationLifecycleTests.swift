import Foundation
import Testing

@testable import LayerKit

@Suite struct AnimationLifecycleTests {
  final class Log: CAAnimationDelegate {
    var events: [String] = []
    var onStop: ((CAAnimation, Bool) -> Void)?
    let name: String
    init(_ name: String) { self.name = name }
    func animationDidStart(_ anim: CAAnimation) { events.append("\(name) start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
      events.append("\(name) stop \(flag)")
      onStop?(anim, flag)
    }
  }

  static func scene() -> (CAContext, CALayer) {
    let context = CAContext(clock: CAManualClock())
    let layer = CALayer()
    context.layer = layer
    context.commit()
    return (context, layer)
  }

  static func fade(_ delegate: CAAnimationDelegate?, duration: Double = 1) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = duration
    a.delegate = delegate
    return a
  }

  @Test func startsAtTheFirstFrameAndStopsOnceAtTheEnd() {
    let (context, layer) = Self.scene()
    let log = Log("a")
    layer.add(Self.fade(log), forKey: "f")
    context.commit()
    #expect(log.events.isEmpty)
    context.advance(by: 0.5)
    #expect(log.events == ["a start"])
    context.advance(by: 0.5)
    #expect(log.events == ["a start", "a stop true"])
    #expect(layer.animation(forKey: "f") == nil)
    context.advance(by: 1)
    #expect(log.events.count == 2)
  }

  @Test func forwardFillShowsOnlyWhenNotRemovedOnCompletion() {
    for removed in [true, false] {
      let (context, layer) = Self.scene()
      let log = Log("a")
      let a = Self.fade(log)
      a.fillMode = .forwards
      a.isRemovedOnCompletion = removed
      layer.opacity = 0.25
      layer.add(a, forKey: "f")
      context.advance(by: 2)
      #expect(layer.presentation()!.opacity == (removed ? 0.25 : 1))
      #expect((layer.animation(forKey: "f") == nil) == removed)
      #expect(log.events == ["a start", "a stop true"])
    }
  }

  @Test func replacingUnderTheSameKeyStopsTheOldOneUnfinished() {
    let (context, layer) = Self.scene()
    let first = Log("first")
    let second = Log("second")
    layer.add(Self.fade(first), forKey: "k")
    context.advance(by: 0.1)
    layer.add(Self.fade(second), forKey: "k")
    context.advance(by: 0.1)
    #expect(first.events == ["first start", "first stop false"])
    #expect(second.events == ["second start"])
    #expect(layer.animationKeys() == ["k"])
  }

  @Test func removalStopsUnfinishedAtTheNextFrame() {
    let (context, layer) = Self.scene()
    let log = Log("a")
    layer.add(Self.fade(log), forKey: "k")
    context.advance(by: 0.1)
    layer.removeAnimation(forKey: "k")
    #expect(log.events == ["a start"])
    context.advance(by: 0)
    #expect(log.events == ["a start", "a stop false"])
    context.advance(by: 5)
    #expect(log.events.count == 2)
  }

  @Test func removalOutsideAContextStopsAtOnce() {
    let layer = CALayer()
    let log = Log("a")
    layer.add(Self.fade(log), forKey: "k")
    layer.removeAllAnimations()
    #expect(log.events == ["a stop false"])
  }

  @Test func callbacksRunInAddOrderAfterRemovals() {
    let (context, layer) = Self.scene()
    let other = CALayer()
    layer.addSublayer(other)
    context.commit()
    let shared = Log("x")
    var order: [String] = []
    let a = Log("a")
    let b = Log("b")
    a.onStop = { _, _ in
      order.append("a")
      #expect(layer.animation(forKey: "a") == nil)
    }
    b.onStop = { _, _ in order.append("b") }
    other.add(Self.fade(b, duration: 1), forKey: "b")  // added first, on the sublayer
    layer.add(Self.fade(a, duration: 1), forKey: "a")
    _ = shared
    context.advance(by: 1)
    #expect(order == ["b", "a"])
  }

  @Test func delegateMayAddAnimationsAndChangePropertiesInACallback() {
    let (context, layer) = Self.scene()
    let log = Log("a")
    log.onStop = { _, finished in
      guard finished else { return }
      layer.opacity = 0.5
      let next = CABasicAnimation(keyPath: "position.x")
      next.fromValue = 0
      next.toValue = 10
      next.duration = 1
      layer.add(next, forKey: "next")
    }
    layer.add(Self.fade(log), forKey: "f")
    context.advance(by: 1)
    context.advance(by: 0.5)
    #expect(layer.presentation()!.opacity == 0.5)
    #expect(abs(layer.presentation()!.position.x - 5) < 1e-9)
  }

  @Test func groupChildrenDelegatesAreIgnored() {
    let (context, layer) = Self.scene()
    let child = Log("child")
    let group = Log("group")
    let g = CAAnimationGroup()
    g.animations = [Self.fade(child)]
    g.duration = 1
    g.delegate = group
    layer.add(g, forKey: "g")
    context.advance(by: 2)
    #expect(child.events.isEmpty)
    #expect(group.events == ["group start", "group stop true"])
  }

  @Test func delayedAnimationStartsWhenItsIntervalBegins() {
    let (context, layer) = Self.scene()
    let log = Log("a")
    let a = Self.fade(log)
    a.beginTime = CACurrentMediaTime() + 1
    layer.add(a, forKey: "f")
    context.advance(by: 0.5)
    #expect(log.events.isEmpty)
    context.advance(by: 0.6)
    #expect(log.events == ["a start"])
  }

  @Test func animationDroppedForBadValuesStillReportsItsLifecycle() {
    let (context, layer) = Self.scene()
    let log = Log("a")
    let a = Self.fade(log)
    a.toValue = "nope"
    layer.add(a, forKey: "f")
    context.advance(by: 2)
    #expect(log.events == ["a start", "a stop true"])
    CADiagnostics.drain()
  }
}

import Foundation
import Testing

@testable import LayerKit

/// Deep trees are legal: a chain of 10,000 nested layers evaluates, hit-tests, converts,
/// renders and is freed without overflowing any thread's stack (the walks continue on
/// fresh stack segments, `StackReserve`).
@Suite struct DeepTreeTests {
  static let depth = 10_000

  @Test func aChainOf10000LayersEvaluatesHitTestsConvertsAndRenders() {
    let (context, root) = BadInput.scene()
    let tip = BadInput.chain(Self.depth, under: root)
    tip.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.commit()
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = 1
    a.timingFunction = CAMediaTimingFunction(name: .linear)
    tip.add(a, forKey: "fade")
    context.advance(by: 0.5)
    #expect(abs(tip.presentation()!.opacity - 0.5) < 1e-6)
    // Each level is 0.001 in from its superlayer: the tip's origin is at 9.999 in the root.
    let origin = tip.convert(CGPoint.zero, to: root)
    #expect(abs(origin.x - 9.999) < 1e-6 && abs(origin.y - 9.999) < 1e-6)
    #expect(root.hitTest(CGPoint(x: 15, y: 15)) === tip)
    #expect(root.presentation()!.hitTest(CGPoint(x: 15, y: 15))?.model() === tip)
    context.advance(by: 0.5)
    let image = BadInput.render(context)
    #expect(image.pixel(x: 15, y: 15) == (255, 0, 0, 255))
    #expect(image.pixel(x: 5, y: 5) == (255, 255, 255, 255))
  }

  @Test func aDeepChainIsFreedWithoutRecursion() async {
    await #expect(processExitsWith: .success) {
      let root = CALayer()
      _ = BadInput.chain(100_000, under: root)
    }
  }

  @Test func aDeepChainOfMasksRenders() {
    let (context, root) = BadInput.scene()
    let host = BadInput.box(CGRect(x: 0, y: 0, width: 32, height: 32))
    var tip = host
    for _ in 0..<2_000 {
      let m = BadInput.box(CGRect(x: 0, y: 0, width: 32, height: 32))
      tip.mask = m
      tip = m
    }
    root.addSublayer(host)
    let image = BadInput.render(context)
    #expect(image.pixel(x: 16, y: 16) == (0, 0, 255, 255))
  }

  @Test func deeplyNestedGroupsCopyAndRun() {
    let (context, root) = BadInput.scene()
    let top = CAAnimationGroup()
    var g = top
    for _ in 0..<2_000 {
      let next = CAAnimationGroup()
      g.animations = [next]
      g = next
    }
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0.25
    fade.toValue = 0.25
    fade.duration = 1
    g.animations = [fade]
    top.duration = 1
    root.add(top, forKey: "deep")
    context.advance(by: 0.5)
    #expect(root.presentation()!.opacity == 0.25)
  }
}

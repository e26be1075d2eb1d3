import Foundation
import Testing

@testable import LayerKit

/// Values at or past the ends of `Double`: a presentation value is never NaN or infinite.
@Suite struct NonFiniteInputTests {
  @Test func positionAcrossTheWholeDoubleRangeInterpolatesWithoutOverflow() {
    let (context, root) = BadInput.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    context.commit()
    let a = CABasicAnimation(keyPath: "position")
    a.fromValue = CGPoint(x: -1e308, y: 0)
    a.toValue = CGPoint(x: 1e308, y: 0)
    a.duration = 1
    a.timingFunction = CAMediaTimingFunction(name: .linear)
    layer.add(a, forKey: "p")
    for (t, x) in [(0.25, -5e307), (0.5, 0.0), (0.75, 5e307)] {
      context.advance(by: t - context.time)
      let p = layer.presentation()!.position
      #expect(p.x.isFinite && p.y == 0)
      #expect(abs(p.x - x) <= 1e293, "at \(t) s: \(p.x)")
    }
  }

  @Test func anOverflowingAdditiveValueShowsTheModelValueWithADiagnostic() {
    let (context, root) = BadInput.scene()
    let layer = CALayer()
    layer.position = CGPoint(x: 1e308, y: 0)
    root.addSublayer(layer)
    context.commit()
    CADiagnostics.drain()
    let a = CABasicAnimation(keyPath: "position.x")
    a.fromValue = 1e308
    a.toValue = 1e308
    a.isAdditive = true
    a.duration = 1
    layer.add(a, forKey: "x")
    context.advance(by: 0.5)
    #expect(layer.presentation()!.position.x == 1e308)
    #expect(CADiagnostics.drain().contains { $0.message.contains("overflowed") })
  }

  @Test func aSpringWithDamping1e300IsOverdampedAndFinite() {
    let (context, root) = BadInput.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    context.commit()
    let s = CASpringAnimation(keyPath: "opacity")
    s.fromValue = 0
    s.toValue = 1
    s.damping = 1e300
    s.allowsOverdamping = true
    s.duration = 2
    layer.add(s, forKey: "s")
    var last: Float = -1
    for _ in 0..<8 {
      context.advance(by: 0.25)
      let v = layer.presentation()!.opacity
      #expect(v.isFinite && v >= 0 && v <= 1)
      #expect(v >= last)  // an overdamped spring never overshoots
      last = v
    }
  }

  @Test func aHugeInitialVelocityHasAFiniteSettlingDuration() {
    let s = CASpringAnimation(keyPath: "opacity")
    s.initialVelocity = 1e300
    #expect(s.settlingDuration.isFinite && s.settlingDuration > 0)
    s.damping = 1e300
    s.allowsOverdamping = true
    #expect(s.settlingDuration.isFinite)
  }

  @Test func beginTimeOfInfinityNeverStarts() {
    let (context, root) = BadInput.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    context.commit()
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 0.5
    a.duration = 1
    a.beginTime = .infinity
    layer.add(a, forKey: "never")
    for _ in 0..<4 {
      context.advance(by: 10)
      #expect(layer.presentation()!.opacity == 1)
    }
    #expect(layer.animation(forKey: "never") != nil)
  }
}

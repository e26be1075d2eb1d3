import Foundation
import Testing

@testable import LayerKit

/// Steady frames replay the recorded plan of layer timing without reading layers; these
/// tests check that timing and tree changes reach the next frame, and that ends still do.
@Suite struct FlatTimingPlanTests {
  /// root → parent → child, the child moving `position.x` linearly 0 → 100 over 10 s
  /// (repeating), committed at t = 0 and evaluated for a few steady frames.
  static func chain() -> (CAManualClock, CAContext, CALayer, CALayer) {
    let (clock, context, root) = PresentationTests.scene()
    let parent = CALayer()
    let child = CALayer()
    root.addSublayer(parent)
    parent.addSublayer(child)
    let a = CABasicAnimation(keyPath: "position.x")
    a.fromValue = 0.0
    a.toValue = 100.0
    a.duration = 10
    a.repeatCount = .infinity
    child.add(a, forKey: "move")
    context.commit()
    for _ in 0..<4 {
      clock.advance(by: 0.25)
      context.updatePresentation()
    }
    return (clock, context, parent, child)
  }

  static func x(_ layer: CALayer) throws -> Double {
    let context = try #require(layer.hostingContextInTree)
    return Double(try #require(context.presentationState(of: layer)).position.x)
  }

  @Test func steadyFramesFollowTheClock() throws {
    let (clock, context, _, child) = Self.chain()
    #expect(abs(try Self.x(child) - 10) < 1e-9)
    clock.advance(by: 0.5)
    context.updatePresentation()
    #expect(abs(context.localTime(of: child) - 1.5) < 1e-12)
    #expect(abs(try Self.x(child) - 15) < 1e-9)
  }

  @Test(arguments: [(2.0, 0.0, 4.0), (1.0, 3.0, 5.0), (0.5, 1.0, 2.0)])
  func aParentTimingChangeReachesTheNextFrame(speed: Float, offset: Double, childTime: Double)
    throws
  {
    let (clock, context, parent, child) = Self.chain()
    parent.speed = speed
    parent.timeOffset = offset
    clock.advance(by: 1)  // root time 2
    context.updatePresentation()
    #expect(abs(context.localTime(of: child) - childTime) < 1e-12)
    #expect(abs(try Self.x(child) - childTime * 10) < 1e-9)
  }

  @Test func movingALayerUnderAnotherParentReachesTheNextFrame() throws {
    let (clock, context, parent, child) = Self.chain()
    let late = CALayer()
    late.beginTime = -2  // local time = root time + 2
    parent.superlayer?.addSublayer(late)
    late.addSublayer(child)
    clock.advance(by: 1)
    context.updatePresentation()
    #expect(abs(context.localTime(of: child) - 4) < 1e-12)
    #expect(abs(try Self.x(child) - 40) < 1e-9)
    _ = parent
  }

  @Test func anAnimationEndingDuringSteadyFramesIsRemoved() throws {
    let (clock, context, root) = PresentationTests.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0.0
    a.toValue = 1.0
    a.duration = 1
    layer.add(a, forKey: "fade")
    context.commit()
    for _ in 0..<3 {
      clock.advance(by: 0.25)
      context.updatePresentation()
    }
    #expect(layer.animation(forKey: "fade") != nil)
    clock.advance(by: 0.5)
    context.updatePresentation()
    #expect(layer.animation(forKey: "fade") == nil)
    #expect(context.presentationState(of: layer) == nil)
  }
}

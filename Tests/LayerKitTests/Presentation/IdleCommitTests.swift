import Foundation
import Testing

@testable import LayerKit

/// A commit with nothing new returns without walking the tree; these check that the
/// commits that do have work still do all of it.
@Suite struct IdleCommitTests {
  @Test func anAnimationAddedAfterIdleCommitsIsStampedAtItsCommit() throws {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let layer = CALayer()
    context.layer = layer
    context.commit()
    for _ in 0..<5 {
      clock.advance(by: 1)
      context.commit()
    }
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1.0
    fade.toValue = 0.0
    fade.duration = 2
    layer.add(fade, forKey: "fade")
    context.advance(by: 1)  // commits at t = 5, evaluates at t = 6: halfway
    #expect(abs(try #require(layer.presentation()).opacity - 0.5) < 1e-6)
  }

  @Test func aSublayerAddedAfterIdleCommitsGetsAPresentation() throws {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    context.layer = root
    context.commit()
    context.commit()
    let child = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    root.addSublayer(child)
    child.position = CGPoint(x: 7, y: 9)
    CATransaction.commit()
    context.advance(by: 0.1)
    #expect(try #require(child.presentation()).position == CGPoint(x: 7, y: 9))
  }
}

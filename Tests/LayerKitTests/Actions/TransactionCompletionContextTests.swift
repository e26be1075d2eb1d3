import Foundation
import Testing

@testable import LayerKit

/// Completion blocks driven by a real context: animations finish at frames.
@Suite struct TransactionCompletionContextTests {
  /// Seed 004: a completion block around an implicit position animation.
  @Test func blockRunsOnceInTheFrameTheAnimationEnds() {
    let scene = ActionScene()
    let myLayer = scene.attachedLayer()
    let log = EventLog()
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.record("done") }
    myLayer.position = CGPoint(x: 60, y: 60)
    CATransaction.commit()
    scene.context.advance(by: 0.2)
    #expect(log.events.isEmpty)
    scene.context.advance(by: 0.1)
    #expect(log.events == ["done"])
    scene.context.advance(by: 1)
    #expect(log.events == ["done"])
  }

  @Test func blockWithoutAnimationsRunsInsideCommit() {
    // Apple: with no animations added, "the block will be invoked immediately" (issue 12
    // §9): it has run when commit() returns, not at the next frame.
    let scene = ActionScene()
    let log = EventLog()
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.record("done") }
    CATransaction.commit()
    #expect(log.events == ["done"])
    scene.context.advance(by: 0)
    #expect(log.events == ["done"])
  }

  @Test func outerBlockWaitsForNestedTransactionsAnimations() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let log = EventLog()
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.record("outer") }
    layer.opacity = 0  // 0.25 s
    CATransaction.begin()
    CATransaction.setAnimationDuration(1)
    CATransaction.setCompletionBlock { log.record("inner") }
    layer.position = CGPoint(x: 9, y: 9)  // 1 s
    CATransaction.commit()
    CATransaction.commit()
    scene.context.advance(by: 0.5)
    #expect(log.events.isEmpty)
    scene.context.advance(by: 0.6)
    #expect(log.events == ["outer", "inner"])
  }

  @Test func removedAndReplacedAnimationsCountAsEnded() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let log = EventLog()
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.record("done") }
    layer.opacity = 0
    layer.position = CGPoint(x: 1, y: 1)
    CATransaction.commit()
    scene.context.advance(by: 0.05)
    layer.removeAnimation(forKey: "opacity")
    scene.context.advance(by: 0)
    #expect(log.events.isEmpty)
    layer.position = CGPoint(x: 2, y: 2)  // replaces the covered position animation
    scene.context.advance(by: 0)
    #expect(log.events == ["done"])
  }

  @Test func animationDelegatesHearTheStopBeforeTheCompletionBlock() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let log = EventLog()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.toValue = Float(0)
    fade.duration = 0.1
    fade.delegate = LoggingAnimationDelegate(log, "fade")
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.record("completion") }
    layer.add(fade, forKey: "fade")
    CATransaction.commit()
    scene.context.advance(by: 0.2)
    #expect(log.events == ["fade stop true", "completion"])
  }

  @Test func completionBlockStartingNewTransactionsAnimates() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let log = EventLog()
    CATransaction.begin()
    CATransaction.setCompletionBlock {
      log.record("first")
      CATransaction.begin()
      CATransaction.setCompletionBlock { log.record("second") }
      layer.opacity = 0
      CATransaction.commit()
    }
    layer.position = CGPoint(x: 3, y: 3)
    CATransaction.commit()
    scene.context.advance(by: 0.3)
    #expect(log.events == ["first"])
    #expect(layer.animationKeys() == ["opacity"])
    scene.context.advance(by: 0.3)
    #expect(log.events == ["first", "second"])
  }

  @Test func changesFromInsideAnimationDidStopAnimateAtTheNextCommit() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let log = EventLog()
    let move = CABasicAnimation(keyPath: "position")
    move.toValue = CGPoint(x: 50, y: 0)
    move.duration = 0.1
    let delegate = LoggingAnimationDelegate(log, "move")
    delegate.onStop = { layer.opacity = 0 }
    move.delegate = delegate
    layer.add(move, forKey: "move")
    scene.context.advance(by: 0.2)
    #expect(log.events == ["move stop true"])
    #expect(layer.animationKeys() == ["opacity"])
    scene.context.advance(by: 0.125)
    #expect(abs(layer.presentation()!.opacity - 0.197597) < 1e-5)
  }

  @Test func explicitAnimationsWithoutDurationTakeTheTransactionDuration() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    CATransaction.begin()
    CATransaction.setAnimationDuration(4)
    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.toValue = Double.pi
    layer.add(spin, forKey: "spin")
    CATransaction.commit()
    #expect(layer.animation(forKey: "spin")?.duration == 4)
  }
}

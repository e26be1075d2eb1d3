import Foundation
import Testing

@testable import LayerKit

/// When changes reach the context: the outermost commit, `flush()`, or the next frame.
@Suite struct CommitTimingTests {
  @Test func flushStartsImplicitAnimationsAtOnce() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.opacity = 0
    CATransaction.flush()  // stamps beginTime = 0
    scene.clock.advance(by: 0.125)  // the clock alone: no frame commit
    #expect(abs(layer.presentation()!.opacity - 0.197597) < 1e-5)
  }

  @Test func outermostExplicitCommitStartsAnimations() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    CATransaction.begin()
    CATransaction.begin()
    layer.opacity = 0
    CATransaction.commit()
    scene.clock.advance(by: 0.1)
    CATransaction.commit()  // starts at t = 0.1
    scene.clock.advance(by: 0.125)
    #expect(abs(layer.presentation()!.opacity - 0.197597) < 1e-5)
  }

  @Test func implicitTransactionWaitsForTheNextFrame() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.opacity = 0
    scene.clock.advance(by: 0.5)
    scene.context.advance(by: 0.125)  // commits at 0.5, evaluates at 0.625
    #expect(abs(layer.presentation()!.opacity - 0.197597) < 1e-5)
  }

  @Test func explicitTransactionNestedInTheImplicitOneWaitsForIt() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.cornerRadius = 2  // opens the implicit transaction
    CATransaction.begin()
    layer.opacity = 0
    CATransaction.commit()  // not the outermost
    scene.clock.advance(by: 0.5)
    scene.context.advance(by: 0.125)
    #expect(abs(layer.presentation()!.opacity - 0.197597) < 1e-5)
  }

  @Test func timingFunctionKeyEqualsTheTypedSetter() {
    settleTransactions()
    CATransaction.begin()
    let easeOut = CAMediaTimingFunction(name: .easeOut)
    CATransaction.setValue(easeOut, forKey: kCATransactionAnimationTimingFunction)
    #expect(CATransaction.animationTimingFunction() === easeOut)
    #expect(
      CATransaction.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
        === easeOut)
    CATransaction.setValue(nil, forKey: kCATransactionAnimationTimingFunction)
    #expect(CATransaction.animationTimingFunction() == nil)
    CATransaction.setValue(3, forKey: kCATransactionAnimationTimingFunction)
    #expect(CADiagnostics.drain().map(\.key) == [kCATransactionAnimationTimingFunction])
    CATransaction.commit()
  }

  @Test func frameInsideAnOpenExplicitTransactionRecordsADiagnostic() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    layer.cornerRadius = 1
    CATransaction.begin()
    scene.context.advance(by: 0)
    #expect(CADiagnostics.drain().map(\.key) == ["CATransaction"])
    CATransaction.commit()  // the deferred implicit transaction commits with it
    #expect(!TransactionThread.current.machine.isOpen)
  }
}

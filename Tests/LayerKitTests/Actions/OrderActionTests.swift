import Foundation
import Testing

@testable import LayerKit

@Suite struct OrderActionTests {
  private func recording(_ layer: CALayer) -> RecordingAction {
    let action = RecordingAction("order")
    layer.actions = [
      kCAOnOrderIn: action, kCAOnOrderOut: action, "hidden": action, "sublayers": action,
    ]
    return action
  }

  @Test func insertionIntoACommittedTreeRunsOrderIn() {
    let scene = ActionScene()
    let child = CALayer()
    let action = recording(child)
    scene.root.addSublayer(child)
    #expect(action.runs.map(\.event) == [kCAOnOrderIn])
  }

  @Test func removalRunsOrderOut() {
    let scene = ActionScene()
    let child = scene.attachedLayer()
    let action = recording(child)
    child.removeFromSuperlayer()
    #expect(action.runs.map(\.event) == [kCAOnOrderOut])
    #expect(action.runs.first?.layer === child)
  }

  @Test func replacingAndSettingSublayersRunBoth() {
    let scene = ActionScene()
    let old = scene.attachedLayer()
    let new = CALayer()
    let newer = CALayer()
    let log = [old, new, newer].map(recording)
    scene.root.replaceSublayer(old, with: new)
    #expect(log[0].runs.map(\.event) == [kCAOnOrderOut])
    #expect(log[1].runs.map(\.event) == [kCAOnOrderIn])
    scene.root.sublayers = [newer]
    #expect(log[1].runs.map(\.event) == [kCAOnOrderIn, kCAOnOrderOut])
    #expect(log[2].runs.map(\.event) == [kCAOnOrderIn])
  }

  @Test func parentGetsOneSublayersEventPerChange() {
    let scene = ActionScene()
    let parentAction = recording(scene.root)
    scene.root.sublayers = [CALayer(), CALayer(), CALayer()]
    #expect(parentAction.runs.map(\.event) == ["sublayers"])
  }

  @Test func movingBetweenVisibleParentsStaysInTheTree() {
    let scene = ActionScene()
    let a = scene.attachedLayer()
    let b = scene.attachedLayer()
    let child = CALayer()
    a.addSublayer(child)
    let action = recording(child)
    b.addSublayer(child)
    #expect(action.runs.map(\.event) == [kCAOnOrderIn])
  }

  @Test func hidingAndShowingRunHiddenThenOrderOutOrIn() {
    let scene = ActionScene()
    let layer = scene.attachedLayer()
    let action = recording(layer)
    layer.isHidden = true
    layer.isHidden = true  // no visibility change: the hidden action only
    layer.isHidden = false
    #expect(
      action.runs.map(\.event) == ["hidden", kCAOnOrderOut, "hidden", "hidden", kCAOnOrderIn])
  }

  @Test func hiddenLayersDoNotOrderIn() {
    let scene = ActionScene()
    let child = CALayer()
    child.isHidden = true
    let action = recording(child)
    scene.root.addSublayer(child)
    #expect(action.runs.isEmpty)
  }

  @Test func treesOutsideACommittedContextRunNoOrderActions() {
    settleTransactions()
    let parent = CALayer()
    let child = CALayer()
    let action = recording(child)
    parent.addSublayer(child)
    child.removeFromSuperlayer()
    #expect(action.runs.isEmpty)
  }

  @Test func disabledActionsSilenceOrderEvents() {
    let scene = ActionScene()
    let child = CALayer()
    let action = recording(child)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    scene.root.addSublayer(child)
    child.removeFromSuperlayer()
    CATransaction.commit()
    #expect(action.runs.isEmpty)
  }
}

import Foundation
import Testing

@testable import LayerKit

/// `setModel(keys:_:)` sets several properties in one write with the effects of their
/// setters: outside a committed tree the same model, explicitly set keys, change record
/// and layout and display marks; inside one, each key's action.
@Suite struct LayerModelBatchTests {
  @Test func aDetachedLayerGetsTheModelAndMarksItsSettersWouldGive() {
    let batched = CAShapeLayer()
    let single = CAShapeLayer()
    let path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
    batched.setModel(keys: ["anchorPoint", "bounds", "fillColor", "path", "fillRule"]) {
      $0.anchorPoint = .zero
      $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
      $0.shapeState.fillColor = nil
      $0.shapeState.path = path
      $0.shapeState.fillRule = .evenOdd
    }
    single.anchorPoint = .zero
    single.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
    single.fillColor = nil
    single.path = path
    single.fillRule = .evenOdd
    #expect(batched.state == single.state)
    #expect(batched.explicitlySetKeys == single.explicitlySetKeys)
    #expect(batched.explicitlySetKeys.count == 5)
    // A bounds size change asks for layout, as the setter does.
    #expect(batched.needsLayout() && single.needsLayout())
    #expect(batched.needsDisplay() == single.needsDisplay())
    // The change is recorded: the layer's stamp moved past its log's start.
    #expect(batched.renderChangeStamp > 0)
    #expect(batched.treeChangeLog.changes > 0)
  }

  @Test func aStyleNoLongerSuppliesTheKeysSetInABatch() {
    let layer = CALayer()
    layer.setModel(keys: ["opacity"]) { $0.opacity = 0.25 }
    layer.style = ["opacity": 0.5, "cornerRadius": 3.0]
    #expect(layer.opacity == 0.25)
    #expect(layer.cornerRadius == 3)
  }

  @Test func aLayerWhoseClassDrawsForAKeyIsMarkedForDisplay() {
    let text = CATextLayer()
    text.setModel(keys: ["fontSize"]) { $0.textState.fontSize = 20 }
    #expect(text.needsDisplay())
  }

  @Test func aSublayerOfADetachedTreeMarksItsAncestorsChanged() {
    let root = CALayer()
    let child = CALayer()
    root.addSublayer(child)
    let before = root.subtreeRenderChangeStamp
    child.setModel(keys: ["position"]) { $0.position = CGPoint(x: 3, y: 4) }
    #expect(child.position == CGPoint(x: 3, y: 4))
    #expect(root.subtreeRenderChangeStamp > before)
  }

  @Test func aLayerInACommittedTreeRunsEachKeysAction() {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    let layer = CALayer()
    root.addSublayer(layer)
    context.layer = root
    context.commit()
    layer.setModel(keys: ["opacity", "position"]) {
      $0.opacity = 0
      $0.position = CGPoint(x: 10, y: 0)
    }
    #expect(layer.opacity == 0)
    #expect(layer.position == CGPoint(x: 10, y: 0))
    // Each key's implicit animation, as from its setter.
    #expect(Set(layer.animationKeys() ?? []) == ["opacity", "position"])
    context.advance(by: 0.125)
    let shown = layer.presentation()!
    #expect(abs(shown.opacity - 0.197597) < 1e-4)  // 1 − default(0.5)
    #expect(abs(shown.position.x - 10 * 0.802403) < 1e-3)
  }

  @Test func aNilValueInACommittedTreeGoesThroughKeyValueCoding() {
    let context = CAContext(clock: CAManualClock())
    let layer = CAShapeLayer()
    context.layer = layer
    context.commit()
    layer.setModel(keys: ["fillColor", "hidden"]) {
      $0.shapeState.fillColor = nil
      $0.isHidden = true
    }
    #expect(layer.fillColor == nil)
    #expect(layer.isHidden)
    #expect(layer.explicitlySetKeys.isSuperset(of: ["fillColor", "hidden"]))
  }
}

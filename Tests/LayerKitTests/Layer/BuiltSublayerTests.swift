import Foundation
import Testing

@testable import LayerKit

/// `appendBuiltSublayer(_:)` appends as `addSublayer(_:)` does, and runs the sublayer
/// actions through it where a committed tree can see them.
@Suite struct BuiltSublayerTests {
  @Test func aDetachedTreeGetsTheSublayerAsAddSublayerWouldAddIt() {
    let built = CALayer()
    let added = CALayer()
    let a = CALayer()
    let b = CALayer()
    a.opacity = 0.5
    b.opacity = 0.5
    built.appendBuiltSublayer(a)
    added.addSublayer(b)
    #expect(built.sublayers?.count == 1 && built.sublayers?[0] === a)
    #expect(a.superlayer === built)
    #expect(built.needsLayout() == added.needsLayout())
    // The sublayer's changes now count in the tree's log and stamp the new superlayer.
    #expect(a.ownChangeLog == nil)
    #expect(built.subtreeRenderChangeStamp >= a.subtreeRenderChangeStamp)
    #expect(built.treeChangeLog.attachments == added.treeChangeLog.attachments)
    a.opacity = 1
    #expect(built.subtreeRenderChangeStamp == a.renderChangeStamp)
  }

  @Test func aLayerWithASuperlayerMovesAsAddSublayerMovesIt() {
    let old = CALayer()
    let new = CALayer()
    let layer = CALayer()
    old.addSublayer(layer)
    new.appendBuiltSublayer(layer)
    #expect(old.sublayers == nil)
    #expect(layer.superlayer === new)
  }

  @Test func aCommittedTreeRunsTheOrderInAction() {
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    context.layer = root
    context.commit()
    let layer = CALayer()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    layer.actions = [kCAOnOrderIn: fade]
    root.appendBuiltSublayer(layer)
    #expect(layer.superlayer === root)
    #expect(layer.animation(forKey: kCAOnOrderIn) != nil)
  }
}

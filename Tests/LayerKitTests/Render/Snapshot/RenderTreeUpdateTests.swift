import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// A renderer's tree kept between frames: only nodes whose layer changed or shows an
/// animation are rewritten, unchanged nodes keep their change stamps, a change of shape
/// builds the tree afresh, and the damage of frames drawn from the updated tree still
/// equals frames drawn whole.
@Suite struct RenderTreeUpdateTests {
  typealias F = RenderFixtures

  /// The index of `layer`'s node (its first copy).
  static func index(of layer: CALayer, in tree: RenderTree) -> Int? {
    tree.nodes.firstIndex { $0.key.layer == ObjectIdentifier(layer) }
  }

  /// The indices of the nodes whose change stamp differs between `a` and `b` (same shape).
  static func changed(_ a: RenderTree, _ b: RenderTree) -> [Int] {
    zip(a.nodes, b.nodes).enumerated().filter {
      $0.element.0.changeStamp != $0.element.1.changeStamp
    }.map(\.offset)
  }

  /// A root with two boxes, the first holding a third.
  static func scene() -> (root: CALayer, a: CALayer, b: CALayer, c: CALayer) {
    let root = F.root(100, 80)
    let a = F.box(CGRect(x: 5, y: 5, width: 30, height: 30), F.red)
    let b = F.box(CGRect(x: 50, y: 40, width: 30, height: 30), F.blue)
    let c = F.box(CGRect(x: 5, y: 5, width: 10, height: 10), F.yellow)
    a.addSublayer(c)
    root.sublayers = [a, b]
    return (root, a, b, c)
  }

  /// A context on a manual clock showing `root`, committed, with `animation` then added
  /// to `layer`.
  static func context(_ root: CALayer, animating layer: CALayer, _ animation: CAAnimation)
    -> CAContext
  {
    let context = CAContext(clock: CAManualClock())
    context.layer = root
    context.commit()
    layer.add(animation, forKey: "animation")
    return context
  }

  @Test func aFrameWithNoChangeKeepsEveryNode() throws {
    let s = Self.scene()
    let renderer = CARenderer(layer: s.root)
    let first = try #require(renderer.makeRenderTree())
    let second = try #require(renderer.makeRenderTree())
    #expect(second.nodes.count == 4)
    #expect(second.structureStamp == first.structureStamp)
    #expect(Self.changed(first, second).isEmpty)
    #expect(second.nodes.map(\.subtreeChangeStamp) == first.nodes.map(\.subtreeChangeStamp))
  }

  @Test func aModelChangeRewritesOnlyItsLayersNode() throws {
    let s = Self.scene()
    let renderer = CARenderer(layer: s.root)
    let before = try #require(renderer.makeRenderTree())
    s.c.backgroundColor = F.green
    let after = try #require(renderer.makeRenderTree())
    let c = try #require(Self.index(of: s.c, in: after))
    let a = try #require(Self.index(of: s.a, in: after))
    #expect(after.structureStamp == before.structureStamp)
    #expect(Self.changed(before, after) == [c])
    #expect(after.nodes[c].state.backgroundColor == F.green)
    // The change shows in the subtree stamps on the way to the root, and nowhere else.
    #expect(after.nodes[a].subtreeChangeStamp == after.nodes[c].changeStamp)
    #expect(after.nodes[0].subtreeChangeStamp == after.nodes[c].changeStamp)
    let b = try #require(Self.index(of: s.b, in: after))
    #expect(after.nodes[b].subtreeChangeStamp == before.nodes[b].subtreeChangeStamp)
  }

  @Test func writingTheSameValueKeepsTheNodesStamp() throws {
    let s = Self.scene()
    let renderer = CARenderer(layer: s.root)
    let before = try #require(renderer.makeRenderTree())
    s.b.opacity = s.b.opacity
    s.b.position = s.b.position
    let after = try #require(renderer.makeRenderTree())
    #expect(Self.changed(before, after).isEmpty)
  }

  @Test func aZPositionChangeReordersTheSiblingsInPlace() throws {
    let s = Self.scene()
    let renderer = CARenderer(layer: s.root)
    let before = try #require(renderer.makeRenderTree())
    let a = try #require(Self.index(of: s.a, in: before))
    let b = try #require(Self.index(of: s.b, in: before))
    #expect(before.nodes[0].children == [a, b])
    s.a.zPosition = 1
    let after = try #require(renderer.makeRenderTree())
    #expect(after.structureStamp == before.structureStamp)
    #expect(after.nodes[0].children == [b, a])
  }

  @Test func aNewSublayerBuildsAfreshAndKeepsTheOtherNodesStamps() throws {
    let s = Self.scene()
    let renderer = CARenderer(layer: s.root)
    let before = try #require(renderer.makeRenderTree())
    let d = F.box(CGRect(x: 0, y: 60, width: 10, height: 10), F.green)
    s.b.addSublayer(d)
    let after = try #require(renderer.makeRenderTree())
    #expect(after.nodes.count == 5)
    #expect(after.structureStamp != before.structureStamp)
    for layer in [s.root, s.a, s.c] {
      let i = try #require(Self.index(of: layer, in: before))
      let j = try #require(Self.index(of: layer, in: after))
      #expect(after.nodes[j].changeStamp == before.nodes[i].changeStamp)
    }
    let j = try #require(Self.index(of: d, in: after))
    #expect(after.nodes[j].changeStamp > before.nodes.map(\.subtreeChangeStamp).max()!)
  }

  @Test func anAnimationRewritesOnlyTheAnimatedNodeEachFrame() throws {
    let s = Self.scene()
    let context = Self.context(s.root, animating: s.b, F.held("opacity", from: 1, to: 0))
    context.advance(by: 0.25)
    let renderer = CARenderer(context: context)
    let before = try #require(renderer.makeRenderTree())
    context.advance(by: 0.25)
    let after = try #require(renderer.makeRenderTree())
    let b = try #require(Self.index(of: s.b, in: after))
    #expect(Self.changed(before, after) == [b])
    #expect(abs(after.nodes[b].state.opacity - 0.5) < 1e-6)
    // No new evaluation: nothing is rewritten.
    let again = try #require(renderer.makeRenderTree())
    #expect(Self.changed(after, again).isEmpty)
  }

  @Test func framesDrawnFromTheUpdatedTreeEqualFramesDrawnWhole() throws {
    let s = Self.scene()
    let context = Self.context(s.root, animating: s.c, F.held("position.x", from: 10, to: 20))
    let renderer = CARenderer(context: context)
    let ctx = try #require(CGContext(width: 100, height: 80))
    for step in 0..<6 {
      context.advance(by: 0.2)
      if step == 3 {
        // A model change without an implicit animation: redrawn in this frame only.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        s.b.backgroundColor = F.green
        CATransaction.commit()
      }
      let damage = renderer.render(in: ctx, scale: 1)
      let whole = CARenderer(context: context).render(width: 100, height: 80, scale: 1)
      #expect(ctx.makeImage()!.pixels == whole.pixels)
      if step > 0 && step != 3 {
        // Only the sliding square's neighbourhood is redrawn, never the still box.
        #expect(damage.allSatisfy { !$0.intersects(CGRect(x: 50, y: 40, width: 30, height: 30)) })
        #expect(damage.allSatisfy { $0.maxX <= 40 && $0.maxY <= 40 })
      }
    }
  }
}

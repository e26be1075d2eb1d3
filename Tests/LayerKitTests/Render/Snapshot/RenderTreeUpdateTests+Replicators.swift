import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// Replicator copies and transition nodes are updated in place like the rest of the
/// tree: the updated tree equals a tree built afresh at every frame, frames drawn from it
/// equal frames drawn whole, and only a change of instance count gives up the update.
extension RenderTreeUpdateTests {
  /// Whether `a` and `b` hold the same nodes: keys, links, and everything they draw.
  static func sameNodes(_ a: RenderTree, _ b: RenderTree) -> Bool {
    guard a.nodes.count == b.nodes.count, a.root == b.root else { return false }
    for (x, y) in zip(a.nodes, b.nodes) {
      guard x.key == y.key, x.kind == y.kind, x.children == y.children, x.mask == y.mask,
        x.state == y.state, x.instanceTransform == y.instanceTransform, x.tint == y.tint,
        x.transition == y.transition, x.backingStore === y.backingStore
      else { return false }
    }
    return true
  }

  /// A 120 × 90 root holding a replicator of `count` copies of a small box (whose
  /// position the caller may animate); each copy turns 30° about the replicator's centre
  /// and is less red than the one before.
  static func replicatorScene(count: Int) -> (root: CALayer, rep: CAReplicatorLayer, box: CALayer) {
    let root = F.root(120, 90)
    let rep = CAReplicatorLayer()
    rep.frame = CGRect(x: 20, y: 5, width: 80, height: 80)
    rep.instanceCount = count
    rep.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
    rep.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    rep.instanceRedOffset = -0.1
    let box = F.box(CGRect(x: 35, y: 2, width: 10, height: 14), F.red)
    rep.addSublayer(box)
    root.addSublayer(rep)
    return (root, rep, box)
  }

  /// Steps `context` `frames` times by `step` seconds, drawing each frame incrementally
  /// with one renderer and checking its tree and pixels against a renderer built afresh;
  /// `change` runs before frame `k` is drawn. When `inPlace`, every frame after the first
  /// must have been updated in place (unless `change` attached something in the tree,
  /// which has it built afresh). Returns the renderer.
  @discardableResult
  static func checkFrames(
    _ context: CAContext, width: Int, height: Int, frames: Int, step: Double, inPlace: Bool = true,
    change: (Int) -> Void = { _ in }
  ) throws -> CARenderer {
    let renderer = CARenderer(context: context)
    let ctx = try #require(CGContext(width: width, height: height))
    let log = try #require(context.layer).treeChangeLog
    var attachments = log.attachments
    for k in 0..<frames {
      change(k)
      context.advance(by: step)
      renderer.render(in: ctx, scale: 1)
      if inPlace && k > 0 {
        #expect(
          renderer.renderTreeUpdatedInPlace || log.attachments != attachments,
          "frame \(k) was built afresh")
      }
      attachments = log.attachments
      let fresh = CARenderer(context: context)
      let updated = try #require(renderer.makeRenderTree())
      let whole = try #require(fresh.makeRenderTree())
      #expect(sameNodes(updated, whole), "frame \(k): the updated tree differs from a fresh one")
      let image = fresh.render(width: width, height: height, scale: 1)
      #expect(ctx.makeImage()!.pixels == image.pixels, "frame \(k): incremental pixels differ")
    }
    return renderer
  }

  @Test func replicatorCopiesWithAnAnimatedInstanceTransformAreUpdatedInPlace() throws {
    let s = Self.replicatorScene(count: 5)
    let turn = CABasicAnimation(keyPath: "instanceTransform")
    turn.fromValue = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
    turn.toValue = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
    turn.duration = 1
    turn.fillMode = .both
    turn.isRemovedOnCompletion = false
    let context = Self.context(s.root, animating: s.rep, turn)
    s.box.add(F.held("position.y", from: 9, to: 20), forKey: "slide")
    let renderer = try Self.checkFrames(context, width: 120, height: 90, frames: 6, step: 0.15)
    // One build, then updates in place only.
    #expect(renderer.abandonedRenderTreeUpdates == 0)
  }

  @Test func unchangedCopiesKeepTheirStampsWhileAnotherLayerAnimates() throws {
    let s = Self.replicatorScene(count: 4)
    let other = F.box(CGRect(x: 2, y: 2, width: 10, height: 10), F.blue)
    s.root.addSublayer(other)
    let context = Self.context(s.root, animating: other, F.held("opacity", from: 1, to: 0))
    context.advance(by: 0.2)
    let renderer = CARenderer(context: context)
    let before = try #require(renderer.makeRenderTree())
    context.advance(by: 0.2)
    let after = try #require(renderer.makeRenderTree())
    let o = try #require(Self.index(of: other, in: after))
    #expect(Self.changed(before, after) == [o])
    #expect(after.nodes.count == before.nodes.count)
    #expect(renderer.abandonedRenderTreeUpdates == 0)
  }

  @Test func aTintChangeReachesEveryNodeOfEachCopy() throws {
    let s = Self.replicatorScene(count: 3)
    let dot = F.box(CGRect(x: 2, y: 2, width: 4, height: 4), F.yellow)
    s.box.addSublayer(dot)
    let context = Self.context(s.root, animating: s.box, F.held("opacity", from: 1, to: 0.5))
    try Self.checkFrames(context, width: 120, height: 90, frames: 4, step: 0.2) { k in
      if k == 2 {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        s.rep.instanceGreenOffset = -0.3
        CATransaction.commit()
      }
    }
    let tree = try #require(CARenderer(context: context).makeRenderTree())
    let dots = tree.nodes.filter { $0.key.layer == ObjectIdentifier(dot) }
    #expect(dots.count == 3)
    #expect(dots.last?.tint?[1] ?? 1 < 0.5)
  }

  @Test func aChangedInstanceCountBuildsAfreshAndDrawsTheSame() throws {
    let s = Self.replicatorScene(count: 3)
    let context = Self.context(s.root, animating: s.box, F.held("position.x", from: 40, to: 50))
    let renderer = try Self.checkFrames(
      context, width: 120, height: 90, frames: 5, step: 0.2, inPlace: false
    ) { k in
      if k == 2 || k == 3 {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        s.rep.instanceCount = k == 2 ? 6 : 2
        CATransaction.commit()
      }
    }
    // Each new count gives up the update in place (unless another attachment in the
    // process had the tree built afresh already).
    #expect(renderer.abandonedRenderTreeUpdates <= 2)
    let tree = try #require(renderer.makeRenderTree())
    #expect(tree.nodes.filter { $0.key.layer == ObjectIdentifier(s.box) }.count == 2)
  }

  @Test func nestedReplicatorsAreUpdatedInPlace() throws {
    let root = F.root(120, 90)
    let outer = CAReplicatorLayer()
    outer.frame = root.bounds
    outer.instanceCount = 3
    outer.instanceTransform = CATransform3DMakeTranslation(0, 28, 0)
    outer.instanceBlueOffset = -0.3
    let inner = CAReplicatorLayer()
    inner.frame = CGRect(x: 0, y: 0, width: 120, height: 28)
    inner.instanceCount = 4
    inner.instanceTransform = CATransform3DMakeTranslation(28, 0, 0)
    inner.instanceAlphaOffset = -0.2
    let box = F.box(CGRect(x: 4, y: 4, width: 18, height: 18), F.blue)
    let mask = F.box(CGRect(x: 0, y: 0, width: 14, height: 18), F.ink)
    box.mask = mask
    inner.addSublayer(box)
    outer.addSublayer(inner)
    root.addSublayer(outer)
    let slide = CABasicAnimation(keyPath: "instanceTransform")
    slide.fromValue = CATransform3DMakeTranslation(24, 0, 0)
    slide.toValue = CATransform3DMakeTranslation(30, 2, 0)
    slide.duration = 1
    slide.fillMode = .both
    slide.isRemovedOnCompletion = false
    let context = Self.context(root, animating: inner, slide)
    box.add(F.held("opacity", from: 1, to: 0.4), forKey: "fade")
    let renderer = try Self.checkFrames(context, width: 120, height: 90, frames: 5, step: 0.2)
    #expect(renderer.abandonedRenderTreeUpdates == 0)
    let tree = try #require(renderer.makeRenderTree())
    #expect(tree.nodes.filter { $0.key.layer == ObjectIdentifier(box) }.count == 12)
  }

  @Test func delayedCopiesAreEvaluatedAtTheirOwnTimesInPlace() throws {
    let (context, _) = NinePartAndDelayRenderTests.fallingDots(at: 0)
    let renderer = try Self.checkFrames(context, width: 130, height: 70, frames: 6, step: 0.15)
    #expect(renderer.abandonedRenderTreeUpdates == 0)
  }

  @Test func aRunningTransitionIsUpdatedInPlace() throws {
    let t = TransitionRenderTests.linear(.push, .fromRight)
    let scene = TransitionRenderTests.transitionScene(t)
    let renderer = try Self.checkFrames(scene.context, width: 72, height: 52, frames: 4, step: 0.2)
    #expect(renderer.abandonedRenderTreeUpdates == 0)
    // Past its end the transition node goes.
    let ctx = try #require(CGContext(width: 72, height: 52))
    scene.context.advance(by: 1)
    renderer.render(in: ctx, scale: 1)
    let tree = try #require(renderer.makeRenderTree())
    #expect(tree.nodes.allSatisfy { $0.transition == nil })
  }
}

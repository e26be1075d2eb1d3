import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// The damage pass under layers that draw nothing: a layer hidden (or at opacity 0) in two
/// frames running damages nothing and its descendants are not visited, yet frames drawn
/// in their damage still equal frames drawn whole once it shows, and the records then
/// equal those of a pass over the same tree made afresh.
@Suite struct DamageTrackerHiddenTests {
  typealias F = RenderFixtures

  /// A holder at the origin with a red sublayer that has a blue sublayer of its own.
  static func scene() -> (root: CALayer, holder: CALayer, child: CALayer, grandchild: CALayer) {
    let root = F.root(100, 80)
    let holder = F.box(CGRect(x: 0, y: 0, width: 10, height: 10), nil)
    let child = F.box(CGRect(x: 50, y: 40, width: 20, height: 20), F.red)
    let grandchild = F.box(CGRect(x: 2, y: 2, width: 6, height: 6), F.blue)
    child.addSublayer(grandchild)
    holder.addSublayer(child)
    root.addSublayer(holder)
    return (root, holder, child, grandchild)
  }

  @Test(arguments: [false, true])
  func aSubtreeChangedWhileHiddenDamagesWhereItShows(byOpacity: Bool) throws {
    let (root, holder, child, grandchild) = Self.scene()
    let renderer = CARenderer(layer: root)
    let ctx = try #require(CGContext(width: 100, height: 80))
    func hide(_ hidden: Bool) {
      if byOpacity { holder.opacity = hidden ? 0 : 1 } else { holder.isHidden = hidden }
    }
    _ = DamageTrackerTests.step(renderer, root, ctx)
    hide(true)
    let hiding = DamageTrackerTests.step(renderer, root, ctx)
    #expect(hiding.contains { $0.contains(CGRect(x: 50, y: 40, width: 20, height: 20)) })
    // Changes under a layer hidden in both frames draw nothing: no damage.
    child.position = CGPoint(x: 20, y: 20)
    #expect(DamageTrackerTests.step(renderer, root, ctx).isEmpty)
    grandchild.backgroundColor = F.green
    holder.sublayerTransform = CATransform3DMakeTranslation(5, 0, 0)
    #expect(DamageTrackerTests.step(renderer, root, ctx).isEmpty)
    holder.position.x += 1
    #expect(DamageTrackerTests.step(renderer, root, ctx).isEmpty)
    // Shown again: where it now draws is damaged (and the frame equals one drawn whole).
    hide(false)
    let showing = DamageTrackerTests.step(renderer, root, ctx)
    let drawn = CGRect(x: 16, y: 10, width: 20, height: 20)
    #expect(showing.contains { $0.contains(drawn) })
    // And a change after it shows damages only around the change.
    grandchild.backgroundColor = F.yellow
    let after = DamageTrackerTests.step(renderer, root, ctx)
    #expect(after.count == 1 && after.allSatisfy { drawn.insetBy(dx: -2, dy: -2).contains($0) })
  }

  @Test func recordsAfterHiddenFramesEqualAFreshPass() throws {
    let (root, holder, child, grandchild) = Self.scene()
    let mask = F.box(CGRect(x: 0, y: 0, width: 60, height: 60), F.ink)
    child.mask = mask
    var builder = RenderTreeBuilder(presentation: false)
    var tracker = DamageTracker()
    let frame = PixelRect(x0: 0, y0: 0, x1: 100, y1: 80)
    func step() -> [PixelRect] {
      builder.update(root: root, evaluation: 0)
      return tracker.damage(builder.tree, scale: 1, frame: frame)
    }
    _ = step()
    holder.isHidden = true
    #expect(!step().isEmpty)
    let edits: [() -> Void] = [
      { child.position = CGPoint(x: 30, y: 30) },
      { grandchild.bounds.size.width = 12 },
      { holder.sublayerTransform = CATransform3DMakeScale(1.5, 1, 1) },
      { mask.position.x = 10 },
      { holder.position.y = 3 },
    ]
    for edit in edits {
      edit()
      #expect(step().isEmpty)
    }
    holder.isHidden = false
    #expect(!step().isEmpty)
    var fresh = DamageTracker()
    _ = fresh.damage(builder.tree, scale: 1, frame: frame)
    try Self.expectSame(tracker.records, fresh.records)
    // One more frame with nothing changed keeps them so, and damages nothing.
    #expect(step().isEmpty)
    try Self.expectSame(tracker.records, fresh.records)
  }

  /// Checks that two passes' records agree on everything that decides damage.
  static func expectSame(_ a: [DamageTracker.Record], _ b: [DamageTracker.Record]) throws {
    try #require(a.count == b.count)
    for (x, y) in zip(a, b) {
      #expect(x.changeStamp == y.changeStamp)
      #expect(x.map == y.map && x.alpha == y.alpha && x.clip == y.clip && x.shadow == y.shadow)
      #expect(x.parent == y.parent && x.position == y.position)
      #expect(x.own == y.own && x.footprint == y.footprint)
    }
  }
}

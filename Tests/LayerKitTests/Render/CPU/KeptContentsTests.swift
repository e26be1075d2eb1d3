import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// Contents resampled once: an opaque layer's image drawn the same way twice in a row is
/// kept at device resolution and copied from then on, gives the frame drawn afresh, and
/// is dropped when the image or its placement changes.
@Suite struct KeptContentsTests {
  typealias F = RenderFixtures

  /// A magnified backdrop image with a box moving over part of it.
  static func scene() -> (
    context: CAContext, clock: CAManualClock, backdrop: CALayer, renderer: CARenderer
  ) {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = F.root(160, 120)
    let backdrop = CALayer()
    backdrop.frame = CGRect(x: 20, y: 10, width: 112, height: 84)
    backdrop.contents = F.quadrants
    root.addSublayer(backdrop)
    let mover = F.box(CGRect(x: 30, y: 40, width: 20, height: 20), F.ink)
    mover.add(F.held("position.x", from: 40, to: 120), forKey: "move")
    root.addSublayer(mover)
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context)
    renderer.bands.bandLimit = 1
    return (context, clock, backdrop, renderer)
  }

  /// Plays `frames` frames of 0.1 s into `ctx`, each checked against a frame drawn afresh.
  static func play(
    _ scene: (context: CAContext, clock: CAManualClock, backdrop: CALayer, renderer: CARenderer),
    _ frames: Int, into ctx: CGContext
  ) {
    for _ in 0..<frames {
      scene.context.advance(by: 0.1)
      scene.renderer.render(in: ctx, scale: 1)
      #expect(
        LayerBitmapCacheTests.largestDifference(
          ctx.makeImage()!, LayerBitmapCacheTests.fresh(scene.context, 160, 120)) == 0)
    }
  }

  @Test func drawnTheSameWayTwiceTheContentsAreKeptAndCopied() throws {
    let scene = Self.scene()
    let ctx = try #require(CGContext(width: 160, height: 120))
    let budget = scene.renderer.compositor.keptContentsBudget
    scene.renderer.render(in: ctx, scale: 1)
    #expect(budget.pixels == 0)
    // The moving box's damage redraws part of the backdrop from the kept pixels.
    Self.play(scene, 4, into: ctx)
    // 112 × 84 points at scale 1: exactly the backdrop's device pixels.
    #expect(budget.pixels == 112 * 84)
  }

  @Test func newContentsOrAMoveDropTheKeptPixels() throws {
    let scene = Self.scene()
    let ctx = try #require(CGContext(width: 160, height: 120))
    let budget = scene.renderer.compositor.keptContentsBudget
    Self.play(scene, 3, into: ctx)
    #expect(budget.pixels == 112 * 84)
    let other = try #require(CGContext(width: 8, height: 8))
    other.setFillColor(F.green)
    other.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
    LayerBitmapCacheTests.changeWithoutAnimation { scene.backdrop.contents = other.makeImage() }
    Self.play(scene, 1, into: ctx)
    // The old image's pixels are released; the new image shows.
    #expect(budget.pixels == 0)
    #expect(F.isColor(ctx.makeImage()!, 100, 20, F.green))
    LayerBitmapCacheTests.changeWithoutAnimation { scene.backdrop.position.x += 3 }
    Self.play(scene, 3, into: ctx)
    #expect(budget.pixels == 112 * 84)
  }

  @Test func translucentContentsAreNotKept() throws {
    let scene = Self.scene()
    LayerBitmapCacheTests.changeWithoutAnimation { scene.backdrop.opacity = 0.5 }
    let ctx = try #require(CGContext(width: 160, height: 120))
    Self.play(scene, 4, into: ctx)
    #expect(scene.renderer.compositor.keptContentsBudget.pixels == 0)
  }

  @Test func theBudgetBoundsWhatIsKept() {
    let budget = KeptContentsBudget(limit: 100)
    #expect(!budget.fits(101))
    #expect(budget.fits(100))
    #expect(!budget.take(101))
    #expect(!budget.take(0))
    #expect(budget.take(60))
    #expect(!budget.take(41))
    do {
      let image = CGContext(width: 5, height: 8)!.makeImage()!
      let kept = KeptContents(image, x: 0, y: 0, budget: budget)
      #expect(kept != nil)
      #expect(budget.pixels == 100)
      #expect(KeptContents(image, x: 0, y: 0, budget: budget) == nil)
    }
    #expect(budget.pixels == 60)
  }
}

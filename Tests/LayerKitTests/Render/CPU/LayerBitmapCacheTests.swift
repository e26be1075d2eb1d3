import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// Draw once, composite many times: replicator copies under perspective and content-shaped shadows
/// keep their bitmaps while only their placement, offset or opacity moves, redraw them
/// when their own content changes, and give the same pixels as a frame drawn afresh.
@Suite struct LayerBitmapCacheTests {
  typealias F = RenderFixtures

  /// A card with two sublayers, turned about y under its replicator's perspective (one
  /// copy).
  static func perspectiveScene() -> (
    context: CAContext, clock: CAManualClock, root: CALayer, card: CALayer, inner: CALayer
  ) {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = F.root(160, 120)
    let stage = CAReplicatorLayer()
    stage.frame = root.bounds
    stage.instanceCount = 1
    stage.sublayerTransform.m34 = -1 / 400
    let card = F.box(CGRect(x: 40, y: 20, width: 80, height: 80), F.blue)
    card.cornerRadius = 10
    card.borderColor = F.ink
    card.borderWidth = 3
    card.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
    let inner = F.box(CGRect(x: 12, y: 12, width: 40, height: 24), F.yellow)
    card.addSublayer(inner)
    card.addSublayer(F.box(CGRect(x: 30, y: 44, width: 36, height: 24), F.red))
    stage.addSublayer(card)
    root.addSublayer(stage)
    context.layer = root
    context.commit()
    return (context, clock, root, card, inner)
  }

  /// The current frame drawn by a renderer with nothing cached.
  static func fresh(_ context: CAContext, _ w: Int, _ h: Int) -> CGImage {
    CARenderer(context: context).render(width: w, height: h, scale: 1)
  }

  /// The largest difference of any channel of two same-sized images.
  ///
  /// A frame redrawn in damaged rectangles may differ from one drawn whole by 1 where a
  /// layer is warped: the warp's sample positions are exact at the ends of spans that
  /// start at the rectangle's edge and within 1/128 pixel in between.
  static func largestDifference(_ a: CGImage, _ b: CGImage) -> Int {
    guard a.pixels.count == b.pixels.count else { return 255 }
    return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
  }

  static func changeWithoutAnimation(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
  }

  @Test func aCopyUnderPerspectiveIsDrawnOnceWhileItMovesAndFades() throws {
    let scene = Self.perspectiveScene()
    let renderer = CARenderer(context: scene.context)
    let ctx = try #require(CGContext(width: 160, height: 120))
    renderer.render(in: ctx, scale: 1)
    #expect(renderer.lastFrameStatistics.bitmapsDrawn == 1)
    #expect(renderer.compositor.projectedCount == 1)
    for k in 1...6 {
      Self.changeWithoutAnimation {
        scene.card.position.x += 2
        scene.card.position.y -= 1
        scene.card.opacity = 1 - Float(k) * 0.1
      }
      scene.context.advance(by: 1.0 / 60)
      let rects = renderer.render(in: ctx, scale: 1)
      #expect(!rects.isEmpty)
      #expect(renderer.lastFrameStatistics.bitmapsDrawn == 0)
      #expect(renderer.lastFrameStatistics.bitmapsReused >= 1)
      // Re-composited from the kept bitmap, the frame is the one drawn afresh.
      #expect(Self.largestDifference(ctx.makeImage()!, Self.fresh(scene.context, 160, 120)) <= 1)
    }
    #expect(renderer.compositor.projectedCount == 1)
  }

  /// Each band's compositor keeps its own bitmaps, and the frame's statistics count them
  /// all: a copy that crosses the seam of two bands is drawn once by each.
  @Test func theStatisticsCountTheBitmapsOfEveryBand() throws {
    let scene = Self.perspectiveScene()
    let renderer = CARenderer(context: scene.context)
    renderer.bands.bandLimit = 2
    renderer.bands.minimumPixels = 0
    // The seam stays where it is (timed cuts could move it off the copy).
    renderer.bands.balancing = false
    let ctx = try #require(CGContext(width: 160, height: 120))
    renderer.render(in: ctx, scale: 1)
    #expect(renderer.lastFrameStatistics.bands == 2)
    #expect(renderer.compositor.projectedCount == 1)
    #expect(renderer.lastFrameStatistics.bitmapsDrawn == 2)
    Self.changeWithoutAnimation { scene.card.position.x += 2 }
    scene.context.advance(by: 1.0 / 60)
    renderer.render(in: ctx, scale: 1)
    #expect(renderer.lastFrameStatistics.bitmapsDrawn == 0)
    #expect(renderer.lastFrameStatistics.bitmapsReused >= 2)
  }

  @Test func aCopyUnderPerspectiveIsRedrawnWhenItsContentChanges() throws {
    let scene = Self.perspectiveScene()
    let renderer = CARenderer(context: scene.context)
    let ctx = try #require(CGContext(width: 160, height: 120))
    renderer.render(in: ctx, scale: 1)
    let before = ctx.makeImage()!
    assertMatchesGolden(before, named: "bitmap-cache-perspective-before")
    Self.changeWithoutAnimation { scene.inner.backgroundColor = F.green }
    scene.context.advance(by: 1.0 / 60)
    renderer.render(in: ctx, scale: 1)
    #expect(renderer.lastFrameStatistics.bitmapsDrawn == 1)
    let after = ctx.makeImage()!
    #expect(Self.largestDifference(after, before) > 100)
    #expect(Self.largestDifference(after, Self.fresh(scene.context, 160, 120)) <= 1)
    assertMatchesGolden(after, named: "bitmap-cache-perspective-after")
  }

  @Test func theBitmapsResolutionFollowsTheMapInQuarterOctaves() {
    #expect(LayerCompositor.projectedScale(1) == 1)
    #expect(abs(LayerCompositor.projectedScale(1.01) - exp2(0.25)) < 1e-12)
    #expect(abs(LayerCompositor.projectedScale(2.9) - exp2(1.75)) < 1e-12)
    #expect(LayerCompositor.projectedScale(100) == 4)
    #expect(LayerCompositor.projectedScale(0) == 1.0 / 64)
  }

  /// A layer whose sublayer fills it edge to edge, so its shadow takes the shape of what
  /// it draws (not of a path), with the shadow offset animating.
  static func shadowScene() -> (context: CAContext, root: CALayer, holder: CALayer, photo: CALayer)
  {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = F.root(140, 110)
    let holder = F.box(CGRect(x: 30, y: 20, width: 80, height: 60), nil)
    holder.shadowOpacity = 0.7
    holder.shadowRadius = 6
    holder.shadowOffset = CGSize(width: 0, height: 4)
    let photo = F.box(holder.bounds, nil)
    photo.contents = F.quadrants
    photo.cornerRadius = 12
    photo.masksToBounds = true
    holder.addSublayer(photo)
    root.addSublayer(holder)
    context.layer = root
    context.commit()
    let lift = CABasicAnimation(keyPath: "shadowOffset")
    lift.fromValue = CGSize(width: 0, height: 2)
    lift.toValue = CGSize(width: 6, height: 14)
    lift.duration = 1
    holder.add(lift, forKey: "lift")
    context.commit()
    return (context, root, holder, photo)
  }

  @Test func aContentShapedShadowIsBlurredOnceWhileItsOffsetMoves() throws {
    let scene = Self.shadowScene()
    let renderer = CARenderer(context: scene.context)
    let ctx = try #require(CGContext(width: 140, height: 110))
    renderer.render(in: ctx, scale: 1)
    #expect(renderer.lastFrameStatistics.bitmapsDrawn == 1)
    for _ in 0..<5 {
      scene.context.advance(by: 0.1)
      let rects = renderer.render(in: ctx, scale: 1)
      #expect(!rects.isEmpty)
      #expect(renderer.lastFrameStatistics.bitmapsDrawn == 0)
      #expect(Self.largestDifference(ctx.makeImage()!, Self.fresh(scene.context, 140, 110)) == 0)
    }
    #expect(renderer.compositor.shadowCache.contentMisses == 1)
  }

  @Test func aContentShapedShadowIsBlurredAgainWhenTheContentChanges() throws {
    let scene = Self.shadowScene()
    let renderer = CARenderer(context: scene.context)
    let ctx = try #require(CGContext(width: 140, height: 110))
    scene.context.advance(by: 0.5)
    renderer.render(in: ctx, scale: 1)
    let before = ctx.makeImage()!
    assertMatchesGolden(before, named: "bitmap-cache-shadow-before")
    // A smaller corner radius: the photo's outline, and so the shadow's, changes.
    Self.changeWithoutAnimation { scene.photo.cornerRadius = 30 }
    renderer.render(in: ctx, scale: 1)
    #expect(renderer.lastFrameStatistics.bitmapsDrawn == 1)
    let after = ctx.makeImage()!
    #expect(Self.largestDifference(after, Self.fresh(scene.context, 140, 110)) == 0)
    // Below the rounded corner the shadow is fainter now.
    assertMatchesGolden(after, named: "bitmap-cache-shadow-after")
  }
}

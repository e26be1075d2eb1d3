import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `shouldRasterize` (a cached bitmap in the layer's space) and the replicator's
/// `preservesDepth`.
@Suite struct RasterizationRenderTests {
  typealias F = RenderFixtures

  /// A card with a shadow and two overlapping opaque sublayers, rasterized when asked.
  static func card(rasterized: Bool) -> (root: CALayer, card: CALayer, inner: CALayer) {
    let root = F.root(120, 80)
    let card = F.box(CGRect(x: 20, y: 10, width: 60, height: 50), nil)
    card.shouldRasterize = rasterized
    let a = F.box(CGRect(x: 5, y: 5, width: 30, height: 30), F.red)
    let b = F.box(CGRect(x: 20, y: 15, width: 30, height: 30), F.blue)
    card.addSublayer(a)
    card.addSublayer(b)
    root.addSublayer(card)
    return (root, card, b)
  }

  @Test func aRasterizedLayerAtItsOwnScaleDrawsWhatTheLayerDraws() {
    let plain = F.render(Self.card(rasterized: false).root)
    let raster = F.render(Self.card(rasterized: true).root)
    var worst = 0
    for y in 0..<plain.height {
      for x in 0..<plain.width {
        let p = F.pixel(plain, x, y)
        let q = F.pixel(raster, x, y)
        worst = max(worst, abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b), abs(p.a - q.a))
      }
    }
    #expect(worst <= 1)
  }

  @Test func theBitmapIsReusedWhenOnlyThePlacementChanges() {
    let (root, card, inner) = Self.card(rasterized: true)
    let renderer = CARenderer(layer: root)
    _ = renderer.render(width: 120, height: 80, scale: 1)
    #expect(renderer.compositor.rasterizedCount == 1)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    card.position.x += 17
    card.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
    card.opacity = 0.8
    CATransaction.commit()
    let moved = renderer.render(width: 120, height: 80, scale: 1)
    #expect(renderer.compositor.rasterizedCount == 1)
    // Still drawn where the layer is now: the blue square's centre, 5 points right of
    // and below the card's centre, turned with the card about it and moved right.
    let turned = CGPoint(x: 5, y: 5).applying(CGAffineTransform(rotationAngle: 0.3))
    let c = CGPoint(x: 50 + 17 + turned.x, y: 35 + turned.y)
    let p = F.pixel(moved, Int(c.x), Int(c.y))
    #expect(p.b > p.r && p.b > 150)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    inner.backgroundColor = F.green
    CATransaction.commit()
    let recoloured = renderer.render(width: 120, height: 80, scale: 1)
    #expect(renderer.compositor.rasterizedCount == 2)
    let q = F.pixel(recoloured, Int(c.x), Int(c.y))
    #expect(q.g > q.b && q.g > 150)
  }

  @Test func opacityAppliesToTheBitmapAsOneGroup() {
    for rasterized in [false, true] {
      let (root, card, _) = Self.card(rasterized: rasterized)
      card.allowsGroupOpacity = false
      card.opacity = 0.5
      let image = F.render(root)
      // Where the two squares overlap (frame (47, 35)) the red one shows through the
      // blue one, lowering blue, unless the card is composited as one bitmap.
      let overlap = F.pixel(image, 47, 35)
      let blueOnly = F.pixel(image, 65, 52)
      if rasterized {
        #expect(abs(overlap.r - blueOnly.r) <= 1 && abs(overlap.b - blueOnly.b) <= 1)
      } else {
        #expect(overlap.b < blueOnly.b - 20)
      }
    }
  }

  @Test func aLowRasterizationScaleMagnifiesTheBitmap() {
    let root = F.root(80, 40)
    let holder = F.box(CGRect(x: 0, y: 0, width: 80, height: 40), nil)
    holder.addSublayer(F.box(CGRect(x: 40, y: 0, width: 40, height: 40), F.ink))
    root.addSublayer(holder)
    let sharp = F.render(root)
    holder.shouldRasterize = true
    holder.rasterizationScale = 0.25
    let soft = F.render(root)
    // Sharp: the edge at x = 40 goes from paper to ink in one pixel. Magnified 4×
    // bilinearly, it ramps over several pixels.
    #expect(F.isColor(sharp, 39, 20, F.paper) && F.isColor(sharp, 40, 20, F.ink))
    let ramp = (36...43).map { F.pixel(soft, $0, 20).r }
    let between = ramp.filter { $0 > 60 && $0 < 220 }.count
    #expect(between >= 3)
    #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 >= $1 })  // monotone, paper to ink
    assertMatchesGolden(soft, named: "rasterized-scale-quarter")
  }

  @Test func theShadowIsPartOfTheBitmap() {
    let root = F.root(100, 80)
    let card = F.box(CGRect(x: 25, y: 20, width: 50, height: 36), .white)
    card.cornerRadius = 8
    card.shadowOpacity = 0.6
    card.shadowRadius = 6
    card.shadowOffset = CGSize(width: 0, height: 5)
    let plain = F.render(root.adding(card))
    card.shouldRasterize = true
    let raster = F.render(root)
    // Below the card the shadow is drawn the same either way.
    #expect(abs(F.pixel(plain, 50, 62).r - F.pixel(raster, 50, 62).r) <= 1)
    #expect(F.pixel(raster, 50, 62).r < F.pixel(raster, 50, 75).r - 10)
  }

  @Test func aRasterizedLayerTooLargeForABitmapIsDrawnDirectly() {
    let root = F.root(60, 40)
    let huge = F.box(CGRect(x: -50_000, y: -50_000, width: 100_000, height: 100_000), F.green)
    huge.shouldRasterize = true
    root.addSublayer(huge)
    let renderer = CARenderer(layer: root)
    let image = renderer.render(width: 60, height: 40, scale: 1)
    #expect(F.isColor(image, 30, 20, F.green))
    #expect(renderer.compositor.rasterizedCount == 0)
  }

  @Test func aBitmapLeavesTheCacheWhenItsLayerStopsDrawing() {
    let (root, card, _) = Self.card(rasterized: true)
    let renderer = CARenderer(layer: root)
    _ = renderer.render(width: 120, height: 80, scale: 1)
    #expect(renderer.compositor.rasterCache.count == 1)
    card.isHidden = true
    _ = renderer.render(width: 120, height: 80, scale: 1)
    #expect(renderer.compositor.rasterCache.isEmpty)
  }

  /// Four cards on a ring about the vertical axis, seen in perspective.
  static func ring(preservesDepth: Bool) -> CALayer {
    let root = F.root(160, 100)
    let rep = CAReplicatorLayer()
    rep.frame = root.bounds
    rep.instanceCount = 4
    rep.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
    rep.sublayerTransform.m34 = -1 / 300
    rep.preservesDepth = preservesDepth
    let card = F.box(CGRect(x: 55, y: 25, width: 50, height: 50), F.red)
    card.transform = CATransform3DMakeTranslation(0, 0, 40)
    rep.addSublayer(card)
    rep.instanceColor = .white
    rep.instanceGreenOffset = 0.3
    rep.instanceRedOffset = -0.3
    root.addSublayer(rep)
    return root
  }

  @Test func preservesDepthDrawsTheNearestCopyLast() {
    // Copy 0 faces the viewer at z = +40, copy 2 is behind at z = −40; without depth
    // the later copies draw over the nearest one.
    let flat = F.render(Self.ring(preservesDepth: false))
    let deep = F.render(Self.ring(preservesDepth: true))
    let f = F.pixel(flat, 80, 50)
    let d = F.pixel(deep, 80, 50)
    #expect(d.r > 180 && d.g < 120)  // the front copy: untinted red
    #expect(f.r < d.r - 40)  // a tinted copy behind it drew last
    assertMatchesGolden(deep, named: "replicator-preserves-depth")
  }
}

extension CALayer {
  /// Adds `sublayer` and returns self (for one-line test scenes).
  fileprivate func adding(_ sublayer: CALayer) -> CALayer {
    addSublayer(sublayer)
    return self
  }
}

import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// What the damage of an incremental frame covers: frames redrawn in their damage
/// equal frames drawn whole, a frame damaged past `fullFrameFraction` is redrawn whole,
/// and rectangles merge the same whatever order they come in.
@Suite struct DamageTrackerTests {
  typealias F = RenderFixtures

  static let frame = CGRect(x: 0, y: 0, width: 100, height: 80)

  /// Renders `root`'s next incremental frame into `ctx` and checks that it equals the
  /// frame drawn whole by a fresh renderer; returns the damage.
  static func step(_ renderer: CARenderer, _ root: CALayer, _ ctx: CGContext) -> [CGRect] {
    let damage = renderer.render(in: ctx, scale: 1)
    let whole = CARenderer(layer: root).render(width: ctx.width, height: ctx.height, scale: 1)
    #expect(ctx.makeImage()!.pixels == whole.pixels)
    return damage
  }

  @Test func aFrameDamagedPastTheThresholdIsRedrawnWhole() throws {
    let root = F.root(100, 80)
    let small = F.box(CGRect(x: 5, y: 5, width: 10, height: 10), F.red)
    let large = F.box(CGRect(x: 20, y: 10, width: 70, height: 60), F.blue)
    root.sublayers = [small, large]
    let renderer = CARenderer(layer: root)
    let ctx = try #require(CGContext(width: 100, height: 80))
    #expect(Self.step(renderer, root, ctx) == [Self.frame])
    // A small change: only its old and new places.
    small.position.x += 3
    let few = Self.step(renderer, root, ctx)
    #expect(few.count == 1 && few[0].width * few[0].height < 400)
    #expect(renderer.lastFrameStatistics.damagedPixels < 400)
    // 70 × 60 = 4200 damaged pixels, more than half of 100 × 80: the whole frame.
    large.backgroundColor = F.green
    #expect(Self.step(renderer, root, ctx) == [Self.frame])
    #expect(renderer.lastFrameStatistics.damagedPixels == 8000)
    // Just under half (38 × 100 = 3800 of 8000) stays exact.
    large.frame = CGRect(x: 0, y: 0, width: 100, height: 38)
    root.sublayers = [small, large]
    _ = Self.step(renderer, root, ctx)
    large.backgroundColor = F.yellow
    #expect(Self.step(renderer, root, ctx) == [CGRect(x: 0, y: 0, width: 100, height: 39)])
  }

  @Test func hidingALayerDamagesWhatItsSublayersDrawOutsideIt() throws {
    let root = F.root(100, 80)
    let holder = F.box(CGRect(x: 0, y: 0, width: 10, height: 10), nil)
    let child = F.box(CGRect(x: 50, y: 40, width: 20, height: 20), F.red)
    holder.addSublayer(child)
    root.addSublayer(holder)
    let renderer = CARenderer(layer: root)
    let ctx = try #require(CGContext(width: 100, height: 80))
    _ = Self.step(renderer, root, ctx)
    holder.isHidden = true
    let hidden = Self.step(renderer, root, ctx)
    #expect(hidden.contains { $0.contains(CGRect(x: 50, y: 40, width: 20, height: 20)) })
    holder.isHidden = false
    #expect(!Self.step(renderer, root, ctx).isEmpty)
  }

  @Test func aMaskDamagesWhatItsLayersSublayersDrawOutsideThatLayer() throws {
    let root = F.root(100, 80)
    let holder = F.box(CGRect(x: 0, y: 0, width: 10, height: 10), nil)
    holder.addSublayer(F.box(CGRect(x: 50, y: 40, width: 20, height: 20), F.red))
    let mask = F.box(CGRect(x: 0, y: 0, width: 100, height: 80), F.ink)
    holder.mask = mask
    root.addSublayer(holder)
    let renderer = CARenderer(layer: root)
    let ctx = try #require(CGContext(width: 100, height: 80))
    _ = Self.step(renderer, root, ctx)
    // The mask moves off the sublayer: it disappears, far outside the holder's bounds.
    mask.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
    let damage = Self.step(renderer, root, ctx)
    #expect(damage.contains { $0.contains(CGRect(x: 50, y: 40, width: 20, height: 20)) })
    // The sublayer moves under the smaller mask's edge.
    holder.sublayers?.first?.position = CGPoint(x: 35, y: 25)
    _ = Self.step(renderer, root, ctx)
  }

  @Test func rectanglesMergeTheSameInAnyOrder() {
    let frame = PixelRect(x0: 0, y0: 0, x1: 200, y1: 200)
    // a and b touch; c and d touch only their union; e stands apart.
    let a = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10)
    let b = PixelRect(x0: 9, y0: 9, x1: 30, y1: 30)
    let c = PixelRect(x0: 0, y0: 25, x1: 5, y1: 28)
    let d = PixelRect(x0: 30, y0: 0, x1: 40, y1: 5)
    let e = PixelRect(x0: 100, y0: 100, x1: 110, y1: 110)
    let expected = [PixelRect(x0: 0, y0: 0, x1: 40, y1: 30), e]
    for order in [[a, b, c, d, e], [e, d, c, b, a], [c, e, a, d, b], [d, a, e, c, b]] {
      var rects = DamageRects(frame: frame)
      for r in order {
        let whole = rects.add(r)
        #expect(!whole)
      }
      #expect(rects.result == expected)
      #expect(rects.area == 40 * 30 + 100)
    }
  }

  @Test func moreThanTheMostRectanglesBecomeTheirBoundingBox() {
    let most = DamageTracker.maximumRects
    var rects = DamageRects(frame: PixelRect(x0: 0, y0: 0, x1: 1000, y1: 1000))
    for k in 0...most { _ = rects.add(PixelRect(x0: k * 20, y0: 0, x1: k * 20 + 5, y1: 5)) }
    #expect(rects.rects.count == most + 1)
    #expect(rects.result == [PixelRect(x0: 0, y0: 0, x1: most * 20 + 5, y1: 5)])
  }
}

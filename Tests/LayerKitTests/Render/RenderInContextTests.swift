import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `CALayer.render(in:)`: the model tree drawn into a caller's bitmap context in the
/// layer's own coordinate space, through the context's transform, clip and alpha.
@Suite struct RenderInContextTests {
  typealias F = RenderFixtures

  /// A 60 × 40 card with a corner radius, a border and two sublayers.
  static func card() -> CALayer {
    let card = F.box(CGRect(x: 0, y: 0, width: 60, height: 40), F.yellow)
    card.cornerRadius = 8
    card.borderWidth = 2
    card.borderColor = F.ink
    card.addSublayer(F.box(CGRect(x: 6, y: 6, width: 20, height: 14), F.red))
    let tilted = F.box(CGRect(x: 30, y: 12, width: 20, height: 20), F.blue)
    tilted.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
    card.addSublayer(tilted)
    return card
  }

  static func render(
    _ layer: CALayer, width: Int, height: Int, _ setUp: (CGContext) -> Void = { _ in }
  ) -> CGImage {
    let ctx = CGContext(width: width, height: height)!
    setUp(ctx)
    layer.render(in: ctx)
    return ctx.makeImage()!
  }

  @Test func drawsInTheLayersOwnSpaceIgnoringItsPosition() {
    let card = Self.card()
    let reference = F.render(card)  // frame at the origin
    card.position = CGPoint(x: 500, y: -300)
    card.transform = CATransform3DMakeScale(3, 3, 1)
    #expect(Self.render(card, width: 60, height: 40) == reference)
  }

  @Test func drawsSublayersRotatedAboutXOrYFlatWithoutTheirPlacement() {
    // A 20 × 20 red square anchored at its centre, placed at (40, 30) of an 80 × 60 root.
    func scene(_ transform: CATransform3D) -> CALayer {
      let root = CALayer()
      root.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
      root.anchorPoint = .zero
      let square = CALayer()
      square.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
      square.position = CGPoint(x: 40, y: 30)
      square.backgroundColor = F.red
      square.transform = transform
      root.addSublayer(square)
      return root
    }
    let flat = Self.render(scene(.identity), width: 80, height: 60)
    #expect(flat.pixel(x: 40, y: 30).a == 255 && flat.pixel(x: 5, y: 5).a == 0)
    // Rotated about x or y, the square loses its position and transform: only the
    // quarter right and below its anchor shows, at the root's origin, at every angle.
    for t in [
      CATransform3DMakeRotation(0.7, 1, 0, 0), CATransform3DMakeRotation(2.0, 1, 0, 0),
      CATransform3DMakeRotation(1.1, 0, 1, 0),
    ] {
      let image = Self.render(scene(t), width: 80, height: 60)
      #expect(image.pixel(x: 5, y: 5).a == 255)
      #expect(image.pixel(x: 12, y: 5).a == 0 && image.pixel(x: 40, y: 30).a == 0)
    }
    // An affine transform still places it.
    let turned = Self.render(scene(CATransform3DMakeRotation(0.3, 0, 0, 1)), width: 80, height: 60)
    #expect(turned.pixel(x: 40, y: 30).a == 255 && turned.pixel(x: 5, y: 5).a == 0)
  }

  @Test func drawsModelValuesNotAnimations() {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let card = Self.card()
    context.layer = card
    context.commit()
    card.add(F.held("opacity", from: 0, to: 0), forKey: "fade")
    context.advance(by: 0.5)
    #expect(card.presentation()?.opacity == 0)
    #expect(Self.render(card, width: 60, height: 40) == F.render(Self.card()))
  }

  @Test func honoursTheContextsTransform() {
    let card = Self.card()
    let scaled = Self.render(card, width: 120, height: 80) { $0.scaleBy(x: 2, y: 2) }
    #expect(scaled == F.render(Self.card(), scale: 2))
    let moved = Self.render(card, width: 80, height: 60) { $0.translateBy(x: 20, y: 20) }
    #expect(moved.pixel(x: 5, y: 5) == (0, 0, 0, 0))
    #expect(moved.pixel(x: 20 + 10, y: 20 + 10) == F.render(Self.card()).pixel(x: 10, y: 10))
    // Rotated a quarter turn about the origin and moved back into view.
    let turned = Self.render(card, width: 40, height: 60) { ctx in
      ctx.translateBy(x: 40, y: 0)
      ctx.rotate(by: .pi / 2)
    }
    assertMatchesGolden(turned, named: "render-in-context-rotated")
  }

  @Test func honoursTheContextsClipAndAlphaAndKeepsWhatWasThere() {
    let card = Self.card()
    let image = Self.render(card, width: 60, height: 40) { ctx in
      ctx.setFillColor(F.green)
      ctx.fill(CGRect(x: 0, y: 0, width: 60, height: 40))
      ctx.clip(to: CGRect(x: 0, y: 0, width: 30, height: 40))
      ctx.setAlpha(0.5)
    }
    let green = (r: UInt8(51), g: UInt8(191), b: UInt8(77), a: UInt8(255))
    #expect(image.pixel(x: 45, y: 30) == green)
    let p = image.pixel(x: 15, y: 30)  // half yellow over green
    #expect(
      abs(Int(p.r) - (242 + 51) / 2) <= 1 && abs(Int(p.g) - (204 + 191) / 2) <= 1 && p.a == 255)
  }

  @Test func runsCustomDrawingOfLayersThatNeedDisplay() {
    final class Dot: CALayer {
      override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.fillEllipse(in: bounds.insetBy(dx: 2, dy: 2))
      }
    }
    let dot = Dot()
    dot.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    dot.setNeedsDisplay()
    let image = Self.render(dot, width: 20, height: 20)
    #expect(image.pixel(x: 10, y: 10) == (0, 0, 0, 255))
    #expect(image.pixel(x: 0, y: 0).a == 0)
  }

  @Test func aSingularTransformDrawsNothing() {
    CADiagnostics.drain()
    let image = Self.render(Self.card(), width: 60, height: 40) { $0.scaleBy(x: 0, y: 1) }
    #expect(image.pixels.allSatisfy { $0 == 0 })
    #expect(CADiagnostics.drain().contains { $0.key == "render(in:)" })
    let nan = Self.render(Self.card(), width: 60, height: 40) { $0.translateBy(x: .nan, y: 0) }
    #expect(nan.pixels.allSatisfy { $0 == 0 })
  }
}

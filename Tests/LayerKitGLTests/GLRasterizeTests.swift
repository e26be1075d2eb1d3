import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// `shouldRasterize` on the GPU: the layer and its subtree are drawn once into a bitmap
/// (by the CPU compositor's own rasterization), kept as a texture and composited through
/// the layer's map every frame; moving, turning or fading the layer draws nothing again
/// and uploads nothing.
@Suite struct GLRasterizeTests {
  /// A rounded card with a shadow, a sublayer and a shape, rasterized; and its sublayer.
  static func scene() -> (CALayer, CALayer, CALayer) {
    let root = RenderFixtures.root(160, 120)
    let card = RenderFixtures.box(CGRect(x: 30, y: 30, width: 70, height: 44), RenderFixtures.paper)
    card.cornerRadius = 7
    card.borderWidth = 1
    card.borderColor = RenderFixtures.ink
    card.shadowOpacity = 0.5
    card.shadowRadius = 3
    card.shadowOffset = CGSize(width: 0, height: 3)
    card.shouldRasterize = true
    let badge = RenderFixtures.box(CGRect(x: 8, y: 8, width: 24, height: 14), RenderFixtures.red)
    badge.cornerRadius = 4
    card.addSublayer(badge)
    let dot = CAShapeLayer()
    dot.frame = CGRect(x: 40, y: 10, width: 20, height: 20)
    dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
    dot.fillColor = RenderFixtures.blue
    card.addSublayer(dot)
    root.addSublayer(card)
    return (root, card, badge)
  }

  @Test func aRasterizedLayerOnWholePixelsIsTheCPUsBitmapExactly() throws {
    let gl = try GLTestSupport.backend()
    let (root, _, _) = Self.scene()
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    let c = ImageComparison(cpu, gpu)
    #expect(c.exact, "\(c)")
    #expect(gl.lastFrame.cpuSubtrees == 0)
  }

  @Test func movingTurningAndFadingARasterizedLayerUploadsNothing() throws {
    let gl = try GLTestSupport.backend()
    let (root, card, _) = Self.scene()
    let context = CAContext(clock: CAManualClock())
    context.layer = root
    context.commit()
    let move = CABasicAnimation(keyPath: "position.x")
    move.byValue = 17.5
    move.duration = 1
    card.add(move, forKey: "move")
    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
    turn.toValue = 0.5
    turn.duration = 1
    card.add(turn, forKey: "turn")
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.toValue = 0.5
    fade.duration = 1
    card.add(fade, forKey: "fade")
    let target = try #require(CGContext(width: 160, height: 120))
    let frames = GLTestSupport.play(5, step: 0.15, context: context, gl: gl, into: target)
    #expect(frames.allSatisfy { $0.cpuSubtrees == 0 })
    #expect(frames[0].uploadedBytes > 0)
    #expect(frames.dropFirst().allSatisfy { $0.uploadedBytes == 0 }, "\(frames)")
    // Resampled by the GPU as the CPU compositor's warp resamples it (weights in 1/256,
    // transparent outside the bitmap): the same picture.
    let cpu = CARenderer(context: context).render(width: 160, height: 120, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.agrees, "\(c)")
  }

  @Test func aChangeInsideTheSubtreeDrawsTheBitmapAgain() throws {
    let gl = try GLTestSupport.backend()
    let (root, _, badge) = Self.scene()
    let context = CAContext(clock: CAManualClock())
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context, backend: gl)
    let target = try #require(CGContext(width: 160, height: 120))
    renderer.render(in: target, scale: 1)
    context.advance(by: 0.1)
    renderer.render(in: target, scale: 1)
    #expect(gl.lastFrame.uploadedBytes == 0)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    badge.backgroundColor = RenderFixtures.green
    CATransaction.commit()
    context.commit()
    context.advance(by: 0.1)
    renderer.render(in: target, scale: 1)
    #expect(gl.lastFrame.uploadedBytes > 0)
    #expect(gl.lastFrame.cpuSubtrees == 0)
    let cpu = CARenderer(context: context).render(width: 160, height: 120, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.exact, "\(c)")
  }

  @Test func aLayerTooLargeToRasterizeIsDrawnDirectlyOnTheGPU() throws {
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(160, 120)
    // 2,400 × 1,800 points: past the 4,194,304 pixels a rasterized bitmap may have.
    let big = RenderFixtures.box(
      CGRect(x: -1000, y: -800, width: 2400, height: 1800), RenderFixtures.yellow)
    big.shouldRasterize = true
    big.addSublayer(
      RenderFixtures.box(CGRect(x: 1030, y: 830, width: 40, height: 30), RenderFixtures.blue))
    root.addSublayer(big)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(ImageComparison(cpu, gpu).agrees)
    #expect(gl.lastFrame.cpuSubtrees == 0)
    #expect(gl.textures.atlasPages == 0)
  }
}

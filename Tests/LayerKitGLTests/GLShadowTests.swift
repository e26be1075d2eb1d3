import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// Shadows of rounded bounds on the GPU (coverage, three box passes per axis, tint)
/// against the CPU compositor's frames, and their masks kept between frames.
@Suite struct GLShadowTests {
  /// A 140 × 100 root holding an opaque box with a shadow of `radius` (points), corner
  /// radius `corner`, turned by `angle`, drawn at `scale`.
  static func scene(
    radius: CGFloat, corner: CGFloat, angle: CGFloat = 0,
    offset: CGSize = CGSize(width: 3, height: 5)
  ) -> (CALayer, CALayer) {
    let root = RenderFixtures.root(140, 100)
    let box = RenderFixtures.box(
      CGRect(x: 30.5, y: 22.25, width: 70, height: 48), RenderFixtures.yellow)
    box.cornerRadius = corner
    box.shadowOpacity = 0.7
    box.shadowRadius = radius
    box.shadowOffset = offset
    box.shadowColor = CGColor(red: 0.1, green: 0.1, blue: 0.4, alpha: 1)
    box.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
    root.addSublayer(box)
    return (root, box)
  }

  @Test(arguments: [
    (0.0, 0.0, 0.0), (3.0, 0.0, 0.0), (6.0, 8.0, 0.0), (11.0, 16.3, 0.0), (4.0, 10.0, 0.4),
    (9.0, 0.0, -0.7), (1.5, 24.0, 0.2),
  ])
  func aShadowOfRoundedBoundsIsDrawnOnTheGPU(_ radius: Double, _ corner: Double, _ angle: Double)
    throws
  {
    let gl = try GLTestSupport.backend()
    for scale in [1.0, 2.0] {
      let (root, _) = Self.scene(
        radius: CGFloat(radius), corner: CGFloat(corner), angle: CGFloat(angle))
      let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl, scale: CGFloat(scale))
      #expect(gl.lastFrame.cpuSubtrees == 0)
      #expect(gl.lastFrame.uploadedBytes == 0)
      let c = ImageComparison(cpu, gpu)
      #expect(c.agrees, "radius \(radius), corner \(corner), angle \(angle) ×\(scale): \(c)")
      #expect(c.largest <= 2, "\(c)")
      // The shadow shows: without it the frame is another.
      let (plain, _) = Self.scene(
        radius: CGFloat(radius), corner: CGFloat(corner), angle: CGFloat(angle))
      plain.sublayers?.first?.shadowOpacity = 0
      let bare = GLTestSupport.renderBoth(plain, gl: gl, scale: CGFloat(scale)).gpu
      #expect(bare.pixels != gpu.pixels)
    }
  }

  @Test func aShadowUnderAGroupAndAMaskIsDrawnOnTheGPU() throws {
    let gl = try GLTestSupport.backend()
    let (root, box) = Self.scene(radius: 5, corner: 6)
    let holder = CALayer()
    holder.frame = root.bounds
    holder.opacity = 0.6
    box.removeFromSuperlayer()
    holder.addSublayer(box)
    holder.addSublayer(
      RenderFixtures.box(CGRect(x: 70, y: 50, width: 50, height: 30), RenderFixtures.blue))
    let mask = CAShapeLayer()
    mask.path = CGPath(ellipseIn: CGRect(x: 10, y: 5, width: 120, height: 90), transform: nil)
    holder.mask = mask
    root.addSublayer(holder)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(gl.lastFrame.cpuSubtrees == 0)
    let c = ImageComparison(cpu, gpu)
    #expect(c.agrees, "\(c)")
  }

  @Test func aShadowsMaskIsBlurredOnceWhileItMovesByWholePixelsAndFades() throws {
    let gl = try GLTestSupport.backend()
    let (root, box) = Self.scene(radius: 6, corner: 9)
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = root
    context.commit()
    let move = CABasicAnimation(keyPath: "position.x")
    move.byValue = 20
    move.duration = 1
    box.add(move, forKey: "move")
    let fade = CABasicAnimation(keyPath: "shadowOpacity")
    fade.fromValue = 0.7
    fade.toValue = 0.2
    fade.duration = 1
    box.add(fade, forKey: "fade")
    let target = try #require(CGContext(width: 140, height: 100))
    let frames = GLTestSupport.play(6, step: 0.1, context: context, gl: gl, into: target)
    #expect(frames.allSatisfy { $0.cpuSubtrees == 0 && $0.uploadedBytes == 0 })
    // 2 points a step, whole pixels: the outline keeps its place in its mask.
    #expect(gl.shadows.blurs == 1)
    let cpu = CARenderer(context: context).render(width: 140, height: 100, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.agrees, "\(c)")
  }

  @Test func shadowPathsAndContentShapedShadowsAreLeftToTheCPUCompositor() throws {
    let gl = try GLTestSupport.backend()
    let (root, box) = Self.scene(radius: 4, corner: 0)
    box.shadowPath = CGPath(
      ellipseIn: CGRect(x: 0, y: 0, width: 70, height: 48), transform: nil)
    let open = CALayer()
    open.frame = CGRect(x: 5, y: 70, width: 40, height: 25)
    open.addSublayer(
      RenderFixtures.box(CGRect(x: 0, y: 0, width: 20, height: 20), RenderFixtures.red))
    open.shadowOpacity = 0.5
    root.addSublayer(open)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(gl.lastFrame.cpuSubtrees == 2)
    #expect(ImageComparison(cpu, gpu).agrees)
  }
}

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

  /// A 140 × 100 root holding a layer with a `shadowPath` (a star-like polygon and an
  /// ellipse), an open layer whose shadow takes its sublayers' shape (one rounded, one a
  /// circle turned in it), and a clipped layer with a shadow, all of `radius`.
  static func shapedScene(radius: CGFloat, angle: CGFloat) -> CALayer {
    let root = RenderFixtures.root(140, 100)
    let (_, box) = scene(radius: radius, corner: 0, angle: angle)
    box.removeFromSuperlayer()
    box.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
    box.position = CGPoint(x: 45.5, y: 30.25)
    let star = CGMutablePath()
    star.move(to: CGPoint(x: 0, y: 10))
    star.addLine(to: CGPoint(x: 60, y: 0))
    star.addLine(to: CGPoint(x: 45, y: 40))
    star.closeSubpath()
    star.addEllipse(in: CGRect(x: 5, y: 20, width: 22, height: 18))
    box.shadowPath = star
    root.addSublayer(box)
    let open = CALayer()
    open.frame = CGRect(x: 78.5, y: 48, width: 50, height: 40)
    let part = RenderFixtures.box(CGRect(x: 0, y: 0, width: 30, height: 22), RenderFixtures.red)
    part.cornerRadius = 7
    open.addSublayer(part)
    let dot = RenderFixtures.box(
      CGRect(x: 22, y: 14, width: 24, height: 24),
      CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.6))
    dot.cornerRadius = 12
    dot.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
    open.addSublayer(dot)
    open.shadowOpacity = 0.8
    open.shadowRadius = radius
    open.shadowOffset = CGSize(width: -2, height: 4)
    open.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
    root.addSublayer(open)
    let clipped = RenderFixtures.box(
      CGRect(x: 8.5, y: 62, width: 50, height: 30),
      CGColor(red: 0.9, green: 0.9, blue: 0.2, alpha: 0.5))
    clipped.cornerRadius = 6
    clipped.masksToBounds = true
    clipped.shadowOpacity = 0.9
    clipped.shadowRadius = radius
    clipped.shadowOffset = CGSize(width: 4, height: 3)
    root.addSublayer(clipped)
    return root
  }

  @Test(arguments: [(0.0, 0.0), (3.0, 0.0), (6.5, 0.3), (10.0, -0.25)])
  func shadowPathsAndContentShapedShadowsAreDrawnOnTheGPU(_ radius: Double, _ angle: Double)
    throws
  {
    let gl = try GLTestSupport.backend()
    for scale in [1.0, 2.0] {
      let root = Self.shapedScene(radius: CGFloat(radius), angle: CGFloat(angle))
      let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl, scale: CGFloat(scale))
      try GLTestSupport.dump((cpu, gpu), name: "shaped-\(radius)-\(angle)-\(scale)")
      #expect(gl.lastFrame.cpuSubtrees == 0)
      let c = ImageComparison(cpu, gpu)
      #expect(c.agrees, "radius \(radius), angle \(angle) ×\(scale): \(c)")
      // The shadows show: without them the frame is another.
      let plain = Self.shapedScene(radius: CGFloat(radius), angle: CGFloat(angle))
      for l in plain.sublayers ?? [] { l.shadowOpacity = 0 }
      let bare = GLTestSupport.renderBoth(plain, gl: gl, scale: CGFloat(scale)).gpu
      #expect(bare.pixels != gpu.pixels)
    }
  }

  @Test func shapedShadowsAreBlurredOnceWhileTheirShapeStaysTheSame() throws {
    let gl = try GLTestSupport.backend()
    let root = Self.shapedScene(radius: 5, angle: 0)
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = root
    context.commit()
    for l in root.sublayers ?? [] {
      let fade = CABasicAnimation(keyPath: "shadowOpacity")
      fade.fromValue = 0.9
      fade.toValue = 0.3
      fade.duration = 1
      l.add(fade, forKey: "fade")
    }
    let target = try #require(CGContext(width: 140, height: 100))
    let frames = GLTestSupport.play(5, step: 0.1, context: context, gl: gl, into: target)
    #expect(frames.allSatisfy { $0.cpuSubtrees == 0 })
    // The shadow path's coverage is uploaded once, with the first frame.
    #expect(frames.dropFirst().allSatisfy { $0.uploadedBytes == 0 })
    // Three masks (the path's and two content shapes), each blurred once: a fading
    // shadow keeps its mask.
    #expect(gl.shadows.blurs == 3)
    let cpu = CARenderer(context: context).render(width: 140, height: 100, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.agrees, "\(c)")
  }

  @Test func aContentShapedShadowPastTheFramesBorderIsLeftToTheCPUCompositor() throws {
    let gl = try GLTestSupport.backend()
    let root = Self.shapedScene(radius: 4, angle: 0)
    // The open layer's sublayers reach past the frame's right border: the CPU
    // compositor lays the groups inside such a body out over the frame only.
    let open = try #require(root.sublayers?[1])
    open.position.x += 40
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(gl.lastFrame.cpuSubtrees == 1)
    let c = ImageComparison(cpu, gpu)
    #expect(c.agrees, "\(c)")
  }
}

import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// Masks on the GPU: the masked layer's group and its mask's each in an offscreen,
/// combined by the mode's formula, against the CPU compositor's frames.
@Suite struct GLMaskTests {
  /// A layer with a background, a turned rounded sublayer and an image, masked by
  /// `mask`, under a 120 × 90 root.
  static func scene(mask: CALayer, mode: LayerMaskMode, opacity: Float = 1) -> (
    CALayer, CALayer
  ) {
    let root = RenderFixtures.root(120, 90)
    let masked = RenderFixtures.box(
      CGRect(x: 10, y: 8, width: 96, height: 72), RenderFixtures.blue)
    let inner = RenderFixtures.box(
      CGRect(x: 20, y: 14, width: 50, height: 36), RenderFixtures.yellow)
    inner.cornerRadius = 7
    inner.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
    masked.addSublayer(inner)
    let picture = CALayer()
    picture.frame = CGRect(x: 52, y: 30, width: 36, height: 30)
    picture.contents = RenderFixtures.quadrants
    masked.addSublayer(picture)
    masked.mask = mask
    masked.maskMode = mode
    masked.opacity = opacity
    root.addSublayer(masked)
    return (root, masked)
  }

  /// An ellipse shape layer (the plain shape mask the CPU compositor paints through).
  static func ellipse() -> CALayer {
    let mask = CAShapeLayer()
    mask.frame = CGRect(x: 6, y: 4, width: 80, height: 62)
    mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 62), transform: nil)
    return mask
  }

  /// A mask of coloured, translucent and turned layers: each mode reads a different
  /// coverage from it (alpha, or luminance that differs from alpha).
  static func layered() -> CALayer {
    let mask = CALayer()
    mask.frame = CGRect(x: 0, y: 0, width: 96, height: 72)
    let light = RenderFixtures.box(
      CGRect(x: 4, y: 4, width: 60, height: 40), CGColor(red: 1, green: 0.9, blue: 0.6, alpha: 1))
    light.cornerRadius = 10
    mask.addSublayer(light)
    let dark = RenderFixtures.box(
      CGRect(x: 40, y: 26, width: 48, height: 40),
      CGColor(red: 0.1, green: 0.5, blue: 0.2, alpha: 0.7))
    dark.transform = CATransform3DMakeRotation(-0.4, 0, 0, 1)
    mask.addSublayer(dark)
    return mask
  }

  @Test(arguments: LayerMaskMode.known)
  func aShapeMaskIsDrawnOnTheGPU(_ mode: LayerMaskMode) throws {
    let gl = try GLTestSupport.backend()
    let (root, _) = Self.scene(mask: Self.ellipse(), mode: mode)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(gl.lastFrame.cpuSubtrees == 0)
    let c = ImageComparison(cpu, gpu)
    #expect(c.agrees, "\(mode.rawValue): \(c)")
  }

  @Test(arguments: LayerMaskMode.known)
  func aLayeredMaskIsCombinedByItsModesFormula(_ mode: LayerMaskMode) throws {
    let gl = try GLTestSupport.backend()
    let (root, _) = Self.scene(mask: Self.layered(), mode: mode, opacity: 0.8)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(gl.lastFrame.cpuSubtrees == 0)
    let c = ImageComparison(cpu, gpu)
    #expect(c.agrees, "\(mode.rawValue): \(c)")
    // Inside the light rounded rectangle of the mask every mode but one shows the
    // content: the inverse alpha mode shows nothing there.
    let inside = RenderFixtures.bytes(gpu, 30, 20)
    let empty = RenderFixtures.bytes(RenderFixtures.render(RenderFixtures.root(120, 90)), 30, 20)
    #expect((inside != empty) == (mode != .inverseAlpha), "\(mode.rawValue): \(inside)")
  }

  @Test func aMaskedLayerThatMovesTurnsAndFadesUploadsNothingAfterTheFirstFrame() throws {
    let gl = try GLTestSupport.backend()
    let (root, masked) = Self.scene(mask: Self.layered(), mode: .luminance)
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = root
    context.commit()
    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
    turn.fromValue = 0
    turn.toValue = 0.5
    turn.duration = 1
    masked.add(turn, forKey: "turn")
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0.5
    fade.duration = 1
    masked.add(fade, forKey: "fade")
    let target = try #require(CGContext(width: 120, height: 90))
    let frames = GLTestSupport.play(5, step: 0.1, context: context, gl: gl, into: target)
    let uploads = frames.map(\.uploadedBytes)
    #expect(frames.allSatisfy { $0.cpuSubtrees == 0 })
    #expect(uploads[0] > 0)
    #expect(uploads.dropFirst().allSatisfy { $0 == 0 }, "\(uploads)")
    let cpu = CARenderer(context: context).render(width: 120, height: 90, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.awayFromEdges == 0, "\(c)")
  }

  @Test func aMaskUnderPerspectiveIsLeftToTheCPUCompositor() throws {
    let gl = try GLTestSupport.backend()
    let (root, masked) = Self.scene(mask: Self.ellipse(), mode: .alpha)
    var p = CATransform3DIdentity
    p.m34 = -1 / 300
    masked.transform = CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 1, 0), p)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(gl.lastFrame.cpuSubtrees == 1)
    #expect(ImageComparison(cpu, gpu).agrees)
  }
}

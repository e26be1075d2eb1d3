import Foundation
import LayerKit
import LayerKitDemos
import Testing

@testable import LayerKitGL

/// The backend on a context someone else made (``GLHostContext``), and frames kept on the
/// GPU (`readsBackFrames` off): checked on a headless context lent as a host's, so that
/// they run without a window.
@Suite struct GLHostContextTests {
  /// A headless context made current here, lent as a host's context.
  static func lentContext() throws -> (GLHeadlessContext, GLHostContext) {
    let library = try GLLibrary()
    let headless = try GLHeadlessContext(library: library)
    let host = GLHostContext(
      name: "lent", procAddress: { library.address($0) }, isCurrent: { true })
    return (headless, host)
  }

  /// Shapes, a turned card and a blend mode (which the CPU compositor draws whole).
  static func scene(wholeOnCPU: Bool) -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 96, height: 64)
    root.anchorPoint = .zero
    root.backgroundColor = CGColor(red: 0.95, green: 0.9, blue: 0.8, alpha: 1)
    let card = CALayer()
    card.frame = CGRect(x: 12, y: 10, width: 50, height: 30)
    card.cornerRadius = 7
    card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8)
    card.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
    root.addSublayer(card)
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 40, y: 20, width: 40, height: 40)
    shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
    shape.fillColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
    root.addSublayer(shape)
    // Particles reach past their layer: the CPU compositor draws such a frame whole.
    if wholeOnCPU { root.addSublayer(CAEmitterLayer()) }
    return root
  }

  @Test(
    arguments: [
      ("OpenGL ES 3.2 Mesa 22.3.6", "300 es"), ("OpenGL ES 3.0 V@415.0", "300 es"),
      ("OpenGL ES 2.0 Mesa 22.3.6", nil), ("4.5 (Compatibility Profile) Mesa 22.3.6", "330 core"),
      ("3.3.0 NVIDIA 535.54", "330 core"), ("3.2.0", nil), ("2.1 Mesa 22.3.6", nil), ("", nil),
    ] as [(String, String?)])
  func theShadersVersionFollowsTheContexts(_ version: String, _ expected: String?) {
    #expect(GLDriverInfo.shaderVersion(for: version) == expected)
  }

  @Test func aContextThatIsNotCurrentIsRefused() throws {
    let (headless, lent) = try Self.lentContext()
    var absent = lent
    absent.isCurrent = { false }
    #expect(throws: GLError.contextNotCurrent) { try GLRenderBackend(hostContext: absent) }
    withExtendedLifetime(headless) {}
  }

  @Test(arguments: [false, true])
  func framesKeptOnTheGPUMatchTheReadBackPath(_ wholeOnCPU: Bool) throws {
    let (headless, lent) = try Self.lentContext()
    let root = Self.scene(wholeOnCPU: wholeOnCPU)
    let readBack = try GLRenderBackend()
    let reference = CARenderer(layer: root, backend: readBack)
      .render(width: 96, height: 64, scale: 1)
    headless.makeCurrent()
    let kept = try GLRenderBackend(hostContext: lent)
    #expect(kept.platform == "lent")
    #expect(kept.shaderCompiles == readBack.shaderCompiles)
    kept.readsBackFrames = false
    #expect(kept.frameTarget == nil)
    let bitmap = try #require(CGContext(width: 96, height: 64))
    CARenderer(layer: root, backend: kept).render(in: bitmap, scale: 1)
    let target = try #require(kept.frameTarget)
    #expect(target.width == 96 && target.height == 64 && target.framebuffer != 0)
    #expect(kept.lastFrame.readBackBytes == 0 && kept.bytesReadBack == 0)
    #expect(kept.lastFrame.cpuFrame == wholeOnCPU)
    // The CPU compositor's whole frame reaches the texture as its damage, uploaded.
    if wholeOnCPU { #expect(kept.lastFrame.uploadedBytes >= 96 * 64 * 4) }
    let image = try #require(kept.readPixels())
    #expect(kept.bytesReadBack == 96 * 64 * 4)
    #expect(image.pixels == reference.pixels)
    withExtendedLifetime(headless) {}
  }

  @Test func aFrameNoTextureCanHoldIsDrawnWholeIntoTheBitmap() throws {
    let (headless, lent) = try Self.lentContext()
    let kept = try GLRenderBackend(hostContext: lent)
    kept.readsBackFrames = false
    let side = headless.maxTextureSize + 1
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: side, height: 1)
    root.anchorPoint = .zero
    root.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    let bitmap = try #require(CGContext(width: side, height: 1))
    _ = CADiagnostics.drain()
    CARenderer(layer: root, backend: kept).render(in: bitmap, scale: 1)
    #expect(kept.frameTarget == nil && kept.readPixels() == nil)
    #expect(kept.lastFrame.cpuFrame)
    #expect(CADiagnostics.drain().contains { $0.key == "gl" })
    let last = try #require(bitmap.makeImage()).pixel(x: side - 1, y: 0)
    #expect(last == (0, 255, 0, 255))
    withExtendedLifetime(headless) {}
  }
}

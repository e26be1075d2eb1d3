import Foundation
import LayerKit
import LayerKitDemos
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

@Suite struct GLRenderBackendTests {
  @Test func opaqueAxisAlignedContentOnWholePixelsIsExact() throws {
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(64, 48)
    root.addSublayer(
      RenderFixtures.box(CGRect(x: 4, y: 6, width: 20, height: 10), RenderFixtures.red))
    root.addSublayer(
      RenderFixtures.box(CGRect(x: 30, y: 20, width: 30, height: 25), RenderFixtures.blue))
    let image = CALayer()
    image.frame = CGRect(x: 40, y: 2, width: 16, height: 12)
    image.contents = RenderFixtures.quadrants
    root.addSublayer(image)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    let c = ImageComparison(cpu, gpu)
    #expect(c.exact, "\(c)")
    #expect(gl.lastFrame.cpuSubtrees == 0 && !gl.lastFrame.cpuFrame)
  }

  @Test func aRendererChoosesItsBackend() throws {
    let context = CAContext(clock: CAManualClock())
    context.layer = RenderFixtures.root(20, 20)
    context.commit()
    let gpu = CARenderer.make(context: context, backend: .gl)
    #expect(gpu.glBackend != nil)
    #expect(CARenderer.make(context: context, backend: .cpu).glBackend == nil)
    let cpu = CARenderer(context: context).render(width: 20, height: 20, scale: 1)
    #expect(ImageComparison(cpu, gpu.render(width: 20, height: 20, scale: 1)).exact)
  }

  @Test func aMissingLibraryIsATypedError() {
    #expect(throws: GLError.self) { try GLLibrary(egl: "libLayerKitNoSuchEGL.so.1") }
    do {
      _ = try GLLibrary(egl: "libLayerKitNoSuchEGL.so.1")
    } catch {
      guard case .libraryMissing(let name, _) = error else {
        Issue.record("expected libraryMissing, got \(error)")
        return
      }
      #expect(name == "libLayerKitNoSuchEGL.so.1")
    }
  }

  @Test func theShadersAlsoCompileAsDesktopGLSL330Core() throws {
    let library = try GLLibrary()
    let desktop = try GLHeadlessContext(library: library, api: .desktopCore33)
    let program = try GLLayerProgram(desktop, version: "330 core")
    #expect(program.compiles == 3)
    let blend = try GLBlendProgram(desktop, version: "330 core")
    #expect(blend.compiles == 9)
  }

  /// A scene with every kind of content the GPU path draws: images, a shape, a gradient,
  /// text, rounded clips and borders.
  static func scene() -> (CALayer, [CALayer]) {
    SceneRenderer.installFonts()
    let root = RenderFixtures.root(160, 120)
    let image = CALayer()
    image.frame = CGRect(x: 10, y: 10, width: 48, height: 36)
    image.contents = RenderFixtures.quadrants
    image.cornerRadius = 6
    image.masksToBounds = true
    image.borderWidth = 1
    image.borderColor = RenderFixtures.ink
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 70, y: 10, width: 40, height: 40)
    shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
    shape.fillColor = RenderFixtures.green
    shape.strokeColor = RenderFixtures.ink
    shape.lineWidth = 2
    let gradient = CAGradientLayer()
    gradient.frame = CGRect(x: 10, y: 60, width: 60, height: 40)
    gradient.colors = [RenderFixtures.yellow, RenderFixtures.blue]
    let text = CATextLayer()
    text.frame = CGRect(x: 80, y: 70, width: 70, height: 20)
    text.string = "GPU"
    text.fontSize = 14
    text.foregroundColor = RenderFixtures.ink
    let moving = [image, shape, gradient, text]
    for l in moving { root.addSublayer(l) }
    return (root, moving)
  }

  @Test func noShaderIsCompiledAfterTheFirstFrame() throws {
    let gl = try GLTestSupport.backend()
    let compiled = gl.shaderCompiles
    // Two stages and one link for the layer program and for each of the three blend
    // families, at creation.
    #expect(compiled == 12)
    let (root, _) = Self.scene()
    for _ in 0..<3 {
      _ = GLTestSupport.renderBoth(root, gl: gl)
      #expect(gl.shaderCompiles == compiled)
      #expect(gl.lastFrame.draws > 4)
      #expect(gl.lastFrame.drawCalls >= 1)
    }
  }

  @Test func transformPositionAndOpacityAnimationsUploadNothingAfterTheFirstFrame() throws {
    let gl = try GLTestSupport.backend()
    let (root, moving) = Self.scene()
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = root
    context.commit()
    for (k, l) in moving.enumerated() {
      let turn = CABasicAnimation(keyPath: "transform.rotation.z")
      turn.fromValue = 0
      turn.toValue = 0.8
      turn.duration = 1
      l.add(turn, forKey: "turn")
      let move = CABasicAnimation(keyPath: "position.x")
      move.byValue = 7.3 + Double(k)
      move.duration = 1
      l.add(move, forKey: "move")
      let fade = CABasicAnimation(keyPath: "opacity")
      fade.fromValue = 1
      fade.toValue = 0.4
      fade.duration = 1
      l.add(fade, forKey: "fade")
    }
    let target = try #require(CGContext(width: 160, height: 120))
    let frames = GLTestSupport.play(6, step: 0.1, context: context, gl: gl, into: target)
    let uploads = frames.map(\.uploadedBytes)
    #expect(frames.allSatisfy { $0.cpuSubtrees == 0 })
    #expect(uploads[0] > 0)
    #expect(uploads.dropFirst().allSatisfy { $0 == 0 }, "\(uploads)")
    // The kept bitmaps are resampled while they turn and move (as Core Animation
    // composites a backing store), where the CPU compositor fills the paths again: the
    // frame differs from the CPU compositor's only on edges.
    let cpu = CARenderer(context: context).render(width: 160, height: 120, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.awayFromEdges == 0, "\(c)")
  }

  @Test func groupOpacityIsAnOffscreenOfTheGPU() throws {
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(100, 80)
    let group = RenderFixtures.box(
      CGRect(x: 10, y: 10, width: 70, height: 50), RenderFixtures.paper)
    group.cornerRadius = 8
    group.addSublayer(
      RenderFixtures.box(CGRect(x: 5, y: 5, width: 40, height: 30), RenderFixtures.red))
    group.addSublayer(
      RenderFixtures.box(CGRect(x: 25, y: 15, width: 40, height: 30), RenderFixtures.blue))
    root.addSublayer(group)
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = root
    context.commit()
    group.opacity = 0.5  // an implicit fade, played by the frames below
    let target = try #require(CGContext(width: 100, height: 80))
    let frames = GLTestSupport.play(4, step: 0.05, context: context, gl: gl, into: target)
    let uploads = frames.map(\.uploadedBytes)
    #expect(frames.allSatisfy { $0.cpuSubtrees == 0 })
    #expect(uploads.allSatisfy { $0 == 0 }, "\(uploads)")
    // Overlapping sublayers blend inside the group, then fade together: not the blue
    // box over the faded red one.
    let cpu = CARenderer(context: context).render(width: 100, height: 80, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.agrees, "\(c)")
  }

  @Test func layersTheGPUDoesNotDrawAreDrawnByTheCPUCompositor() throws {
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(120, 90)
    // A layer with a sublayer under perspective: the CPU compositor flattens the group
    // before warping it (shadows and blend modes are drawn on the GPU: `GLShadowTests`,
    // `GLBlendTests`).
    let turned = RenderFixtures.box(
      CGRect(x: 10, y: 10, width: 40, height: 30), RenderFixtures.red)
    turned.addSublayer(
      RenderFixtures.box(CGRect(x: 5, y: 5, width: 20, height: 12), RenderFixtures.yellow))
    var turn = CATransform3DIdentity
    turn.m34 = -1 / 300
    turned.transform = CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 1, 0), turn)
    root.addSublayer(turned)
    let masked = RenderFixtures.box(
      CGRect(x: 60, y: 20, width: 50, height: 50), RenderFixtures.blue)
    let mask = CAShapeLayer()
    mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
    masked.mask = mask
    root.addSublayer(masked)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    // The turned group; the mask is drawn on the GPU (`GLMaskTests`).
    #expect(gl.lastFrame.cpuSubtrees == 1)
    let c = ImageComparison(cpu, gpu)
    #expect(c.agrees, "\(c)")
  }

  @Test func theTextureBudgetEvictsTheLeastRecentlyUsed() throws {
    // Room for about two 40 × 40 images.
    let gl = try GLTestSupport.backend(textureBudget: 2 * 40 * 40 * 4 + 100)
    let root = RenderFixtures.root(200, 50)
    var layers: [CALayer] = []
    for k in 0..<4 {
      let l = CALayer()
      l.frame = CGRect(x: 5 + 48 * k, y: 5, width: 40, height: 40)
      var px = [UInt8](repeating: 255, count: 40 * 40 * 4)
      for i in stride(from: 0, to: px.count, by: 4) { px[i] = UInt8(60 * k) }
      l.contents = CGImage(width: 40, height: 40, premultipliedRGBA: px)
      layers.append(l)
    }
    let renderer = CARenderer(layer: root, backend: gl)
    for (k, l) in layers.enumerated() {
      // One image at a time joins the tree: each frame needs one new texture.
      root.addSublayer(l)
      _ = renderer.render(width: 200, height: 50, scale: 1)
      #expect(gl.textureBytes <= gl.textureBudget, "frame \(k)")
    }
    #expect(gl.textureEvictions == 0)  // the last frame needs all four: the CPU draws two
    for l in layers.dropLast() { l.removeFromSuperlayer() }
    for l in layers.dropLast() {
      root.addSublayer(l)
      _ = renderer.render(width: 200, height: 50, scale: 1)
      l.removeFromSuperlayer()
    }
    #expect(gl.textureEvictions > 0)
    #expect(gl.textureBytes <= gl.textureBudget)
    for l in layers.dropLast() { root.addSublayer(l) }
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(ImageComparison(cpu, gpu).exact)
  }

  @Test func onlyTheDamageIsReadBack() throws {
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(80, 60)
    let box = RenderFixtures.box(CGRect(x: 10, y: 10, width: 20, height: 20), RenderFixtures.red)
    root.addSublayer(box)
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = root
    context.commit()
    let gpuRenderer = CARenderer(context: context, backend: gl)
    let cpuRenderer = CARenderer(context: context)
    let gpuTarget = try #require(CGContext(width: 80, height: 60))
    let cpuTarget = try #require(CGContext(width: 80, height: 60))
    gpuRenderer.render(in: gpuTarget, scale: 1)
    cpuRenderer.render(in: cpuTarget, scale: 1)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    box.position = CGPoint(x: 50, y: 35)
    CATransaction.commit()
    context.advance(by: 0.1)
    let damage = gpuRenderer.render(in: gpuTarget, scale: 1)
    cpuRenderer.render(in: cpuTarget, scale: 1)
    #expect(!damage.isEmpty && damage.allSatisfy { $0.width < 80 || $0.height < 60 })
    #expect(ImageComparison(cpuTarget.makeImage()!, gpuTarget.makeImage()!).exact)
  }
}

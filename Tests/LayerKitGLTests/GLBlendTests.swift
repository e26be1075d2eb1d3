import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// Blend modes (`compositingFilter`) on the GPU: each layer's group blended onto a copy
/// of its backdrop by its family's program, against the CPU compositor's frames.
@Suite struct GLBlendTests {
  /// Every filter name LayerKit knows, in a fixed order.
  static let names = CompositingFilter.blendModes.keys.sorted()

  /// A 120 × 90 root over stripes of opaque and translucent colours, holding a rounded,
  /// bordered layer with a translucent sublayer and the filter `name`, at `opacity`,
  /// turned by `angle`.
  static func scene(_ name: String?, opacity: Float = 1, angle: CGFloat = 0) -> CALayer {
    let root = RenderFixtures.root(120, 90)
    let colours = [
      RenderFixtures.red, RenderFixtures.yellow, RenderFixtures.blue,
      CGColor(red: 0.1, green: 0.9, blue: 0.6, alpha: 0.5), RenderFixtures.ink,
      CGColor(red: 0.95, green: 0.95, blue: 0.95, alpha: 0.8),
    ]
    for (k, c) in colours.enumerated() {
      root.addSublayer(
        RenderFixtures.box(CGRect(x: CGFloat(k) * 20, y: 0, width: 20, height: 90), c))
    }
    let blended = RenderFixtures.box(
      CGRect(x: 14.5, y: 12, width: 90, height: 64),
      CGColor(red: 0.8, green: 0.35, blue: 0.1, alpha: 0.85))
    blended.cornerRadius = 10
    blended.borderWidth = 2
    blended.borderColor = CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)
    blended.opacity = opacity
    blended.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
    let inner = RenderFixtures.box(
      CGRect(x: 30, y: 14, width: 40, height: 36),
      CGColor(red: 0.3, green: 0.9, blue: 0.9, alpha: 0.7))
    inner.cornerRadius = 6
    blended.addSublayer(inner)
    blended.compositingFilter = name
    root.addSublayer(blended)
    return root
  }

  @Test(arguments: names)
  func everyBlendModeIsDrawnOnTheGPU(_ name: String) throws {
    let gl = try GLTestSupport.backend()
    let compiled = gl.shaderCompiles
    for (opacity, angle) in [(Float(1), 0.0), (0.7, 0.3)] {
      let root = Self.scene(name, opacity: opacity, angle: angle)
      let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl, scale: 2)
      try GLTestSupport.dump((cpu, gpu), name: "blend-\(name)")
      #expect(!gl.lastFrame.cpuFrame)
      #expect(gl.lastFrame.cpuSubtrees == 0)
      #expect(gl.lastFrame.uploadedBytes == 0)
      let c = ImageComparison(cpu, gpu)
      // Colour dodge and burn divide by (1 − Cs) and Cs: on a turned layer's edges they
      // magnify the level by which the GPU's coverage may differ from the CPU's into
      // more than 2/255 on more than 0.1 % of the pixels; every difference stays on an
      // edge.
      let steep = angle != 0 && (name == "colorDodgeBlendMode" || name == "colorBurnBlendMode")
      #expect(c.awayFromEdges == 0, "\(name), opacity \(opacity), angle \(angle): \(c)")
      #expect(steep || c.agrees, "\(name), opacity \(opacity), angle \(angle): \(c)")
      // The mode shows: source over draws another frame.
      let plain = GLTestSupport.renderBoth(
        Self.scene(nil, opacity: opacity, angle: angle), gl: gl, scale: 2
      ).gpu
      #expect(plain.pixels != gpu.pixels, "\(name)")
    }
    #expect(gl.shaderCompiles == compiled)
  }

  @Test func opaqueAxisAlignedBlendsAreExact() throws {
    let gl = try GLTestSupport.backend()
    for name in Self.names {
      let root = RenderFixtures.root(60, 40)
      root.addSublayer(
        RenderFixtures.box(CGRect(x: 5, y: 5, width: 30, height: 20), RenderFixtures.red))
      root.addSublayer(
        RenderFixtures.box(CGRect(x: 30, y: 8, width: 25, height: 25), RenderFixtures.yellow))
      let blended = RenderFixtures.box(
        CGRect(x: 20, y: 10, width: 30, height: 20), RenderFixtures.blue)
      blended.compositingFilter = name
      root.addSublayer(blended)
      let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
      #expect(!gl.lastFrame.cpuFrame)
      let c = ImageComparison(cpu, gpu)
      #expect(c.exact, "\(name): \(c)")
    }
  }

  @Test func blendsNestInsideGroupsAndMasks() throws {
    let gl = try GLTestSupport.backend()
    let root = Self.scene("overlayBlendMode")
    let holder = try #require(root.sublayers?.last)
    // A blend inside the blended layer's own group, and a masked group around both.
    let dot = RenderFixtures.box(
      CGRect(x: 5, y: 30, width: 30, height: 30), CGColor(red: 1, green: 1, blue: 0, alpha: 1))
    dot.cornerRadius = 15
    dot.compositingFilter = "differenceBlendMode"
    holder.addSublayer(dot)
    let mask = CAShapeLayer()
    mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 90, height: 64), transform: nil)
    holder.mask = mask
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(!gl.lastFrame.cpuFrame)
    #expect(gl.lastFrame.cpuSubtrees == 0)
    let c = ImageComparison(cpu, gpu)
    #expect(c.agrees, "\(c)")
  }

  @Test func aBlendInsideACPUDrawnSubtreeBlendsOntoTheFrame() throws {
    let gl = try GLTestSupport.backend()
    let root = Self.scene(nil)
    // A transform layer is drawn by the CPU compositor with its subtree; the blend mode
    // of its sublayer still reaches the stripes behind it.
    let holder = CATransformLayer()
    holder.frame = root.bounds
    let blended = RenderFixtures.box(
      CGRect(x: 10, y: 40, width: 80, height: 30), RenderFixtures.green)
    blended.compositingFilter = "multiplyBlendMode"
    holder.addSublayer(blended)
    root.addSublayer(holder)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(!gl.lastFrame.cpuFrame)
    let c = ImageComparison(cpu, gpu)
    #expect(c.agrees, "\(c)")
    #expect(c.largest <= 2, "\(c)")
  }
}

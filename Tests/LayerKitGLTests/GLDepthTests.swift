import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// `CATransformLayer` depth order, replicators with `preservesDepth` and replicator tints
/// (`instanceColor` and its offsets) on the GPU, against the CPU compositor's frames.
///
/// Under perspective the GPU covers each layer's edges analytically through its
/// projective map, where the CPU compositor warps a flat bitmap (`GLRandomTreeTests`):
/// those frames are held to "every difference on an edge".
@Suite struct GLDepthTests {
  static func perspective(_ d: CGFloat) -> CATransform3D {
    var p = CATransform3DIdentity
    p.m34 = -1 / d
    return p
  }

  /// A 160 × 120 root holding a transform layer of three cards turned about y at
  /// different depths, overlapping; `swap` moves the back card to the front.
  static func cards(swap: Bool = false, opacity: Float = 1) -> CALayer {
    let root = RenderFixtures.root(160, 120)
    let stage = CALayer()
    stage.frame = root.bounds
    stage.sublayerTransform = perspective(400)
    root.addSublayer(stage)
    let holder = CATransformLayer()
    holder.frame = CGRect(x: 30, y: 20, width: 100, height: 80)
    holder.opacity = opacity
    holder.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
    stage.addSublayer(holder)
    let colours = [RenderFixtures.red, RenderFixtures.green, RenderFixtures.blue]
    for (k, c) in colours.enumerated() {
      let card = RenderFixtures.box(CGRect(x: 10 + CGFloat(k) * 18, y: 8, width: 55, height: 60), c)
      card.cornerRadius = 6
      card.zPosition = CGFloat(k) * 20 * (swap && k == 0 ? -1 : 1) + (swap && k == 0 ? 80 : 0)
      holder.addSublayer(card)
    }
    return root
  }

  @Test func aTransformLayersSublayersAreDrawnInDepthOrderOnTheGPU() throws {
    let gl = try GLTestSupport.backend()
    var frames: [CGImage] = []
    for (swap, opacity) in [(false, Float(1)), (true, 1), (false, 0.6)] {
      let (cpu, gpu) = GLTestSupport.renderBoth(Self.cards(swap: swap, opacity: opacity), gl: gl)
      #expect(gl.lastFrame.cpuSubtrees == 0)
      let c = ImageComparison(cpu, gpu)
      #expect(c.awayFromEdges == 0, "swap \(swap), opacity \(opacity): \(c)")
      frames.append(gpu)
    }
    // The depth order shows: the red card drawn in front is another frame.
    let differs = frames[0].pixels != frames[1].pixels
    #expect(differs)
  }

  /// A 160 × 120 root holding a replicator of `count` tinted copies of a rounded box,
  /// each moved by `step` (turned about y when `turn`), preserving depth when `depth`.
  static func replicator(count: Int, turn: Bool, depth: Bool) -> CALayer {
    let root = RenderFixtures.root(160, 120)
    let r = CAReplicatorLayer()
    r.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
    r.instanceCount = count
    r.preservesDepth = depth
    r.instanceColor = CGColor(red: 1, green: 0.9, blue: 0.8, alpha: 1)
    r.instanceRedOffset = -0.15
    r.instanceBlueOffset = -0.1
    r.instanceAlphaOffset = -0.12
    var step = CATransform3DMakeTranslation(18, 6, 0)
    if turn {
      step = CATransform3DRotate(CATransform3DMakeTranslation(14, 4, -12), 0.35, 0, 1, 0)
      r.sublayerTransform = perspective(300)
    }
    r.instanceTransform = step
    let box = RenderFixtures.box(
      CGRect(x: 4.5, y: 10, width: 40, height: 44), RenderFixtures.yellow)
    box.cornerRadius = 8
    box.addSublayer(
      RenderFixtures.box(CGRect(x: 8, y: 8, width: 16, height: 14), RenderFixtures.blue))
    r.addSublayer(box)
    root.addSublayer(r)
    return root
  }

  @Test func replicatorTintsAreDrawnOnTheGPU() throws {
    let gl = try GLTestSupport.backend()
    for scale in [1.0, 2.0] {
      let (cpu, gpu) = GLTestSupport.renderBoth(
        Self.replicator(count: 5, turn: false, depth: false), gl: gl, scale: CGFloat(scale))
      #expect(gl.lastFrame.cpuSubtrees == 0)
      let c = ImageComparison(cpu, gpu)
      #expect(c.agrees, "×\(scale): \(c)")
      #expect(c.largest <= 2, "×\(scale): \(c)")
    }
  }

  @Test func aReplicatorThatPreservesDepthIsDrawnOnTheGPU() throws {
    let gl = try GLTestSupport.backend()
    let (cpu, gpu) = GLTestSupport.renderBoth(
      Self.replicator(count: 4, turn: true, depth: true), gl: gl)
    // Each copy has a sublayer: under perspective the CPU compositor flattens it.
    #expect(gl.lastFrame.cpuSubtrees <= 4)
    let c = ImageComparison(cpu, gpu)
    #expect(c.awayFromEdges == 0, "\(c)")
    let flat = GLTestSupport.renderBoth(
      Self.replicator(count: 4, turn: true, depth: false), gl: gl
    ).gpu
    // Each copy sits further back: in sublayer order the last is drawn over the first.
    let differs = flat.pixels != gpu.pixels
    #expect(differs)
  }
}

import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// Nine-part contents (`contentsCenter`) on the GPU: one texture drawn once per patch, as
/// the CPU compositor draws each patch, against its frames.
@Suite struct GLContentsTests {
  /// A 160 × 110 root holding the 16 × 12 quadrants image stretched over a 90 × 60 layer
  /// with `contentsCenter` `center`, turned by `angle`, its filters `filter`, at
  /// `contentsScale` `scale` and `contentsRect` `window`.
  static func scene(
    center: CGRect, angle: CGFloat = 0, filter: CALayerContentsFilter = .linear,
    scale: CGFloat = 1, window: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
    size: CGSize = CGSize(width: 90, height: 60)
  ) -> CALayer {
    let root = RenderFixtures.root(160, 110)
    let l = CALayer()
    l.frame = CGRect(origin: CGPoint(x: 30.5, y: 20.25), size: size)
    l.contents = RenderFixtures.quadrants
    l.contentsCenter = center
    l.contentsScale = scale
    l.contentsRect = window
    l.magnificationFilter = filter
    l.minificationFilter = filter
    l.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
    root.addSublayer(l)
    return root
  }

  static let center = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)

  @Test(arguments: [
    (0.0, CALayerContentsFilter.linear, 1.0), (0.0, .nearest, 1.0), (0.3, .linear, 1.0),
    (-0.5, .nearest, 2.0), (0.0, .linear, 2.0),
  ])
  func ninePartContentsAreDrawnOnTheGPU(
    _ angle: Double, _ filter: CALayerContentsFilter, _ contentsScale: Double
  ) throws {
    let gl = try GLTestSupport.backend()
    for frameScale in [1.0, 2.0] {
      let root = Self.scene(
        center: Self.center, angle: CGFloat(angle), filter: filter, scale: CGFloat(contentsScale))
      let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl, scale: CGFloat(frameScale))
      try GLTestSupport.dump((cpu, gpu), name: "nine-\(angle)-\(filter)-\(frameScale)")
      #expect(gl.lastFrame.cpuSubtrees == 0)
      let c = ImageComparison(cpu, gpu)
      #expect(c.awayFromEdges == 0, "angle \(angle), \(filter), ×\(frameScale): \(c)")
      // Magnified nearest, the centre patch's 8 texels over 82 points put one column's
      // pixel centres exactly on a texel boundary: a tie that the two sides' arithmetic
      // may break either way (a whole column of one colour for the other). Every other
      // case agrees by the full rule.
      let tie = filter == .nearest && frameScale == 1 && contentsScale == 1
      #expect(tie || c.agrees, "angle \(angle), \(filter), ×\(frameScale): \(c)")
      // The patches show: stretched whole, the image is another frame.
      let whole = Self.scene(
        center: CGRect(x: 0, y: 0, width: 1, height: 1), angle: CGFloat(angle), filter: filter,
        scale: CGFloat(contentsScale))
      let plain = GLTestSupport.renderBoth(whole, gl: gl, scale: CGFloat(frameScale)).gpu
      #expect(plain.pixels != gpu.pixels)
    }
  }

  @Test func aNinePartWindowAndALayerSmallerThanItsCornersMatchTheCPU() throws {
    let gl = try GLTestSupport.backend()
    let scenes = [
      Self.scene(center: Self.center, window: CGRect(x: 0.1, y: 0, width: 0.8, height: 0.9)),
      Self.scene(center: Self.center, size: CGSize(width: 10, height: 7)),
      Self.scene(center: CGRect(x: 0.5, y: 0.5, width: 0, height: 0), angle: 0.2),
    ]
    for root in scenes {
      let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
      #expect(gl.lastFrame.cpuSubtrees == 0)
      let c = ImageComparison(cpu, gpu)
      #expect(c.agrees, "\(c)")
    }
  }

  @Test func aNinePartLayerThatMovesUploadsItsImageOnce() throws {
    let gl = try GLTestSupport.backend()
    let root = Self.scene(center: Self.center)
    let layer = try #require(root.sublayers?.first)
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = root
    context.commit()
    let move = CABasicAnimation(keyPath: "position.x")
    move.byValue = 17.5
    move.duration = 1
    layer.add(move, forKey: "move")
    let target = try #require(CGContext(width: 160, height: 110))
    let frames = GLTestSupport.play(4, step: 0.1, context: context, gl: gl, into: target)
    #expect(frames.allSatisfy { $0.cpuSubtrees == 0 })
    #expect(frames[0].uploadedBytes == 16 * 12 * 4)
    #expect(frames.dropFirst().allSatisfy { $0.uploadedBytes == 0 })
    let cpu = CARenderer(context: context).render(width: 160, height: 110, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.agrees, "\(c)")
  }

  /// A 96 × 64 image of fine stripes and colour blocks, whose mip levels differ.
  static let detailed: CGImage = {
    let (w, h) = (96, 64)
    var px = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let i = (y * w + x) * 4
        let stripe = (x / 2 + y / 3) % 2 == 0
        px[i] = UInt8(stripe ? 230 : (x * 255 / w))
        px[i + 1] = UInt8(stripe ? 60 : (y * 255 / h))
        px[i + 2] = UInt8((x + y) % 7 == 0 ? 255 : 90)
        px[i + 3] = 255
      }
    }
    return CGImage(width: w, height: h, premultipliedRGBA: px)!
  }()

  /// The detailed image minified trilinearly into a layer of `size`, turned by `angle`,
  /// with `minificationFilterBias` `bias`.
  static func minified(_ size: CGSize, angle: CGFloat, bias: Float) -> (CALayer, CALayer) {
    let root = RenderFixtures.root(120, 90)
    let l = CALayer()
    l.frame = CGRect(origin: CGPoint(x: 20.5, y: 14), size: size)
    l.contents = detailed
    l.minificationFilter = .trilinear
    l.minificationFilterBias = bias
    l.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
    root.addSublayer(l)
    return (root, l)
  }

  @Test(arguments: [
    (40.0, 0.0, Float(0)), (23.0, 0.0, 0), (23.0, 0.35, 0), (11.0, 0.0, 0.5), (70.0, -0.2, 1),
    (9.0, 0.6, -0.5),
  ])
  func trilinearMinificationIsDrawnOnTheGPU(_ width: Double, _ angle: Double, _ bias: Float)
    throws
  {
    let gl = try GLTestSupport.backend()
    for scale in [1.0, 2.0] {
      let size = CGSize(width: width, height: width * 2 / 3)
      let (root, _) = Self.minified(size, angle: CGFloat(angle), bias: bias)
      let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl, scale: CGFloat(scale))
      try GLTestSupport.dump((cpu, gpu), name: "mip-\(width)-\(angle)-\(bias)-\(scale)")
      #expect(gl.lastFrame.cpuSubtrees == 0)
      let c = ImageComparison(cpu, gpu)
      #expect(c.agrees, "width \(width), angle \(angle), bias \(bias) ×\(scale): \(c)")
      // The mip chain shows: sampled once (bilinearly), the frame is another.
      let (plain, l) = Self.minified(size, angle: CGFloat(angle), bias: bias)
      l.minificationFilter = .linear
      let once = GLTestSupport.renderBoth(plain, gl: gl, scale: CGFloat(scale)).gpu
      if width * scale < 96 { #expect(once.pixels != gpu.pixels) }
    }
  }

  @Test func aMinifiedLayerThatMovesUploadsItsLevelsOnce() throws {
    let gl = try GLTestSupport.backend()
    let (root, layer) = Self.minified(CGSize(width: 20, height: 14), angle: 0, bias: 0.3)
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = root
    context.commit()
    let move = CABasicAnimation(keyPath: "position")
    move.byValue = CGPoint(x: 31.25, y: 12)
    move.duration = 1
    layer.add(move, forKey: "move")
    let target = try #require(CGContext(width: 120, height: 90))
    let frames = GLTestSupport.play(4, step: 0.1, context: context, gl: gl, into: target)
    #expect(frames.allSatisfy { $0.cpuSubtrees == 0 })
    // λ = log2(96 / 20) + 0.3 ≈ 2.56: the image and levels 2 and 3 of its chain (24 × 16
    // and 12 × 8), with the first frame.
    #expect(frames[0].uploadedBytes == (96 * 64 + 24 * 16 + 12 * 8) * 4)
    #expect(frames.dropFirst().allSatisfy { $0.uploadedBytes == 0 })
    let cpu = CARenderer(context: context).render(width: 120, height: 90, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.agrees, "\(c)")
  }
}

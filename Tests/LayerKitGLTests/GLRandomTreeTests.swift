import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// Seeded random layer trees (rotations, rounded clips, borders, opacity and group
/// opacity, images with gravity; or turns about y under perspective) drawn by the CPU
/// compositor and by the GL backend.
///
/// Flat trees agree by the full rule. Under perspective the GPU covers each layer's edges
/// analytically through its projective map, where the CPU compositor draws the layer flat
/// and warps the bitmap bilinearly: the edges differ by more than 2/255 on more than
/// 0.1 % of the pixels, so perspective trees are held to "every difference on an edge"
/// (solid layers; an image under perspective is sampled once on the GPU and twice on the
/// CPU, which moves its interior by a few levels).
@Suite struct GLRandomTreeTests {
  /// A random tree of up to `depth` levels under a 160 × 120 root.
  static func tree(seed: UInt64, perspective: Bool, images: Bool = true) -> CALayer {
    var g = SeededGenerator(seed: seed)
    let root = RenderFixtures.root(160, 120)
    func color() -> CGColor {
      CGColor(
        red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g),
        blue: .random(in: 0...1, using: &g), alpha: [1, 1, 0.6].randomElement(using: &g)!)
    }
    func add(to parent: CALayer, depth: Int) {
      for _ in 0..<Int.random(in: 1...3, using: &g) {
        let l = CALayer()
        let w = CGFloat(Int.random(in: 12...70, using: &g))
        let h = CGFloat(Int.random(in: 12...60, using: &g))
        l.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        l.position = CGPoint(
          x: CGFloat(Int.random(in: 0...Int(max(parent.bounds.width, 1)), using: &g)),
          y: CGFloat(Int.random(in: 0...Int(max(parent.bounds.height, 1)), using: &g)))
        l.backgroundColor = color()
        if Bool.random(using: &g) { l.cornerRadius = .random(in: 2...12, using: &g) }
        if Bool.random(using: &g) {
          l.borderWidth = [0.5, 1, 2.5].randomElement(using: &g)!
          l.borderColor = color()
        }
        if images && Int.random(in: 0..<3, using: &g) == 0 {
          l.contents = RenderFixtures.quadrants
          l.contentsGravity = [.resize, .center, .resizeAspect].randomElement(using: &g)!
        }
        if Int.random(in: 0..<3, using: &g) == 0 { l.opacity = .random(in: 0.3...0.9, using: &g) }
        l.allowsGroupOpacity = Bool.random(using: &g)
        var t = CATransform3DMakeRotation(.random(in: -0.6...0.6, using: &g), 0, 0, 1)
        if perspective {
          var p = CATransform3DIdentity
          p.m34 = -1 / 300
          t = CATransform3DConcat(
            CATransform3DMakeRotation(.random(in: -0.7...0.7, using: &g), 0, 1, 0), p)
        }
        if Bool.random(using: &g) { l.transform = t }
        l.masksToBounds = depth > 0 && Bool.random(using: &g)
        parent.addSublayer(l)
        if depth > 0 { add(to: l, depth: depth - 1) }
      }
    }
    add(to: root, depth: 2)
    return root
  }

  @Test(arguments: 0..<24)
  func flatTreesMatchTheCPUCompositor(_ seed: Int) throws {
    let gl = try GLTestSupport.backend()
    let root = Self.tree(seed: UInt64(seed), perspective: false)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    let c = ImageComparison(cpu, gpu)
    try GLTestSupport.dump((cpu, gpu), name: "flat\(seed)")
    #expect(c.agrees, "seed \(seed): \(c)")
  }

  @Test(arguments: 0..<12)
  func perspectiveTreesMatchTheCPUCompositor(_ seed: Int) throws {
    let gl = try GLTestSupport.backend()
    let root = Self.tree(seed: UInt64(1000 + seed), perspective: true, images: false)
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    let c = ImageComparison(cpu, gpu)
    try GLTestSupport.dump((cpu, gpu), name: "persp\(seed)")
    #expect(c.awayFromEdges == 0, "seed \(seed): \(c)")
  }
}

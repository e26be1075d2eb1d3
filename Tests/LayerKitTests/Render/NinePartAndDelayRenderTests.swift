import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `contentsCenter` nine-part scaling and `CAReplicatorLayer.instanceDelay`.
@Suite struct NinePartAndDelayRenderTests {
  typealias F = RenderFixtures

  /// A 9 × 9 image: 3 × 3 red corners, green edges, a blue centre.
  static let ninePart: CGImage = {
    var px = [UInt8](repeating: 255, count: 9 * 9 * 4)
    for y in 0..<9 {
      for x in 0..<9 {
        let edgeX = x < 3 || x >= 6
        let edgeY = y < 3 || y >= 6
        let c = edgeX && edgeY ? F.red : (edgeX || edgeY ? F.green : F.blue)
        let i = (y * 9 + x) * 4
        px[i] = UInt8(c.red * 255 + 0.5)
        px[i + 1] = UInt8(c.green * 255 + 0.5)
        px[i + 2] = UInt8(c.blue * 255 + 0.5)
      }
    }
    return CGImage(width: 9, height: 9, premultipliedRGBA: px)!
  }()

  static func ninePartLayer(_ frame: CGRect, scale: CGFloat = 1) -> CALayer {
    let l = CALayer()
    l.frame = frame
    l.contents = ninePart
    l.contentsScale = scale
    l.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
    l.magnificationFilter = .nearest
    return l
  }

  @Test func cornersKeepTheirSizeWhileTheCentreStretches() {
    let root = F.root(100, 70)
    root.addSublayer(Self.ninePartLayer(CGRect(x: 10, y: 10, width: 60, height: 30)))
    root.addSublayer(Self.ninePartLayer(CGRect(x: 76, y: 10, width: 20, height: 50), scale: 0.5))
    root.addSublayer(Self.ninePartLayer(CGRect(x: 10, y: 50, width: 4, height: 4)))
    let image = F.render(root)
    // Corners: 3 × 3 points.
    for (x, y) in [(10, 10), (12, 12), (69, 10), (67, 12), (10, 39), (69, 37)] {
      #expect(F.isColor(image, x, y, F.red), "corner pixel (\(x), \(y))")
    }
    // Edges: 3 points thick, stretched along the side.
    for (x, y) in [(13, 10), (40, 12), (66, 39), (10, 13), (12, 25), (69, 36)] {
      #expect(F.isColor(image, x, y, F.green), "edge pixel (\(x), \(y))")
    }
    #expect(F.isColor(image, 13, 13, F.blue))
    #expect(F.isColor(image, 66, 36, F.blue))
    // contentsScale 0.5: bands 6 points thick.
    #expect(F.isColor(image, 81, 15, F.red))
    #expect(F.isColor(image, 82, 15, F.green))
    #expect(F.isColor(image, 82, 16, F.blue))
    // Bounds smaller than the bands: they shrink to fit, corners only (2 × 2 each).
    #expect(F.isColor(image, 10, 50, F.red))
    #expect(F.isColor(image, 13, 53, F.red))
    assertMatchesGolden(image, named: "contents-center-nine-part")
  }

  @Test func patchesOfAZeroSizeCentreStretchOnePixel() throws {
    let patches = try #require(
      NinePartLayout.patches(
        destination: CGRect(x: 0, y: 0, width: 100, height: 9),
        contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
        center: CGRect(x: 0.5, y: 0, width: 0, height: 1), imageWidth: 9, imageHeight: 9,
        contentsScale: 1))
    #expect(patches.count == 3)
    #expect(abs(patches[1].destination.width - 91) < 1e-9, "100 − 2 · 4.5 points")
    #expect(abs(patches[1].source.width - 1.0 / 9) < 1e-12)
    #expect(
      NinePartLayout.patches(
        destination: .zero, contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
        center: CGRect(x: 0, y: 0, width: 1, height: 1), imageWidth: 9, imageHeight: 9,
        contentsScale: 1) == nil)
  }

  /// Three copies 40 points apart of a dot falling 0 → 40 points in 1 s (linear);
  /// instance i runs 0.25·i s behind.
  static func fallingDots(at t: Double) -> (CAContext, CGImage) {
    let context = CAContext(clock: CAManualClock())
    let root = F.root(130, 70)
    let rep = CAReplicatorLayer()
    rep.frame = root.bounds
    rep.instanceCount = 3
    rep.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
    rep.instanceDelay = 0.25
    let dot = F.box(CGRect(x: 10, y: 10, width: 20, height: 20), F.blue)
    dot.cornerRadius = 10
    rep.addSublayer(dot)
    root.addSublayer(rep)
    context.layer = root
    context.commit()
    dot.add(F.held("position.y", from: 20, to: 60), forKey: "fall")
    context.advance(by: t)
    return (context, CARenderer(context: context).render(width: 130, height: 70, scale: 1))
  }

  @Test(arguments: [0.25, 0.5, 0.75])
  func replicatedCopiesRunTheirAnimationsLater(t: Double) {
    let (_, image) = Self.fallingDots(at: t)
    // Copy i's centre is at y = 20 + 40·clamp(t − 0.25 i) (fill both).
    for i in 0..<3 {
      let y = 20 + 40 * Swift.min(Swift.max(t - 0.25 * Double(i), 0), 1)
      #expect(F.isColor(image, 20 + 40 * i, Int(y), F.blue), "copy \(i) centre at y \(y)")
      #expect(
        F.isColor(image, 20 + 40 * i, Int(y) - 14, F.paper), "copy \(i) nothing 14 points above")
    }
    if t == 0.5 { assertMatchesGolden(image, named: "replicator-instance-delay") }
  }
}

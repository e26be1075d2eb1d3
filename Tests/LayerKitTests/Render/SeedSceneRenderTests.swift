import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// The scenes of seed 004 (Core Animation reference), rendered.
@Suite struct SeedSceneRenderTests {
  typealias F = RenderFixtures

  /// Three cards in a container whose `sublayerTransform` is a perspective
  /// (m34 = −1/eyePosition) rotated about y, as in the seed.
  static func perspectiveCards(angle: CGFloat, eyePosition: CGFloat) -> CALayer {
    let root = F.root(240, 140)
    let container = CALayer()
    container.frame = root.bounds
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / eyePosition
    container.sublayerTransform = CATransform3DRotate(perspective, angle * .pi / 180, 0, 1, 0)
    for (k, color) in [F.red, F.green, F.blue].enumerated() {
      let card = F.box(CGRect(x: 20 + CGFloat(k) * 70, y: 30, width: 60, height: 80), color)
      card.cornerRadius = 8
      card.borderWidth = 2
      card.borderColor = F.ink
      card.zPosition = CGFloat(k) * 10
      container.addSublayer(card)
    }
    root.addSublayer(container)
    return root
  }

  @Test(arguments: [
    (angle: 30.0, eye: 500.0, name: "seed-perspective-30-500"),
    (angle: 45.0, eye: 200.0, name: "seed-perspective-45-200"),
  ])
  func perspectiveCardsMatchGolden(angle: Double, eye: Double, name: String) {
    let image = F.render(Self.perspectiveCards(angle: angle, eyePosition: eye))
    // Rotating about y with perspective: the right side recedes (smaller), the left
    // side comes nearer (taller) — the left card's height exceeds the right card's.
    func columnHeight(_ x: Int) -> Int {
      (0..<image.height).filter { !F.isColor(image, x, $0, F.paper, tolerance: 6) }.count
    }
    #expect(columnHeight(40) > columnHeight(200))
    assertMatchesGolden(image, named: name)
  }

  @Test func shadowWithMasksToBoundsNeedsTheTwoLayerFix() {
    // Problem 1: masksToBounds clips the layer's own shadow away.
    let root = F.root(300, 140)
    let clipped = F.box(CGRect(x: 20, y: 30, width: 110, height: 80), nil)
    clipped.contents = F.quadrants
    clipped.cornerRadius = 20
    clipped.masksToBounds = true
    clipped.shadowOpacity = 0.5
    clipped.shadowRadius = 10
    clipped.shadowOffset = .zero
    // The fix: a shadow layer holding a same-sized contents layer that clips.
    let shadowLayer = CALayer()
    shadowLayer.frame = CGRect(x: 170, y: 30, width: 110, height: 80)
    shadowLayer.cornerRadius = 20
    shadowLayer.shadowColor = .black
    shadowLayer.shadowOffset = .zero
    shadowLayer.shadowOpacity = 0.5
    shadowLayer.shadowRadius = 10
    let contentsLayer = CALayer()
    contentsLayer.cornerRadius = 20
    contentsLayer.masksToBounds = true
    contentsLayer.contents = F.quadrants
    contentsLayer.frame = shadowLayer.bounds
    shadowLayer.addSublayer(contentsLayer)
    root.sublayers = [clipped, shadowLayer]
    let image = F.render(root)
    // Just outside the left card: no shadow. Just outside the right card: shadow.
    #expect(F.isColor(image, 75, 24, F.paper))
    #expect(F.pixel(image, 225, 24).r < F.pixel(image, 75, 24).r - 8)
    // Both cards have rounded image corners.
    #expect(F.isColor(image, 22, 32, F.paper))
    assertMatchesGolden(image, named: "seed-shadow-two-layer-fix")
  }

  @Test func contentsGravityWithGeometryFlipped() {
    // Seed: on iOS, `.top` without isGeometryFlipped lands at the bottom of the screen.
    let root = F.root(200, 100)
    let plain = F.box(CGRect(x: 10, y: 10, width: 80, height: 80), F.ink.copy(alpha: 0.1))
    plain.contents = F.quadrants
    plain.contentsGravity = .top
    let flipped = F.box(CGRect(x: 110, y: 10, width: 80, height: 80), F.ink.copy(alpha: 0.1))
    flipped.contents = F.quadrants
    flipped.contentsGravity = .top
    flipped.isGeometryFlipped = true
    root.sublayers = [plain, flipped]
    let image = F.render(root)
    #expect(F.isColor(image, 47, 83, F.red))  // image at the bottom, upright (red on top)
    #expect(F.isColor(image, 147, 13, F.red))  // flipped: at the top
    assertMatchesGolden(image, named: "seed-gravity-flipped")
  }

  @Test func allTwelveContentsGravitiesMatchGolden() {
    let gravities: [CALayerContentsGravity] = [
      .topLeft, .top, .topRight, .resize, .left, .center, .right, .resizeAspect, .bottomLeft,
      .bottom, .bottomRight,
      .resizeAspectFill,
    ]
    let root = F.root(4 * 60, 3 * 50)
    for (k, g) in gravities.enumerated() {
      let cell = F.box(
        CGRect(x: CGFloat(k % 4) * 60 + 5, y: CGFloat(k / 4) * 50 + 5, width: 50, height: 40),
        F.ink.copy(alpha: 0.15))
      cell.contents = F.quadrants
      cell.contentsGravity = g
      cell.isGeometryFlipped = true
      cell.masksToBounds = true
      cell.magnificationFilter = .nearest
      root.addSublayer(cell)
    }
    assertMatchesGolden(F.render(root), named: "gravity-all-twelve")
  }

  @Test func contentsRectScaleAndFiltersMatchGolden() {
    let root = F.root(200, 70)
    let part = F.box(CGRect(x: 10, y: 10, width: 50, height: 50), nil)
    part.contents = F.quadrants
    part.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)  // the green quadrant
    let nearest = F.box(CGRect(x: 75, y: 10, width: 50, height: 50), nil)
    nearest.contents = F.quadrants
    nearest.magnificationFilter = .nearest
    let retina = F.box(CGRect(x: 140, y: 10, width: 50, height: 50), F.ink.copy(alpha: 0.1))
    retina.contents = F.quadrants
    retina.contentsScale = 2  // 8 × 6 points
    retina.contentsGravity = .center
    root.sublayers = [part, nearest, retina]
    let image = F.render(root)
    #expect(F.isColor(image, 35, 35, F.green))
    #expect(F.isColor(image, 145, 35, F.paper, tolerance: 30))  // outside the 8 × 6 pt image
    #expect(F.isColor(image, 162, 33, F.red, tolerance: 40))
    assertMatchesGolden(image, named: "contents-rect-scale-filter")
  }
}

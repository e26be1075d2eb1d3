import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// Backgrounds, corners, borders, opacity and masks of plain layers, pixel by pixel and
/// against golden images.
@Suite struct LayerAppearanceRenderTests {
  typealias F = RenderFixtures

  @Test func backgroundCornersAndBorderMatchGolden() {
    let root = F.root(200, 120)
    let a = F.box(CGRect(x: 10, y: 10, width: 80, height: 50), F.red)
    a.cornerRadius = 16
    let b = F.box(CGRect(x: 110, y: 10, width: 80, height: 50), F.blue)
    b.cornerRadius = 20
    b.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
    b.borderWidth = 4
    b.borderColor = F.ink
    let c = F.box(CGRect(x: 10, y: 70, width: 80, height: 40), nil)
    c.borderWidth = 3
    c.cornerRadius = 12
    c.borderColor = F.green
    let d = F.box(CGRect(x: 110, y: 70, width: 80, height: 40), F.yellow)
    d.cornerRadius = 100  // clamped to half the height: a capsule
    root.sublayers = [a, b, c, d]
    let image = F.render(root)
    // Inside, outside the rounded corner, and on the border.
    #expect(F.isColor(image, 50, 35, F.red))
    #expect(F.isColor(image, 11, 11, F.paper))
    #expect(F.isColor(image, 188, 11, F.ink))  // unmasked corner stays square
    #expect(F.isColor(image, 111, 11, F.paper))  // masked top-left is rounded
    #expect(F.isColor(image, 50, 71, F.green))
    #expect(F.isColor(image, 50, 90, F.paper))  // a border is drawn inside the bounds only
    assertMatchesGolden(image, named: "appearance-corners-border")
  }

  @Test func groupOpacityCompositesTheSubtreeOnce() {
    func scene(group: Bool) -> CGImage {
      let root = F.root(100, 60)
      let parent = F.box(CGRect(x: 10, y: 10, width: 60, height: 40), F.blue)
      parent.opacity = 0.5
      parent.allowsGroupOpacity = group
      let child = F.box(CGRect(x: 20, y: 10, width: 60, height: 20), F.red)
      parent.addSublayer(child)
      root.addSublayer(parent)
      return F.render(root)
    }
    let grouped = scene(group: true)
    let separate = scene(group: false)
    // Where the child covers the parent, the group shows only the child, at half
    // opacity; drawn separately, the half-transparent blue shows through the red.
    let alone = F.root(100, 60)
    let red = F.box(CGRect(x: 30, y: 20, width: 60, height: 20), F.red)
    red.opacity = 0.5
    alone.addSublayer(red)
    let reference = F.pixel(F.render(alone), 40, 25)
    let g = F.pixel(grouped, 40, 25)
    let s = F.pixel(separate, 40, 25)
    #expect(
      abs(g.r - reference.r) <= 1 && abs(g.g - reference.g) <= 1 && abs(g.b - reference.b) <= 1)
    #expect(abs(s.g - reference.g) > 8)
    assertMatchesGolden(grouped, named: "appearance-group-opacity")
  }

  @Test func maskLayerAlphaMultipliesTheLayer() {
    let root = F.root(100, 100)
    let layer = F.box(CGRect(x: 10, y: 10, width: 80, height: 80), F.red)
    layer.addSublayer(F.box(CGRect(x: 0, y: 40, width: 80, height: 40), F.blue))
    let mask = CAShapeLayer()
    mask.frame = layer.bounds
    mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil)
    layer.mask = mask
    root.addSublayer(layer)
    let image = F.render(root)
    #expect(F.isColor(image, 50, 30, F.red))
    #expect(F.isColor(image, 50, 70, F.blue))
    #expect(F.isColor(image, 12, 12, F.paper))  // outside the circle
    assertMatchesGolden(image, named: "appearance-mask-circle")
  }

  @Test func hiddenAndZeroOpacityLayersDrawNothing() {
    let root = F.root(40, 40)
    let hidden = F.box(CGRect(x: 0, y: 0, width: 20, height: 40), F.red)
    hidden.isHidden = true
    let clear = F.box(CGRect(x: 20, y: 0, width: 20, height: 40), F.red)
    clear.opacity = 0
    root.sublayers = [hidden, clear]
    let image = F.render(root)
    #expect(F.isColor(image, 10, 20, F.paper))
    #expect(F.isColor(image, 30, 20, F.paper))
  }

  @Test func siblingsDrawInZPositionOrderStably() {
    let root = F.root(120, 60)
    let back = F.box(CGRect(x: 10, y: 10, width: 50, height: 40), F.red)
    back.zPosition = 5
    let front = F.box(CGRect(x: 40, y: 10, width: 50, height: 40), F.blue)
    let same1 = F.box(CGRect(x: 70, y: 20, width: 40, height: 30), F.green)
    same1.zPosition = 5
    root.sublayers = [back, front, same1]
    let image = F.render(root)
    #expect(F.isColor(image, 50, 30, F.red))  // z 5 draws over z 0 despite order
    #expect(F.isColor(image, 80, 40, F.green))  // equal z: later sibling on top
    assertMatchesGolden(image, named: "appearance-zposition")
  }

  @Test func masksToBoundsClipsSublayersToRoundedBounds() {
    let root = F.root(100, 100)
    let clip = F.box(CGRect(x: 10, y: 10, width: 80, height: 80), F.yellow)
    clip.cornerRadius = 24
    clip.masksToBounds = true
    clip.addSublayer(F.box(CGRect(x: -20, y: -20, width: 70, height: 70), F.blue))
    root.addSublayer(clip)
    let image = F.render(root)
    #expect(F.isColor(image, 5, 40, F.paper))  // outside the bounds
    #expect(F.isColor(image, 12, 12, F.paper))  // inside the bounds, outside the corner
    #expect(F.isColor(image, 30, 30, F.blue))
    assertMatchesGolden(image, named: "appearance-masks-to-bounds")
  }

  @Test func sameFrameRendersIdenticalBytes() {
    let root = F.root(120, 80)
    let a = F.box(CGRect(x: 10, y: 10, width: 70, height: 50), F.red)
    a.cornerRadius = 10
    a.shadowOpacity = 0.6
    a.shadowRadius = 6
    a.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
    root.addSublayer(a)
    #expect(F.render(root).pixels == F.render(root).pixels)
  }
}

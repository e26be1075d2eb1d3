import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// What a layer seen in perspective draws outside its bounds: the perspective offscreen
/// must hold a shape layer's path and stroke, and contents placed outside the bounds.
@Suite struct PerspectiveExtentTests {
  /// A turn about y seen from 400 points away, about the layer's position.
  static func perspective(_ angle: CGFloat) -> CATransform3D {
    var p = CATransform3DIdentity
    p.m34 = -1.0 / 400
    return CATransform3DConcat(CATransform3DMakeRotation(angle, 0, 1, 0), p)
  }

  /// Counts the pixels that differ from the paper background.
  static func inked(_ image: CGImage) -> Int {
    var n = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = RenderFixtures.pixel(image, x, y)
        if abs(p.r - 245) + abs(p.g - 245) + abs(p.b - 240) > 30 { n += 1 }
      }
    }
    return n
  }

  /// A shape layer with zero-size bounds (the usual way to draw a path around a point)
  /// keeps its circle and stroke when it turns in perspective.
  @Test(arguments: [CGFloat(0), 0.5, -0.8])
  func zeroBoundsShapeLayerDrawsInPerspective(angle: CGFloat) {
    let root = RenderFixtures.root(120, 100)
    let shape = CAShapeLayer()
    shape.position = CGPoint(x: 60, y: 50)
    shape.path = CGPath(ellipseIn: CGRect(x: -30, y: -30, width: 60, height: 60), transform: nil)
    shape.fillColor = RenderFixtures.blue
    shape.strokeColor = RenderFixtures.red
    shape.lineWidth = 6
    shape.transform = Self.perspective(angle)
    root.addSublayer(shape)
    let image = RenderFixtures.render(root)
    // The disc with its ring covers π·33² ≈ 3,421 points flat; turned by 0.8 rad it is
    // foreshortened to cos(0.8) ≈ 0.70 of that, a little more on the near side.
    let expected = Double.pi * 33 * 33 * cos(Double(angle))
    let got = Double(Self.inked(image))
    #expect(abs(got - expected) < expected * 0.08, "inked \(got), expected ≈ \(expected)")
    // The fill shows in the middle.
    let c = RenderFixtures.pixel(image, 60, 50)
    #expect(c.b > 150 && c.r < 100, "centre \(c)")
  }

  /// A stroke reaching outside a layer's bounds is kept under perspective too: it draws
  /// the same as the layer with bounds grown to hold the stroke (same centre, so the
  /// same turn).
  @Test func strokeOutsideBoundsIsKeptInPerspective() {
    func render(bounds: CGRect) -> CGImage {
      let root = RenderFixtures.root(120, 100)
      let shape = CAShapeLayer()
      shape.bounds = bounds
      shape.position = CGPoint(x: 60, y: 50)
      shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
      shape.fillColor = nil
      shape.strokeColor = RenderFixtures.red
      shape.lineWidth = 10
      shape.transform = Self.perspective(0.3)
      root.addSublayer(shape)
      return RenderFixtures.render(root)
    }
    let tight = Double(Self.inked(render(bounds: CGRect(x: 0, y: 0, width: 40, height: 40))))
    let roomy = Double(Self.inked(render(bounds: CGRect(x: -10, y: -10, width: 60, height: 60))))
    // A 50 × 50 square ring of width 10 covers 50² − 30² = 1,600 points flat.
    #expect(roomy > 1_500, "roomy \(roomy)")
    #expect(abs(tight - roomy) <= 0.01 * roomy, "tight bounds \(tight) vs roomy bounds \(roomy)")
  }
}

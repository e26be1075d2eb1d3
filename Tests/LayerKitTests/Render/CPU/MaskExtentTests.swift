import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// A masked layer is drawn only on the rows its mask can reach: a shape mask's rows come
/// from its path and its stroke's reach, and the pixels are those of drawing every row.
@Suite struct MaskExtentTests {
  typealias F = RenderFixtures

  /// A stroke-only "Λ" whose sharp miter join reaches about 10 points above its path's
  /// control box and its bounds (the vertex at y 20, the tip near y 9.8).
  static func spike() -> CAShapeLayer {
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 25, y: 20, width: 10, height: 25)
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 25))
    path.addLine(to: CGPoint(x: 5, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 25))
    shape.path = path
    shape.fillColor = nil
    shape.strokeColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    shape.lineWidth = 4
    shape.lineJoin = .miter
    shape.miterLimit = 10
    return shape
  }

  /// A red 60 × 60 layer masked by `mask` in `mode`.
  static func render(mask: CALayer, mode: LayerMaskMode = .alpha) -> CGImage {
    let root = CALayer()
    root.anchorPoint = .zero
    root.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
    let layer = F.box(root.bounds, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    layer.mask = mask
    layer.maskMode = mode
    root.addSublayer(layer)
    return F.render(root)
  }

  @Test func theMiterTipAboveThePathIsDrawn() {
    let image = Self.render(mask: Self.spike())
    #expect(F.pixel(image, 30, 15).a > 200, "inside the miter, 5 points above the path's box")
    #expect(F.pixel(image, 30, 30).a > 200)
    #expect(F.pixel(image, 30, 5).a == 0, "above the tip")
    #expect(F.pixel(image, 5, 55).a == 0, "below the path")
    // The same pixels as a mask whose extent is not known (a transform layer holding the
    // shape), which draws every row.
    let unknown = CATransformLayer()
    unknown.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
    unknown.addSublayer(Self.spike())
    let same = image.pixels == Self.render(mask: unknown).pixels
    #expect(same)
  }

  @Test func inverseMasksShowTheRowsTheMaskMisses() {
    let image = Self.render(mask: Self.spike(), mode: .inverseAlpha)
    #expect(F.pixel(image, 5, 5) == (255, 0, 0, 255))
    #expect(F.pixel(image, 5, 55) == (255, 0, 0, 255))
    #expect(F.pixel(image, 30, 30).a < 55)
  }

  @Test func aStrokeReachesHalfItsWidthTimesTheMiterLimitOrTheSquareCap() {
    func reach(_ sh: ShapeLayerState) -> Double? { sh.strokeReach.map(Double.init) }
    var sh = ShapeLayerState()
    sh.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    #expect(reach(sh) == 0, "filled only")
    sh.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    sh.lineWidth = 4
    #expect(reach(sh) == 21.0)  // 4 / 2 · 10 + 1
    sh.lineJoin = .round
    #expect(reach(sh) == 3.0)
    sh.lineCap = .square
    #expect(reach(sh) == 2 * 2.0.squareRoot() + 1.0)
    sh.lineWidth = .infinity
    #expect(reach(sh) == 0, "an infinite width strokes nothing")
    sh.lineWidth = 4
    sh.miterLimit = .nan
    sh.lineJoin = .miter
    #expect(reach(sh) == nil)
  }
}

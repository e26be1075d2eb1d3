import Foundation
import Testing

@testable import LayerKit

@Suite struct LayerConvertTests {
  /// root (400×400) ⊃ scroller (bounds origin (0, 50)) ⊃ child at position (20, 70).
  func scrolledTree() -> (root: CALayer, scroller: CALayer, child: CALayer) {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 400), name: "root")
    let scroller = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), name: "scroller")
    scroller.bounds.origin = CGPoint(x: 0, y: 50)
    let child = CALayer()
    child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    child.position = CGPoint(x: 20, y: 70)
    root.addSublayer(scroller)
    scroller.addSublayer(child)
    return (root, scroller, child)
  }

  @Test func boundsOriginScrollsTheSublayers() {
    let (root, scroller, child) = scrolledTree()
    #expect(root.convert(CGPoint.zero, from: child) == CGPoint(x: 10, y: 10))
    #expect(scroller.convert(CGPoint.zero, from: child) == CGPoint(x: 10, y: 60))
    #expect(child.convert(CGPoint(x: 10, y: 10), from: root) == .zero)
    #expect(child.convert(CGPoint(x: 10, y: 10), from: nil) == .zero)
    #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 10, y: 10))
    #expect(child.convert(CGPoint(x: 5, y: 5), to: child) == CGPoint(x: 5, y: 5))
  }

  @Test func convertsBetweenCousins() {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
    let a = makeLayer(CGRect(x: 10, y: 10, width: 20, height: 20))
    let b = makeLayer(CGRect(x: 50, y: 60, width: 20, height: 20))
    root.addSublayer(a)
    root.addSublayer(b)
    #expect(b.convert(CGPoint(x: 1, y: 2), from: a) == CGPoint(x: -39, y: -48))
    #expect(
      a.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: b)
        == CGRect(x: -40, y: -50, width: 5, height: 5))
  }

  @Test func rectConversionThroughARotationIsTheBoundingBox() {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
    let child = CALayer()
    child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    child.position = CGPoint(x: 50, y: 50)
    child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    root.addSublayer(child)
    // A 90° clockwise turn (y down) about the centre sends the top-left corner to the top-right.
    #expect(
      pointsMatch(root.convert(CGPoint.zero, from: child), CGPoint(x: 55, y: 45), tolerance: 1e-12))
    #expect(rectsMatch(root.convert(child.bounds, from: child), child.frame, tolerance: 1e-12))
  }

  @Test func seedSublayerTransformTranslationShiftsSublayers() {
    let parent = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200))
    let child = makeLayer(CGRect(x: 10, y: 10, width: 10, height: 10))
    parent.addSublayer(child)
    var t = CATransform3DIdentity
    t.m41 = 100
    parent.sublayerTransform = t
    #expect(parent.convert(CGPoint.zero, from: child) == CGPoint(x: 110, y: 10))
    // The sublayer transform does not change the sublayer's own frame.
    #expect(child.frame == CGRect(x: 10, y: 10, width: 10, height: 10))
  }

  /// parent (200×200, anchor at its centre) with perspective m34 = −1/500 rotated 30°
  /// about y; child 100×100 centred in it.
  func tiltedTree() -> (parent: CALayer, child: CALayer) {
    let parent = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200))
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    parent.sublayerTransform = CATransform3DRotate(perspective, .pi / 6, 0, 1, 0)
    let child = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100))
    parent.addSublayer(child)
    return (parent, child)
  }

  /// (child point, expected parent point). Right edge: x = 50·cos30°/(1 + 50·sin30°/500) + 100.
  static let perspectiveCases: [(CGPoint, CGPoint)] = [
    (CGPoint(x: 50, y: 50), CGPoint(x: 100, y: 100)),
    (CGPoint(x: 100, y: 50), CGPoint(x: 100 + 50 * 0.8660254037844386 / 1.05, y: 100)),
    (CGPoint(x: 100, y: 0), CGPoint(x: 100 + 50 * 0.8660254037844386 / 1.05, y: 100 - 50 / 1.05)),
    (CGPoint(x: 0, y: 100), CGPoint(x: 100 - 50 * 0.8660254037844386 / 0.95, y: 100 + 50 / 0.95)),
  ]

  @Test(arguments: perspectiveCases)
  func perspectiveSublayerTransformProjectsPoints(_ local: CGPoint, _ expected: CGPoint) {
    let (parent, child) = tiltedTree()
    let mapped = parent.convert(local, from: child)
    #expect(pointsMatch(mapped, expected, tolerance: 1e-9), "\(mapped)")
    // Back into the tilted layer: the line of sight meets its plane where we started.
    #expect(pointsMatch(child.convert(mapped, from: parent), local, tolerance: 1e-9))
  }

  @Test func geometryFlippedSuperlayerMeasuresFromTheBottom() {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
    let parent = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
    root.addSublayer(parent)
    parent.isGeometryFlipped = true
    let child = makeLayer(CGRect(x: 10, y: 10, width: 20, height: 20))
    parent.addSublayer(child)
    // The child's position is in the parent's own (flipped) coordinates...
    #expect(parent.convert(CGPoint.zero, from: child) == CGPoint(x: 10, y: 10))
    // ...which put y = 0 at the bottom of the screen.
    #expect(root.convert(CGPoint.zero, from: child) == CGPoint(x: 10, y: 90))
    #expect(root.convert(CGPoint(x: 0, y: 20), from: child) == CGPoint(x: 10, y: 70))
  }

  @Test func maskCoordinatesAreTheMaskedLayers() {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
    let layer = makeLayer(CGRect(x: 20, y: 20, width: 50, height: 50))
    root.addSublayer(layer)
    let mask = makeLayer(CGRect(x: 5, y: 5, width: 10, height: 10))
    layer.mask = mask
    #expect(root.convert(CGPoint.zero, from: mask) == CGPoint(x: 25, y: 25))
  }

  @Test func layersOfDifferentTreesMeetInTheSpaceOfTheirRootsPositions() {
    let a = makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
    let aChild = makeLayer(CGRect(x: 3, y: 4, width: 1, height: 1))
    a.addSublayer(aChild)
    let b = makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
    let bChild = makeLayer(CGRect(x: 1, y: 1, width: 1, height: 1))
    b.addSublayer(bChild)
    #expect(bChild.convert(CGPoint.zero, from: aChild) == CGPoint(x: 2, y: 3))
  }
}

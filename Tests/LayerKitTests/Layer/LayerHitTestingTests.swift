import Foundation
import Testing

@testable import LayerKit

@Suite struct LayerHitTestingTests {
  /// root 200×200 at the origin; a (0,0,100,100) and b (50,50,100,100) overlapping.
  func tree() -> (root: CALayer, a: CALayer, b: CALayer) {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), name: "root")
    let a = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "a")
    let b = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), name: "b")
    root.addSublayer(a)
    root.addSublayer(b)
    return (root, a, b)
  }

  enum Setup: String, CaseIterable, Sendable {
    case plain, aInFront, bHidden, bTransparent, rootHidden
  }

  static let cases: [(Setup, CGPoint, String?)] = [
    (.plain, CGPoint(x: 75, y: 75), "b"),
    (.plain, CGPoint(x: 25, y: 25), "a"),
    (.plain, CGPoint(x: 190, y: 10), "root"),
    (.plain, CGPoint(x: 150, y: 150), "root"),  // right/bottom edges are outside
    (.plain, CGPoint(x: 250, y: 250), nil),
    (.aInFront, CGPoint(x: 75, y: 75), "a"),
    (.bHidden, CGPoint(x: 75, y: 75), "a"),
    (.bHidden, CGPoint(x: 120, y: 120), "root"),
    (.bTransparent, CGPoint(x: 75, y: 75), "b"),
    (.rootHidden, CGPoint(x: 25, y: 25), nil),
  ]

  @Test(arguments: cases)
  func hitTestFindsTheFrontmostDeepestVisibleLayer(
    _ setup: Setup, _ point: CGPoint, _ expected: String?
  ) {
    let (root, a, b) = tree()
    switch setup {
    case .plain: break
    case .aInFront: a.zPosition = 1
    case .bHidden: b.isHidden = true
    case .bTransparent: b.opacity = 0
    case .rootHidden: root.isHidden = true
    }
    #expect(root.hitTest(point)?.name == expected)
  }

  @Test func masksToBoundsClipsHitTestingOfSublayers() {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), name: "root")
    let clip = makeLayer(CGRect(x: 0, y: 0, width: 50, height: 50), name: "clip")
    let overflow = makeLayer(CGRect(x: 40, y: 40, width: 40, height: 40), name: "overflow")
    root.addSublayer(clip)
    clip.addSublayer(overflow)
    #expect(root.hitTest(CGPoint(x: 70, y: 70))?.name == "overflow")
    clip.masksToBounds = true
    #expect(root.hitTest(CGPoint(x: 70, y: 70))?.name == "root")
    #expect(root.hitTest(CGPoint(x: 45, y: 45))?.name == "overflow")
  }

  @Test func hitTestingGoesThroughPerspective() {
    let parent = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), name: "parent")
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    parent.sublayerTransform = CATransform3DRotate(perspective, .pi / 6, 0, 1, 0)
    let child = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), name: "child")
    parent.addSublayer(child)
    let rightEdge = 100 + 50 * 0.8660254037844386 / 1.05  // ≈ 141.24
    #expect(parent.hitTest(CGPoint(x: rightEdge - 0.5, y: 100))?.name == "child")
    #expect(parent.hitTest(CGPoint(x: rightEdge + 0.5, y: 100))?.name == "parent")
    // Untransformed, the point would be inside the child.
    #expect(parent.hitTest(CGPoint(x: 145, y: 100))?.name == "parent")
  }

  @Test func aLayerSeenEdgeOnIsNeverHit() {
    let parent = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200), name: "parent")
    let child = makeLayer(CGRect(x: 50, y: 50, width: 100, height: 100), name: "child")
    child.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
    parent.addSublayer(child)
    #expect(parent.hitTest(CGPoint(x: 100, y: 100))?.name == "parent")
  }

  @Test func masksAreNotHitTested() {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
    root.mask = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "mask")
    #expect(root.hitTest(CGPoint(x: 10, y: 10))?.name == "root")
  }

  final class CircleLayer: CALayer {
    override func contains(_ p: CGPoint) -> Bool {
      let r = bounds.width / 2
      return hypot(p.x - bounds.midX, p.y - bounds.midY) <= r
    }
  }

  @Test func hitTestUsesTheOverriddenContains() {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
    let circle = CircleLayer()
    circle.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    circle.name = "circle"
    root.addSublayer(circle)
    #expect(root.hitTest(CGPoint(x: 50, y: 50))?.name == "circle")
    #expect(root.hitTest(CGPoint(x: 2, y: 2))?.name == "root")
  }
}

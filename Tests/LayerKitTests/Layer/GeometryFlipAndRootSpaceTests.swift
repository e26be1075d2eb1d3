import Foundation
import Testing

@testable import LayerKit

/// `isGeometryFlipped` flips the layer's own coordinates (the space its sublayers'
/// positions are in), and `nil` in `convert(_:to:)`/`convert(_:from:)` is the space the
/// root's position is in, the space `hitTest(_:)` takes points in.
@Suite struct GeometryFlipAndRootSpaceTests {
  /// Issue 12 §7: a flipped parent with bounds (5, 7, 100, 80) in an unflipped root.
  static func flippedParent(anchor: CGPoint, position: CGPoint, rotation: CGFloat = 0) -> (
    root: CALayer, parent: CALayer
  ) {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
    root.anchorPoint = .zero
    let parent = CALayer()
    parent.bounds = CGRect(x: 5, y: 7, width: 100, height: 80)
    parent.anchorPoint = anchor
    parent.position = position
    if rotation != 0 { parent.transform = CATransform3DMakeRotation(rotation, 0, 0, 1) }
    parent.isGeometryFlipped = true
    root.addSublayer(parent)
    return (root, parent)
  }

  @Test func aFlippedLayersOwnPointsAreFlipped() {
    let (root, parent) = Self.flippedParent(anchor: .zero, position: CGPoint(x: 20, y: 30))
    #expect(parent.convert(CGPoint(x: 5, y: 7), to: root) == CGPoint(x: 20, y: 110))
    #expect(root.convert(CGPoint(x: 20, y: 110), to: parent) == CGPoint(x: 5, y: 7))
    let child = CALayer()
    child.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
    child.position = CGPoint(x: 15, y: 17)
    parent.addSublayer(child)
    #expect(child.convert(CGPoint(x: 2, y: 2), to: root) == CGPoint(x: 30, y: 100))
    // The flip maps the bounds onto themselves: the frame does not move.
    #expect(parent.frame == CGRect(x: 20, y: 30, width: 100, height: 80))
  }

  @Test func theFlipComesBeforeTheAnchorAndTransform() {
    let (root, parent) = Self.flippedParent(
      anchor: CGPoint(x: 0.25, y: 0.75), position: CGPoint(x: 80, y: 90), rotation: 0.3)
    let p = parent.convert(CGPoint(x: 5, y: 7), to: root)
    #expect(pointsMatch(p, CGPoint(x: 50.206, y: 101.719), tolerance: 5e-4), "\(p)")
    #expect(pointsMatch(parent.convert(p, from: root), CGPoint(x: 5, y: 7), tolerance: 1e-9))
  }

  @Test func hitTestingAgreesWithTheFlippedConversion() {
    let (root, parent) = Self.flippedParent(anchor: .zero, position: CGPoint(x: 20, y: 30))
    let child = CALayer()
    child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    child.position = CGPoint(x: 20, y: 20)  // near the bottom of the flipped parent
    child.name = "child"
    parent.addSublayer(child)
    let onScreen = child.convert(CGPoint(x: 5, y: 5), to: nil)
    #expect(onScreen == CGPoint(x: 35, y: 97))
    #expect(root.hitTest(onScreen) === child)
    #expect(root.hitTest(CGPoint(x: 35, y: 43)) === parent, "the unflipped place is the parent")
  }

  @Test func nilIsTheSpaceTheRootsPositionIsIn() {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
    root.position = CGPoint(x: 50, y: 60)
    root.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    let r = root.convert(root.bounds, to: nil)
    #expect(rectsMatch(r, CGRect(x: 40, y: 40, width: 20, height: 40), tolerance: 1e-9), "\(r)")
    #expect(rectsMatch(root.convert(r, from: nil), root.bounds, tolerance: 1e-9))
    // The same space hitTest(_:) takes: a point converted to nil hits the root.
    let p = root.convert(CGPoint(x: 35, y: 5), to: nil)
    #expect(root.hitTest(p) === root)
    #expect(pointsMatch(root.convert(p, from: nil), CGPoint(x: 35, y: 5), tolerance: 1e-9))
  }

  @Test func nilGoesThroughTheRootFromDeepInTheTree() {
    let root = CALayer()
    root.bounds = CGRect(x: 100, y: 0, width: 200, height: 200)
    root.position = CGPoint(x: 10, y: 20)
    root.anchorPoint = .zero
    let child = makeLayer(CGRect(x: 110, y: 10, width: 20, height: 20))
    root.addSublayer(child)
    // child (0, 0) is root (110, 10), which is 10 right of the root's origin (100, 0).
    #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 20, y: 30))
    #expect(child.convert(CGPoint(x: 20, y: 30), from: nil) == .zero)
    #expect(
      child.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: nil)
        == CGRect(x: 20, y: 30, width: 5, height: 5))
    #expect(root.hitTest(CGPoint(x: 25, y: 35)) === child)
  }

  @Test func aMaskOfAFlippedLayerSitsInItsFlippedCoordinates() {
    let (root, parent) = Self.flippedParent(anchor: .zero, position: CGPoint(x: 20, y: 30))
    let mask = CALayer()
    mask.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    mask.position = CGPoint(x: 10, y: 12)
    parent.mask = mask
    #expect(mask.convert(CGPoint(x: 5, y: 5), to: root) == CGPoint(x: 25, y: 105))
  }
}

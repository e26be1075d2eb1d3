import Foundation
import Testing

@testable import LayerKit

/// A frame computation: bounds, anchor point, position and transform in, frame out.
struct FrameCase: Sendable, CustomTestStringConvertible {
  let name: String
  let bounds: CGRect
  let anchorPoint: CGPoint
  let position: CGPoint
  let transform: CATransform3D
  let frame: CGRect
  var testDescription: String { name }
}

@Suite struct LayerGeometryTests {
  static let r2 = 2.0.squareRoot()

  static let frames: [FrameCase] = [
    FrameCase(
      name: "identity, centred anchor", bounds: CGRect(x: 0, y: 0, width: 300, height: 200),
      anchorPoint: CGPoint(x: 0.5, y: 0.5), position: CGPoint(x: 150, y: 100),
      transform: CATransform3DIdentity, frame: CGRect(x: 0, y: 0, width: 300, height: 200)),
    FrameCase(
      name: "seed 004: anchor (1, 1) moves the frame by half the size",
      bounds: CGRect(x: 0, y: 0, width: 300, height: 200), anchorPoint: CGPoint(x: 1, y: 1),
      position: CGPoint(x: 150, y: 100), transform: CATransform3DIdentity,
      frame: CGRect(x: -150, y: -100, width: 300, height: 200)),
    FrameCase(
      name: "bounds origin does not move the frame",
      bounds: CGRect(x: 40, y: -30, width: 10, height: 20),
      anchorPoint: CGPoint(x: 0, y: 0), position: CGPoint(x: 5, y: 6),
      transform: CATransform3DIdentity,
      frame: CGRect(x: 5, y: 6, width: 10, height: 20)),
    FrameCase(
      name: "45° rotation: bounding box", bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
      anchorPoint: CGPoint(x: 0.5, y: 0.5), position: .zero,
      transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1),
      frame: CGRect(x: -50 * r2, y: -50 * r2, width: 100 * r2, height: 100 * r2)),
    FrameCase(
      name: "scale about the top-left anchor", bounds: CGRect(x: 0, y: 0, width: 10, height: 20),
      anchorPoint: .zero, position: CGPoint(x: 100, y: 100),
      transform: CATransform3DMakeScale(2, 3, 1),
      frame: CGRect(x: 100, y: 100, width: 20, height: 60)),
    FrameCase(
      name: "90° rotation about the top-left anchor",
      bounds: CGRect(x: 0, y: 0, width: 10, height: 20),
      anchorPoint: .zero, position: .zero, transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
      frame: CGRect(x: -20, y: 0, width: 20, height: 10)),
  ]

  @Test(arguments: frames)
  func frameIsTheBoundingBoxOfTheTransformedBounds(_ c: FrameCase) {
    let layer = CALayer()
    layer.bounds = c.bounds
    layer.anchorPoint = c.anchorPoint
    layer.position = c.position
    layer.transform = c.transform
    #expect(rectsMatch(layer.frame, c.frame, tolerance: 1e-9), "\(layer.frame)")
  }

  @Test func seedAnchorPointExampleKeepsPositionAndMovesFrame() {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
    #expect(layer.position == CGPoint(x: 150, y: 100))
    #expect(layer.frame == CGRect(x: 0, y: 0, width: 300, height: 200))
    layer.anchorPoint = CGPoint(x: 1, y: 1)
    #expect(layer.position == CGPoint(x: 150, y: 100))
    #expect(layer.frame == CGRect(x: -150, y: -100, width: 300, height: 200))
  }

  @Test func settingFrameKeepsTheBoundsOrigin() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 7, y: 8, width: 1, height: 1)
    layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
    layer.frame = CGRect(x: 10, y: 20, width: 40, height: 80)
    #expect(layer.bounds == CGRect(x: 7, y: 8, width: 40, height: 80))
    #expect(layer.position == CGPoint(x: 20, y: 80))
    #expect(layer.frame == CGRect(x: 10, y: 20, width: 40, height: 80))
  }

  @Test(arguments: [
    CATransform3DMakeScale(2, 3, 1),
    CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
    CATransform3DMakeRotation(.pi / 6, 0, 0, 1),
    CATransform3DMakeScale(-1, 1, 1),
  ])
  func settingFrameUnderATransformReproducesTheFrame(_ t: CATransform3D) {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
    layer.transform = t
    let target = CGRect(x: 10, y: 20, width: 100, height: 60)
    layer.frame = target
    #expect(rectsMatch(layer.frame, target, tolerance: 1e-9), "\(layer.frame)")
  }

  @Test func settingFrameUnderA45DegreeRotationKeepsTheSizeAndMovesTheOrigin() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
    layer.frame = CGRect(x: 100, y: 200, width: 50, height: 50)
    #expect(layer.bounds.size == CGSize(width: 10, height: 10))
    #expect(pointsMatch(layer.frame.origin, CGPoint(x: 100, y: 200), tolerance: 1e-9))
  }

  @Test func affineTransformRoundTrips() {
    let layer = CALayer()
    let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    layer.setAffineTransform(m)
    #expect(layer.affineTransform() == m)
    #expect(layer.transform == CATransform3DMakeAffineTransform(m))
  }

  @Test func preferredFrameSizeIsTheTransformedBoundsSize() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
    layer.transform = CATransform3DMakeScale(2, 2, 1)
    #expect(layer.preferredFrameSize() == CGSize(width: 20, height: 40))
  }

  @Test func perspectiveFrameBehindTheEyeIsInfinite() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 1000, height: 100)
    layer.transform = CATransform3DConcat(
      CATransform3DMakeRotation(.pi / 3, 0, 1, 0), perspective(100))
    #expect(layer.frame.isInfinite)
  }

  func perspective(_ d: CGFloat) -> CATransform3D {
    var p = CATransform3DIdentity
    p.m34 = -1 / d
    return p
  }
}

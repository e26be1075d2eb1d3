import Foundation
import Testing

@testable import LayerKit

@Suite struct LayerBadInputTests {
  enum Write: String, CaseIterable, Sendable {
    case nanPosition, infiniteBoundsWidth, nanFrame, nanOpacity, nanZPosition, infiniteTransform
    case nanAnchorPoint, infiniteColor, nanSpeed
  }

  @Test(arguments: Write.allCases)
  func nonFiniteWritesLeaveSaneStateAndRecordADiagnostic(_ write: Write) {
    let layer = CALayer()
    layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
    let before = layer.state
    CADiagnostics.drain()
    switch write {
    case .nanPosition: layer.position = CGPoint(x: CGFloat.nan, y: 0)
    case .infiniteBoundsWidth: layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
    case .nanFrame: layer.frame = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)
    case .nanOpacity: layer.opacity = .nan
    case .nanZPosition: layer.zPosition = .nan
    case .infiniteTransform: layer.transform = CATransform3DMakeTranslation(.infinity, 0, 0)
    case .nanAnchorPoint: layer.anchorPoint = CGPoint(x: 0, y: CGFloat.nan)
    case .infiniteColor:
      layer.backgroundColor = CGColor(red: .infinity, green: 0, blue: 0, alpha: 1)
    case .nanSpeed: layer.speed = .nan
    }
    #expect(layer.state == before)
    #expect(CADiagnostics.drain().count == 1)
    #expect(layer.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
  }

  @Test func infiniteRepeatCountIsAccepted() {
    let layer = CALayer()
    layer.repeatCount = .infinity
    #expect(layer.repeatCount == .infinity)
  }

  @Test func contentsAcceptsAnImageAndNil() {
    let layer = CALayer()
    let image = onePixelImage()
    layer.contents = image
    #expect(layer.contents as? CGImage === image)
    layer.contents = nil
    #expect(layer.contents == nil)
  }

  @Test func hugeGeometryConvertsAndHitTestsWithoutTrapping() {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 1e300, height: 1e300), name: "root")
    let child = makeLayer(CGRect(x: 1e299, y: 1e299, width: 1e299, height: 1e299), name: "child")
    root.addSublayer(child)
    #expect(root.hitTest(CGPoint(x: 1.5e299, y: 1.5e299))?.name == "child")
    #expect(root.convert(CGPoint.zero, from: child) == CGPoint(x: 1e299, y: 1e299))
  }

  @Test func singularTransformsConvertToInfinityAndAreNotHit() {
    let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "root")
    let flat = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), name: "flat")
    flat.transform = CATransform3DMakeScale(0, 1, 1)
    root.addSublayer(flat)
    #expect(flat.convert(CGPoint(x: 50, y: 50), from: root).x.isInfinite)
    #expect(root.hitTest(CGPoint(x: 50, y: 50))?.name == "root")
  }
}

import Foundation
import Testing

@testable import LayerKit

/// One property's default value, as Apple documents it.
struct DefaultCase: Sendable, CustomTestStringConvertible {
  let key: String
  let expected: (any Sendable)?
  var testDescription: String { key }
}

@Suite struct LayerDefaultsTests {
  static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

  static let cases: [DefaultCase] = [
    .init(key: "bounds", expected: CGRect.zero),
    .init(key: "position", expected: CGPoint.zero),
    .init(key: "zPosition", expected: CGFloat(0)),
    .init(key: "anchorPoint", expected: CGPoint(x: 0.5, y: 0.5)),
    .init(key: "anchorPointZ", expected: CGFloat(0)),
    .init(key: "transform", expected: CATransform3DIdentity),
    .init(key: "sublayerTransform", expected: CATransform3DIdentity),
    .init(key: "geometryFlipped", expected: false),
    .init(key: "hidden", expected: false),
    .init(key: "doubleSided", expected: true),
    .init(key: "opacity", expected: Float(1)),
    .init(key: "backgroundColor", expected: nil),
    .init(key: "cornerRadius", expected: CGFloat(0)),
    .init(key: "maskedCorners", expected: CACornerMask(rawValue: 0b1111)),
    .init(key: "cornerCurve", expected: CALayerCornerCurve.circular),
    .init(key: "maskMode", expected: LayerMaskMode.alpha),
    .init(key: "compositingFilter", expected: nil),
    .init(key: "borderWidth", expected: CGFloat(0)),
    .init(key: "borderColor", expected: black),
    .init(key: "masksToBounds", expected: false),
    .init(key: "allowsGroupOpacity", expected: true),
    .init(key: "allowsEdgeAntialiasing", expected: false),
    .init(key: "edgeAntialiasingMask", expected: CAEdgeAntialiasingMask(rawValue: 0b1111)),
    .init(key: "opaque", expected: false),
    .init(key: "shadowColor", expected: black),
    .init(key: "shadowOpacity", expected: Float(0)),
    .init(key: "shadowOffset", expected: CGSize(width: 0, height: -3)),
    .init(key: "shadowRadius", expected: CGFloat(3)),
    .init(key: "shadowPath", expected: nil),
    .init(key: "contents", expected: nil),
    .init(key: "contentsRect", expected: CGRect(x: 0, y: 0, width: 1, height: 1)),
    .init(key: "contentsScale", expected: CGFloat(1)),
    .init(key: "contentsCenter", expected: CGRect(x: 0, y: 0, width: 1, height: 1)),
    .init(key: "contentsGravity", expected: CALayerContentsGravity.resize),
    .init(key: "minificationFilter", expected: CALayerContentsFilter.linear),
    .init(key: "magnificationFilter", expected: CALayerContentsFilter.linear),
    .init(key: "minificationFilterBias", expected: Float(0)),
    .init(key: "needsDisplayOnBoundsChange", expected: false),
    .init(key: "drawsAsynchronously", expected: false),
    .init(key: "shouldRasterize", expected: false),
    .init(key: "rasterizationScale", expected: CGFloat(1)),
    .init(key: "beginTime", expected: 0.0),
    .init(key: "duration", expected: Double.infinity),
    .init(key: "speed", expected: Float(1)),
    .init(key: "timeOffset", expected: 0.0),
    .init(key: "repeatCount", expected: Float(0)),
    .init(key: "repeatDuration", expected: 0.0),
    .init(key: "autoreverses", expected: false),
    .init(key: "fillMode", expected: CAMediaTimingFillMode.removed),
  ]

  /// The keys whose default is nil, zero or false: Core Animation stores no default
  /// for them, so `defaultValue(forKey:)` returns nil (measured).
  static let unstoredDefaults: Set<String> = [
    "bounds", "position", "zPosition", "anchorPointZ", "geometryFlipped", "hidden",
    "backgroundColor", "cornerRadius", "borderWidth", "masksToBounds",
    "allowsEdgeAntialiasing", "opaque", "shadowOpacity", "shadowPath", "contents",
    "minificationFilterBias", "needsDisplayOnBoundsChange", "drawsAsynchronously",
    "shouldRasterize", "beginTime", "timeOffset", "repeatCount", "repeatDuration",
    "autoreverses",
  ]

  @Test(arguments: cases)
  func newLayerHasAppleDefault(_ c: DefaultCase) {
    let layer = CALayer()
    #expect(valuesMatch(layer.value(forKey: c.key), c.expected, tolerance: 0))
    let stored = Self.unstoredDefaults.contains(c.key) ? nil : c.expected
    #expect(valuesMatch(CALayer.defaultValue(forKey: c.key), stored, tolerance: 0))
  }

  @Test func everyRegisteredPropertyHasADefaultCase() {
    let tested = Set(Self.cases.map(\.key))
    #expect(Set(LayerPropertyRegistry.layer.rootKeys) == tested)
  }

  @Test func typedAccessorsMatchDefaults() {
    let l = CALayer()
    #expect(l.bounds == .zero && l.position == .zero && l.zPosition == 0)
    #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5) && l.anchorPointZ == 0)
    #expect(l.transform == CATransform3DIdentity && l.sublayerTransform == CATransform3DIdentity)
    #expect(!l.isHidden && l.isDoubleSided && !l.isGeometryFlipped && !l.masksToBounds)
    #expect(l.opacity == 1 && l.backgroundColor == nil && l.cornerRadius == 0)
    #expect(
      l.maskedCorners == [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
      ])
    #expect(l.borderWidth == 0 && l.borderColor == Self.black)
    #expect(l.shadowColor == Self.black && l.shadowOpacity == 0 && l.shadowRadius == 3)
    #expect(l.shadowOffset == CGSize(width: 0, height: -3) && l.shadowPath == nil)
    #expect(l.contents == nil && l.contentsGravity == .resize && l.contentsScale == 1)
    #expect(
      l.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
    #expect(l.allowsGroupOpacity && !l.allowsEdgeAntialiasing && !l.isOpaque)
    #expect(l.speed == 1 && l.fillMode == .removed && l.beginTime == 0 && !l.autoreverses)
    #expect(l.superlayer == nil && l.sublayers == nil && l.mask == nil && l.name == nil)
    #expect(!l.needsLayout() && !l.needsDisplay())
    #expect(LayerState() == l.state)
  }

  @Test func copyInitializerCopiesTheModelButNotTheTree() {
    let parent = CALayer()
    let original = CALayer()
    parent.addSublayer(original)
    original.addSublayer(CALayer())
    original.opacity = 0.5
    original.name = "a"
    original.setValue(7, forKey: "custom")
    let copy = CALayer(layer: original)
    #expect(copy.state == original.state)
    #expect(copy.name == "a")
    #expect(copy.value(forKey: "custom") as? Int == 7)
    #expect(copy.superlayer == nil && copy.sublayers == nil)
  }

  @Test func copyInitializerWithANonLayerRecordsADiagnostic() {
    CADiagnostics.drain()
    let copy = CALayer(layer: "not a layer")
    #expect(copy.state == LayerState())
    #expect(CADiagnostics.drain().map(\.key) == ["init(layer:)"])
  }

  final class HalfOpaqueLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
      key == "opacity" ? Float(0.5) : super.defaultValue(forKey: key)
    }
  }

  @Test func subclassDefaultValueOverrideSetsInitialValues() {
    #expect(HalfOpaqueLayer().opacity == 0.5)
    #expect(HalfOpaqueLayer().cornerRadius == 0)
    #expect(CALayer().opacity == 1)
  }
}

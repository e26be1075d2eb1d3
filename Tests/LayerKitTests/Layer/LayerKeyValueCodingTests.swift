import Foundation
import Testing

@testable import LayerKit

@Suite struct LayerKeyValueCodingTests {
  /// A value of the key's type that differs from the default.
  static func sampleValue(for key: String, type: Any.Type) -> Any {
    switch type {
    case is CGFloat.Type:
      return CGFloat(key.hasSuffix("scale") || key.contains("scale.") ? 1.75 : 0.625)
    case is Float.Type: return Float(0.375)
    case is Double.Type: return 2.5
    case is Bool.Type: return !(CALayer.defaultValue(forKey: key) as? Bool ?? false)
    case is CGPoint.Type: return CGPoint(x: 0.25, y: 0.125)
    case is CGSize.Type: return CGSize(width: 5, height: 6)
    case is CGRect.Type: return CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
    case is CATransform3D.Type: return CATransform3DMakeTranslation(1, 2, 3)
    case is CGColor?.Type: return CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
    case is CGImage?.Type, is LayerContents?.Type: return onePixelImage()
    case is CGPath?.Type:
      let p = CGMutablePath()
      p.move(to: .zero)
      p.addLine(to: CGPoint(x: 1, y: 1))
      return p
    case is CALayerContentsGravity.Type: return CALayerContentsGravity.topLeft
    case is CALayerContentsFilter.Type: return CALayerContentsFilter.nearest
    case is CAMediaTimingFillMode.Type: return CAMediaTimingFillMode.both
    case is CACornerMask.Type: return CACornerMask.layerMaxXMaxYCorner
    case is CAEdgeAntialiasingMask.Type: return CAEdgeAntialiasingMask.layerTopEdge
    case is CALayerCornerCurve.Type: return CALayerCornerCurve.continuous
    case is LayerMaskMode.Type: return LayerMaskMode.inverseAlpha
    case is String?.Type: return "screenBlendMode"
    default: return "unsupported \(type)"
    }
  }

  @Test(arguments: LayerPropertyRegistry.layer.keyPaths)
  func everyRegisteredKeyPathRoundTrips(_ keyPath: String) throws {
    let property = try #require(LayerPropertyRegistry.layer.property(forKeyPath: keyPath))
    let value = Self.sampleValue(for: keyPath, type: property.valueType)
    let layer = CALayer()
    CADiagnostics.drain()
    layer.setValue(value, forKeyPath: keyPath)
    #expect(CADiagnostics.drain().isEmpty)
    #expect(
      valuesMatch(layer.value(forKeyPath: keyPath), value, tolerance: 1e-9),
      "\(String(describing: layer.value(forKeyPath: keyPath)))")
    #expect(layer.explicitlySetKeys.contains(property.rootKey))
  }

  @Test func subPathsWriteThroughToTheProperty() {
    let layer = CALayer()
    layer.setValue(12, forKeyPath: "position.x")
    layer.setValue(CGFloat(34), forKeyPath: "bounds.size.height")
    layer.setValue(0.5, forKeyPath: "shadowOffset.width")
    #expect(layer.position == CGPoint(x: 12, y: 0))
    #expect(layer.bounds.size == CGSize(width: 0, height: 34))
    #expect(layer.shadowOffset == CGSize(width: 0.5, height: -3))
  }

  @Test func rotationSubPathMatchesMakeRotation() {
    let layer = CALayer()
    layer.setValue(Double.pi / 6, forKeyPath: "transform.rotation.z")
    #expect(
      valuesMatch(layer.transform, CATransform3DMakeRotation(.pi / 6, 0, 0, 1), tolerance: 1e-12))
    layer.setValue(Double.pi / 5, forKeyPath: "sublayerTransform.rotation.y")
    #expect(
      valuesMatch(
        layer.sublayerTransform, CATransform3DMakeRotation(.pi / 5, 0, 1, 0), tolerance: 1e-12))
    layer.setValue(Double.pi / 7, forKeyPath: "transform.rotation.x")
    #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as! CGFloat) - .pi / 6) < 1e-12)
    #expect(abs((layer.value(forKeyPath: "transform.rotation.x") as! CGFloat) - .pi / 7) < 1e-12)
  }

  @Test func scaleAndTranslationSubPathsKeepTheRotation() {
    let layer = CALayer()
    layer.transform = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
    layer.setValue(2, forKeyPath: "transform.scale")
    layer.setValue(CGSize(width: 10, height: 20), forKeyPath: "transform.translation")
    // Scale, then rotation, then translation (row vectors: left first).
    let expected = CATransform3DConcat(
      CATransform3DConcat(
        CATransform3DMakeScale(2, 2, 2), CATransform3DMakeRotation(.pi / 3, 0, 0, 1)),
      CATransform3DMakeTranslation(10, 20, 0))
    #expect(valuesMatch(layer.transform, expected, tolerance: 1e-12))
    layer.setValue(3, forKeyPath: "transform.scale.x")
    #expect(abs((layer.value(forKeyPath: "transform.scale") as! CGFloat) - 2.5) < 1e-12)
    #expect(abs((layer.value(forKeyPath: "transform.rotation") as! CGFloat) - .pi / 3) < 1e-12)
  }

  @Test func numbersAndStringsBridgeToPropertyTypes() {
    let layer = CALayer()
    layer.setValue(NSNumber(value: 0.25), forKey: "opacity")
    layer.setValue(2, forKey: "cornerRadius")
    layer.setValue("center", forKey: "contentsGravity")
    layer.setValue(3, forKey: "maskedCorners")
    #expect(layer.opacity == 0.25 && layer.cornerRadius == 2)
    #expect(layer.contentsGravity == .center)
    #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
  }

  @Test func unknownKeysAreStoredAsCustomValues() {
    let layer = CALayer()
    #expect(layer.value(forKey: "progress") == nil)
    layer.setValue(0.7, forKey: "progress")
    layer.setValue("x", forKeyPath: "some.dotted.key")
    #expect(layer.value(forKey: "progress") as? Double == 0.7)
    #expect(layer.value(forKeyPath: "some.dotted.key") as? String == "x")
    layer.setValue(nil, forKey: "progress")
    #expect(layer.value(forKey: "progress") == nil)
  }

  @Test(arguments: [
    ("opacity", "half" as any Sendable),
    ("position", 3 as any Sendable),
    ("backgroundColor", CGPoint.zero as any Sendable),
    ("transform.rotation.z", "spin" as any Sendable),
    ("contentsGravity", "sideways" as any Sendable),
    ("bounds", CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1) as any Sendable),
    ("beginTime", Double.nan as any Sendable),
  ])
  func wrongTypesAreIgnoredWithADiagnostic(_ key: String, _ value: any Sendable) {
    let layer = CALayer()
    let before = layer.state
    CADiagnostics.drain()
    layer.setValue(value, forKeyPath: key)
    #expect(layer.state == before)
    #expect(CADiagnostics.drain().map(\.key) == [key])
  }

  @Test func nilResetsANonOptionalPropertyAndClearsAnOptionalOne() {
    let layer = CALayer()
    layer.opacity = 0.5
    layer.backgroundColor = .white
    layer.setValue(nil, forKey: "opacity")
    layer.setValue(nil, forKey: "backgroundColor")
    #expect(layer.opacity == 1 && layer.backgroundColor == nil)
  }

  @Test func objectKeysReachTheTree() {
    let layer = CALayer()
    let mask = CALayer()
    layer.setValue("card", forKey: "name")
    layer.setValue(mask, forKey: "mask")
    layer.setValue(0.25, forKeyPath: "mask.opacity")
    #expect(layer.name == "card" && layer.mask === mask)
    #expect(mask.opacity == 0.25)
    #expect(layer.value(forKeyPath: "mask.opacity") as? Float == 0.25)
  }

  @Test func seedStyleSetsTheInitialValueWithoutMarkingItExplicit() {
    let layer = CALayer()
    layer.style = ["opacity": 0.0]
    #expect(layer.opacity == 0)
    #expect(layer.value(forKey: "opacity") as? Float == 0)
    layer.opacity = 0.5
    layer.style = ["opacity": 0.25]
    #expect(layer.opacity == 0.5)
  }

  @Test func styleIsSearchedRecursivelyAndFallsBackToDefaults() {
    let layer = CALayer()
    let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    layer.style = ["style": ["backgroundColor": yellow, "custom": 5]]
    #expect(layer.backgroundColor == yellow)
    #expect(layer.value(forKey: "custom") as? Int == 5)
    layer.style = nil
    #expect(layer.backgroundColor == nil)
    #expect(layer.value(forKey: "custom") == nil)
  }

  @Test func styleValueOfTheWrongTypeIsIgnoredWithADiagnostic() {
    CADiagnostics.drain()
    let layer = CALayer()
    layer.style = ["cornerRadius": "round"]
    #expect(layer.cornerRadius == 0)
    #expect(CADiagnostics.drain().map(\.key) == ["cornerRadius"])
  }

  @Test func typedDescriptorsReadAndWriteWithoutBoxing() throws {
    let property = try #require(LayerPropertyRegistry.layer.property(forKeyPath: "position.y"))
    func roundTrip<P: TypedLayerProperty>(_ p: P) -> Bool {
      var s = LayerState()
      let v = P.Value.interpolate(p.get(s), p.get(s), fraction: 0)
      p.set(&s, v)
      return s == LayerState()
    }
    let typed = try #require(property as? any TypedLayerProperty)
    let roundTripped = roundTrip(typed)
    #expect(roundTripped)
    #expect(property.isAnimatable && property.rootKey == "position")
    #expect(
      LayerPropertyRegistry.layer.property(forKeyPath: "contentsGravity")?.isAnimatable == false)
  }
}

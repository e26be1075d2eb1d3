import Foundation
import LayerGraphics
import Testing

@testable import LayerKit

/// Each property is declared once, as a row of its class's registry; the row's accessors
/// (closures for the keys animations touch every frame, key paths for the rest) are what
/// key-value coding, actions and animation tracks all use, so they must reach the row's
/// own field and no other.
@Suite struct LayerPropertyAccessTests {
  /// A state whose fields differ from their defaults (and from one another), so that a
  /// getter or setter reaching the wrong field shows.
  static func probe() -> LayerState {
    var s = LayerState()
    s.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
    s.position = CGPoint(x: 5, y: 6)
    s.zPosition = 7
    s.anchorPoint = CGPoint(x: 0.25, y: 0.75)
    s.opacity = 0.5
    s.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
    s.borderColor = CGColor(red: 0.4, green: 0.5, blue: 0.6, alpha: 1)
    s.borderWidth = 3
    s.cornerRadius = 9
    s.transform = CATransform3DMakeScale(2, 3, 1)
    s.sublayerTransform = CATransform3DMakeTranslation(4, 5, 0)
    s.shadowOpacity = 0.25
    s.shadowRadius = 11
    s.shadowOffset = CGSize(width: 12, height: 13)
    s.shadowColor = CGColor(red: 0.7, green: 0.8, blue: 0.9, alpha: 1)
    s.shapeState.path = CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 9), transform: nil)
    s.shapeState.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    s.shapeState.strokeColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    s.shapeState.lineWidth = 14
    s.shapeState.lineDashPhase = 15
    s.shapeState.strokeStart = 0.125
    s.shapeState.strokeEnd = 0.875
    s.gradientState.colors = InterpolatableArray([CGColor(red: 0, green: 0, blue: 1, alpha: 1)])
    s.gradientState.locations = InterpolatableArray([0.375])
    s.gradientState.startPoint = CGPoint(x: 0.1, y: 0.2)
    s.gradientState.endPoint = CGPoint(x: 0.8, y: 0.9)
    return s
  }

  /// Reads `property` from the probe and writes the value into a default state: the value
  /// reads back, and the state differs from one given the property's default value
  /// exactly when the probe's value is not the default.
  static func check<P: TypedLayerProperty>(_ property: P) {
    let probe = probe()
    let value = property.get(probe)
    var written = LayerState()
    property.set(&written, value)
    #expect(
      String(describing: property.get(written)) == String(describing: value), "\(property.key)")
    var base = LayerState()
    property.set(&base, property.get(LayerState()))
    let isDefault = String(describing: value) == String(describing: property.get(base))
    #expect((written == base) == isDefault, "\(property.key)")
  }

  @Test func everyRowReachesItsOwnField() {
    var checked = 0
    for registry in [LayerPropertyRegistry.layer, .shapeLayer, .gradientLayer, .textLayer] {
      for key in registry.keyPaths {
        guard let property = registry.property(forKeyPath: key) as? any TypedLayerProperty else {
          continue
        }
        Self.check(property)
        checked += 1
      }
    }
    #expect(checked > 100)
  }

  /// The rows animations read every frame are written with closures (a key path applied
  /// at run time costs more per frame); their values are the probe's.
  @Test func hotRowsReadTheProbe() throws {
    let probe = Self.probe()
    let registries = [LayerPropertyRegistry.layer, .shapeLayer, .gradientLayer]
    for key in [
      "position", "position.x", "opacity", "transform", "path", "fillColor", "strokeEnd",
      "colors", "endPoint", "shadowOffset", "cornerRadius",
    ] {
      let property = try #require(
        registries.lazy.compactMap { $0.property(forKeyPath: key) }.first, "\(key)")
      let value = property.value(in: probe)
      #expect(
        String(describing: value) != String(describing: property.value(in: LayerState())),
        "\(key): the probe sets it")
    }
  }

  /// A rarely set property lives in storage shared by copies; writing it on one copy
  /// leaves the others as they were.
  @Test func rarePropertiesAreCopiedOnWrite() {
    var a = LayerState()
    a.cornerCurve = .continuous
    var b = a
    b.cornerCurve = .circular
    b.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
    #expect(a.cornerCurve == .continuous)
    #expect(a.sublayerTransform == .identity)
    #expect(b.cornerCurve == .circular)
    #expect(LayerState().cornerCurve == .circular)
    #expect(a != b)
  }
}

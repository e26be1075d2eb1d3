import Foundation
import LayerGraphics
import Testing

@testable import LayerKit

/// The direct accessors animation tracks use for common keys must mean exactly what the
/// registry's descriptors mean: the same field, read and written.
@Suite struct LayerStateAccessTests {
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

  /// Compares the direct accessors with `property`; returns whether `key` has them.
  static func check<P: TypedLayerProperty>(_ property: P) -> Bool {
    guard let (get, set) = LayerStateAccess.accessors(forKey: property.key, as: P.Value.self) else {
      return false
    }
    let probe = probe()
    #expect(
      String(describing: get(probe)) == String(describing: property.get(probe)), "\(property.key)")
    var direct = LayerState()
    var described = LayerState()
    set(&direct, property.get(probe))
    property.set(&described, property.get(probe))
    #expect(direct == described, "\(property.key)")
    #expect(direct != LayerState(), "\(property.key): the probe's value is the default")
    return true
  }

  @Test func directAccessorsMatchTheRegistry() {
    var covered: Set<String> = []
    for registry in [LayerPropertyRegistry.layer, .shapeLayer, .gradientLayer] {
      for key in registry.keyPaths {
        guard let property = registry.property(forKeyPath: key) as? any TypedLayerProperty else {
          continue
        }
        if Self.check(property) { covered.insert(key) }
      }
    }
    // The shape and gradient keys Lottie files animate every frame are among them.
    for key in [
      "position", "opacity", "transform", "path", "fillColor", "strokeEnd", "colors", "endPoint",
    ] {
      #expect(covered.contains(key), "\(key)")
    }
  }
}

import Foundation
import Testing

@testable import LayerKit

/// Core Animation's classes are `NSObject`s: Equatable and Hashable, layers and
/// animations by identity, named timing functions by control points.
@Suite struct ObjectEqualityTests {
  @Test func layersAreEqualOnlyToThemselves() {
    let a = CALayer()
    let b = CALayer()
    #expect(a == a)
    #expect(a != b)
    let shape = CAShapeLayer()
    #expect(shape == shape)
    #expect(CALayer(layer: a) != a, "a copy is another object")
  }

  @Test func layersWorkInSetsAndAsDictionaryKeys() {
    let a = CALayer()
    let b = CATextLayer()
    let c = CAShapeLayer()
    let set: Set<CALayer> = [a, b, a, c, b]
    #expect(set.count == 3)
    #expect(set.contains(b) && !set.contains(CALayer()))
    var names: [CALayer: String] = [a: "a", b: "b"]
    names[c] = "c"
    #expect(names[a] == "a" && names[b] == "b" && names[c] == "c")
    #expect(names[CALayer()] == nil)
  }

  @Test func animationsAreEqualOnlyToThemselves() {
    let a = CABasicAnimation(keyPath: "opacity")
    let copy = a.copy() as! CABasicAnimation
    #expect(a == a)
    #expect(a != copy)
    let set: Set<CAAnimation> = [
      a, copy, a, CASpringAnimation(), CAAnimationGroup(), CATransition(),
    ]
    #expect(set.count == 5)
  }

  @Test func namedTimingFunctionsAreEqualByControlPoints() {
    let a = CAMediaTimingFunction(name: .linear)
    let b = CAMediaTimingFunction(name: .linear)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a == CAMediaTimingFunction(controlPoints: 0, 0, 1, 1))
    #expect(a != CAMediaTimingFunction(name: .easeIn))
    #expect(Set([a, b, CAMediaTimingFunction(name: .default)]).count == 2)
  }

  @Test func aTimingFunctionWithNaNIsStillEqualToItself() {
    let f = CAMediaTimingFunction(controlPoints: .nan, 0, 1, 1)
    #expect(f == f)
    #expect(Set([f, f]).count == 1)
  }

  @Test func otherClassesCompareByIdentity() {
    let v = CAValueFunction(name: .rotateZ)!
    #expect(v == v && v != CAValueFunction(name: .rotateZ)!)
    let context = CAContext(clock: CAManualClock())
    let r = CARenderer(context: context)
    #expect(r == r && r != CARenderer(context: context))
  }

  final class TaggedLayer: CALayer {
    var tag = 0
    override func isEqual(_ object: Any?) -> Bool { (object as? TaggedLayer)?.tag == tag }
    override var hash: Int { tag }
  }

  @Test func aSubclassMayOverrideIsEqualAndHashAsOnApple() {
    let a = TaggedLayer()
    let b = TaggedLayer()
    #expect(a == b)
    b.tag = 1
    #expect(a != b)
    #expect(Set<CALayer>([a, TaggedLayer()]).count == 1)
  }
}

import Foundation

/// The key-value names of the animation classes' properties (Core Animation's keys,
/// which drop Swift's `is` prefix: `"removedOnCompletion"`, `"additive"`), each with how
/// to read it from an instance.
///
/// `CAAnimation.defaultValue(forKey:)` reads a key's value from a new animation, so the
/// default is always the stored property's own initial value; this type only says which
/// keys exist for which class.
package enum AnimationPropertyKeys {
  /// A property: how to read it, and whether Core Animation stores its default even
  /// when it is zero or false.
  package struct Property: Sendable {
    package var read: @Sendable (CAAnimation) -> Any?
    package var storesZero = false
  }

  /// The property `key` of animations of class `cls` (inherited keys included), or nil.
  package static func property(forKey key: String, of cls: CAAnimation.Type) -> Property? {
    if let p = animation[key] { return p }
    if cls is CAPropertyAnimation.Type, let p = propertyAnimation[key] { return p }
    if cls is CABasicAnimation.Type, let p = basic[key] { return p }
    if cls is CASpringAnimation.Type, let p = spring[key] { return p }
    if cls is CAKeyframeAnimation.Type, let p = keyframe[key] { return p }
    if cls is CATransition.Type, let p = transition[key] { return p }
    if cls is CAAnimationGroup.Type, let p = group[key] { return p }
    return nil
  }

  private static func reading<A: CAAnimation>(
    _ type: A.Type, storesZero: Bool = false, _ read: @escaping @Sendable (A) -> Any?
  ) -> Property {
    Property(read: { ($0 as? A).flatMap(read) }, storesZero: storesZero)
  }

  private static let animation: [String: Property] = [
    "beginTime": reading(CAAnimation.self) { $0.beginTime },
    "duration": reading(CAAnimation.self) { $0.duration },
    "speed": reading(CAAnimation.self) { $0.speed },
    "timeOffset": reading(CAAnimation.self) { $0.timeOffset },
    "repeatCount": reading(CAAnimation.self) { $0.repeatCount },
    "repeatDuration": reading(CAAnimation.self) { $0.repeatDuration },
    "autoreverses": reading(CAAnimation.self) { $0.autoreverses },
    "fillMode": reading(CAAnimation.self) { $0.fillMode },
    "timingFunction": reading(CAAnimation.self) { $0.timingFunction },
    "delegate": reading(CAAnimation.self) { $0.delegate },
    "removedOnCompletion": reading(CAAnimation.self) { $0.isRemovedOnCompletion },
  ]

  private static let propertyAnimation: [String: Property] = [
    "keyPath": reading(CAPropertyAnimation.self) { $0.keyPath },
    "additive": reading(CAPropertyAnimation.self) { $0.isAdditive },
    "cumulative": reading(CAPropertyAnimation.self) { $0.isCumulative },
    "valueFunction": reading(CAPropertyAnimation.self) { $0.valueFunction },
  ]

  private static let basic: [String: Property] = [
    "fromValue": reading(CABasicAnimation.self) { $0.fromValue },
    "toValue": reading(CABasicAnimation.self) { $0.toValue },
    "byValue": reading(CABasicAnimation.self) { $0.byValue },
  ]

  private static let spring: [String: Property] = [
    "mass": reading(CASpringAnimation.self) { $0.mass },
    "stiffness": reading(CASpringAnimation.self) { $0.stiffness },
    "damping": reading(CASpringAnimation.self) { $0.damping },
    "initialVelocity": reading(CASpringAnimation.self) { $0.initialVelocity },
    // Measured: Core Animation stores `false` for this key.
    "allowsOverdamping": reading(CASpringAnimation.self, storesZero: true) { $0.allowsOverdamping },
  ]

  private static let keyframe: [String: Property] = [
    "values": reading(CAKeyframeAnimation.self) { $0.values },
    "path": reading(CAKeyframeAnimation.self) { $0.path },
    "keyTimes": reading(CAKeyframeAnimation.self) { $0.keyTimes },
    "timingFunctions": reading(CAKeyframeAnimation.self) { $0.timingFunctions },
    "calculationMode": reading(CAKeyframeAnimation.self) { $0.calculationMode },
    "tensionValues": reading(CAKeyframeAnimation.self) { $0.tensionValues },
    "continuityValues": reading(CAKeyframeAnimation.self) { $0.continuityValues },
    "biasValues": reading(CAKeyframeAnimation.self) { $0.biasValues },
    "rotationMode": reading(CAKeyframeAnimation.self) { $0.rotationMode },
  ]

  private static let transition: [String: Property] = [
    "type": reading(CATransition.self) { $0.type },
    "subtype": reading(CATransition.self) { $0.subtype },
    "startProgress": reading(CATransition.self) { $0.startProgress },
    "endProgress": reading(CATransition.self) { $0.endProgress },
    "filter": reading(CATransition.self) { $0.filter },
  ]

  private static let group: [String: Property] = [
    "animations": reading(CAAnimationGroup.self) { $0.animations }
  ]
}

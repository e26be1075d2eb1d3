import Foundation

/// Equality and hashing the way Core Animation's classes have them as `NSObject`
/// subclasses: `==` asks `isEqual(_:)` and hashing uses `hash`.
///
/// `CALayer`, `CAAnimation`, `CAMediaTimingFunction`, `CAValueFunction`, `CATransaction`
/// and `CARenderer` (and every subclass) conform, so `layer1 == layer2`, `Set<CALayer>`
/// and `[CALayer: Value]` work as they do on Apple's platforms. Layers, animations and
/// the other classes are equal only to themselves (identity, `NSObject`'s default);
/// timing functions are equal when their control points are, so two
/// `CAMediaTimingFunction(name: .linear)` are equal and hash alike. A subclass may
/// override `isEqual(_:)` and `hash` together, as on Apple's platforms.
public protocol CAObjectEquality: AnyObject, Hashable {
  /// Whether `object` is equal to this object. Default: the same object.
  func isEqual(_ object: Any?) -> Bool
  /// A hash consistent with `isEqual(_:)`: equal objects have equal hashes.
  var hash: Int { get }
}

extension CAObjectEquality {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(rhs) }

  public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

  /// `NSObject`'s default: whether `object` is this very object.
  public func isEqual(_ object: Any?) -> Bool { isIdentical(to: object) }

  /// `NSObject`'s default: the identity hash.
  public var hash: Int { identityHash }

  /// `NSObject`'s identity equality: whether `object` is this very object.
  package func isIdentical(to object: Any?) -> Bool {
    guard let object, type(of: object) is AnyClass else { return false }
    return (object as AnyObject) === self
  }

  /// `NSObject`'s identity hash.
  package var identityHash: Int { ObjectIdentifier(self).hashValue }
}

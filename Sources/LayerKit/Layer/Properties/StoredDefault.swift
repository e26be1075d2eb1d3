import Foundation

/// Core Animation's rule for what `defaultValue(forKey:)` reports: only defaults that are
/// not zero are stored.
///
/// A property whose default is nil, `false` (on an animation: a layer stores its Boolean
/// flags, see ``storedForLayer(_:)``), a zero number, `.zero` geometry, an empty array or
/// an option set with no members has no stored default, so
/// `defaultValue(forKey:)` returns nil for it, as it does for a key that is not a
/// property at all. Every other default
/// (opacity 1, anchorPoint (0.5, 0.5), the identity transform, a named fill mode, black
/// border colour, a layer's infinite duration) is returned as is. `CALayer` and
/// `CAAnimation` both read a property's value from its one declaration (the layer
/// property registry's `LayerState`, the animation's stored property) and pass it
/// through this rule.
package enum StoredDefault {
  /// A layer property's default `value` as `CALayer.defaultValue(forKey:)` reports it:
  /// the ``stored(_:)`` rule, except that a layer stores its Boolean flags, `false`
  /// included (QuartzCore answers `false` for "hidden", "masksToBounds",
  /// "geometryFlipped", "opaque", "allowsEdgeAntialiasing", "shouldRasterize",
  /// "drawsAsynchronously" and "needsDisplayOnBoundsChange"), while an animation does
  /// not ("autoreverses" gives nil).
  package static func storedForLayer(_ value: Any?) -> Any? {
    if let flag = value.flatMap(unboxOptional) as? Bool { return flag }
    return stored(value)
  }

  /// `value`, or nil when Core Animation stores no default for it (see the type).
  package static func stored(_ value: Any?) -> Any? {
    guard let value = value.flatMap(unboxOptional) else { return nil }
    return isZero(value) ? nil : value
  }

  /// Whether `value` is one of the zero values Core Animation does not store.
  package static func isZero(_ value: Any) -> Bool {
    switch value {
    case is NSNull: return true
    case let b as Bool: return !b
    case let p as CGPoint: return p == .zero
    case let s as CGSize: return s == .zero
    case let r as CGRect: return r == .zero
    case let i as any BinaryInteger: return isZeroInteger(i)
    case let box as any PublicValueBox: return box.publicValue.map(isZero) ?? true
    case let collection as any Collection: return collection.isEmpty
    case let raw as any RawRepresentable:
      // Option sets with no member (an integer raw value of 0); named values are stored.
      return isZero(raw.rawValue)
    default:
      return animationScalar(value) == 0
    }
  }

  private static func isZeroInteger<I: BinaryInteger>(_ i: I) -> Bool { i == 0 }
}

import Foundation

/// A layer property or sub-property, addressed by its key path string, with its value
/// read and written as `Any`.
///
/// This is the untyped face of a descriptor, used by key-value coding and by code that
/// only has a key string. Animation code opens it to `TypedLayerProperty` once and then
/// works with typed values.
package protocol AnyLayerProperty: Sendable {
  /// The key path, e.g. `"position.x"`.
  var key: String { get }
  /// The top-level property the key path belongs to (`"position"` for `"position.x"`):
  /// the key under which a change is reported and an action looked up.
  var rootKey: String { get }
  /// The Swift type of the value (`Optional<CGColor>` for `backgroundColor`).
  var valueType: Any.Type { get }
  /// Whether Core Animation animates the property.
  var isAnimatable: Bool { get }
  /// The current value, boxed. Optional properties box an `Optional`.
  func value(in state: LayerState) -> Any
  /// Converts and stores `value`.
  ///
  /// - Returns: false, leaving `state` unchanged, when `value` has the wrong type or is
  ///   not usable (NaN or infinite geometry).
  func setValue(_ value: Any, in state: inout LayerState) -> Bool
}

extension AnyLayerProperty {
  /// The value as the public API hands it out (key-value coding, `defaultValue(forKey:)`):
  /// nil for an empty optional, what a `PublicValueBox` shows, else the value.
  package func publicValue(in state: LayerState) -> Any? {
    guard let value = unboxOptional(value(in: state)) else { return nil }
    guard let box = value as? any PublicValueBox else { return value }
    return box.publicValue
  }
}

/// A stored value that wraps what the public API shows (`LayerContents` wraps the
/// `contents` object; an `InterpolatableArray` shows its elements, nil when empty).
package protocol PublicValueBox {
  /// What key-value coding returns for the stored value.
  var publicValue: Any? { get }
}

/// A layer property whose value can be interpolated, read and written without boxing.
package protocol TypedLayerProperty: AnyLayerProperty {
  associatedtype Value: Interpolatable
  /// The property's value in `state`.
  func get(_ state: LayerState) -> Value
  /// Stores `value` in `state`, unchecked.
  func set(_ state: inout LayerState, _ value: Value)
}

extension TypedLayerProperty {
  package var valueType: Any.Type { Value.self }

  package func value(in state: LayerState) -> Any { get(state) }

  package func setValue(_ value: Any, in state: inout LayerState) -> Bool {
    guard let v = Value(animationValue: value), v.isValidAnimationValue else { return false }
    set(&state, v)
    return true
  }
}

/// A typed layer property built from a getter and a setter over `LayerState`.
///
/// ```swift
/// let x = LayerProperty<CGFloat>(
///   "position.x", root: "position", animatable: true,
///   get: { $0.position.x }, set: { $0.position.x = $1 })
/// ```
package struct LayerProperty<Value: Interpolatable>: TypedLayerProperty {
  package let key: String
  package let rootKey: String
  package let isAnimatable: Bool
  /// Reads the value from a state.
  package typealias Getter = @Sendable (LayerState) -> Value
  /// Stores a value into a state, unchecked.
  package typealias Setter = @Sendable (inout LayerState, Value) -> Void
  /// The value's reader. Rows written with closures (`{ $0.opacity }`) compile to a direct
  /// field access; rows made from a key path apply it at run time, which costs more, so
  /// the registry writes closures for the properties animations touch every frame.
  package let getter: Getter
  /// The value's writer (see ``getter``).
  package let setter: Setter

  /// A property reached through closures (sub-paths and derived values).
  package init(
    _ key: String, root: String? = nil, animatable: Bool,
    get: @escaping Getter, set: @escaping Setter
  ) {
    self.key = key
    self.rootKey = root ?? key
    self.isAnimatable = animatable
    self.getter = get
    self.setter = set
  }

  /// A top-level property stored at `keyPath`.
  package init(
    _ key: String, _ keyPath: WritableKeyPath<LayerState, Value> & Sendable, animatable: Bool
  ) {
    self.init(
      key, animatable: animatable, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }
    )
  }

  package func get(_ state: LayerState) -> Value { getter(state) }
  package func set(_ state: inout LayerState, _ value: Value) { setter(&state, value) }
}

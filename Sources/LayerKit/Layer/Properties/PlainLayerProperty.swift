import Foundation

/// A non-animatable layer property whose value type has no interpolation (time
/// intervals, enumerations, option sets).
///
/// Key-value coding reaches it like any other property; animations never do.
package struct PlainLayerProperty<Value: Sendable>: AnyLayerProperty {
  package let key: String
  package var rootKey: String { key }
  package var isAnimatable: Bool { false }
  package var valueType: Any.Type { Value.self }
  private let getter: @Sendable (LayerState) -> Value
  private let setter: @Sendable (inout LayerState, Value) -> Void
  private let convert: @Sendable (Any) -> Value?

  /// A property stored at `keyPath`.
  ///
  /// - Parameter convert: Turns a boxed value into `Value`, or nil when it has the
  ///   wrong type or is not usable. Defaults to a plain cast.
  package init(
    _ key: String, _ keyPath: WritableKeyPath<LayerState, Value> & Sendable,
    convert: @escaping @Sendable (Any) -> Value? = { $0 as? Value }
  ) {
    self.key = key
    self.getter = { $0[keyPath: keyPath] }
    self.setter = { $0[keyPath: keyPath] = $1 }
    self.convert = convert
  }

  package func get(_ state: LayerState) -> Value { getter(state) }
  package func set(_ state: inout LayerState, _ value: Value) { setter(&state, value) }

  package func value(in state: LayerState) -> Any { getter(state) }

  package func setValue(_ value: Any, in state: inout LayerState) -> Bool {
    guard let v = convert(value) else { return false }
    setter(&state, v)
    return true
  }
}

extension PlainLayerProperty where Value == Double {
  /// A finite time interval, accepting any numeric type.
  package init(seconds key: String, _ keyPath: WritableKeyPath<LayerState, Double> & Sendable) {
    self.init(key, keyPath) { any in animationScalar(any).flatMap { $0.isNaN ? nil : $0 } }
  }
}

extension PlainLayerProperty where Value: RawRepresentable, Value.RawValue == String {
  /// A string-backed name (gravity, filter, fill mode), accepting the type itself or a
  /// `String` naming one of `known` (any other string is refused).
  package init(
    named key: String, _ keyPath: WritableKeyPath<LayerState, Value> & Sendable, known: [Value]
  ) {
    let names = Set(known.map(\.rawValue))
    self.init(key, keyPath) { any in
      if let v = any as? Value { return v }
      guard let name = any as? String, names.contains(name) else { return nil }
      return Value(rawValue: name)
    }
  }
}

extension PlainLayerProperty where Value: OptionSet, Value.RawValue: FixedWidthInteger {
  /// An option set, accepting the type or its raw integer (any numeric type).
  package init(options key: String, _ keyPath: WritableKeyPath<LayerState, Value> & Sendable) {
    self.init(key, keyPath) { any in
      if let v = any as? Value { return v }
      guard let d = animationScalar(any), d >= 0, d == d.rounded(),
        let raw = Value.RawValue(exactly: d)
      else { return nil }
      return Value(rawValue: raw)
    }
  }
}

extension PlainLayerProperty where Value == Float {
  /// A number that may be infinite but not NaN (`repeatCount`, `speed`), accepting any
  /// numeric type.
  package init(number key: String, _ keyPath: WritableKeyPath<LayerState, Float> & Sendable) {
    self.init(key, keyPath) { any in animationScalar(any).flatMap { $0.isNaN ? nil : Float($0) } }
  }
}

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

  /// A property read and written through `get` and `set`.
  ///
  /// - Parameter convert: Turns a boxed value into `Value`, or nil when it has the
  ///   wrong type or is not usable. Defaults to a plain cast.
  package init(
    _ key: String, get: @escaping @Sendable (LayerState) -> Value,
    set: @escaping @Sendable (inout LayerState, Value) -> Void,
    convert: @escaping @Sendable (Any) -> Value? = { $0 as? Value }
  ) {
    self.key = key
    self.getter = get
    self.setter = set
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

extension PlainLayerProperty where Value: LayerNamedValue {
  /// A string-backed name (gravity, filter, fill mode), accepting the type itself or a
  /// `String` naming one of its known values (any other string is refused).
  package init(
    named key: String, get: @escaping @Sendable (LayerState) -> Value,
    set: @escaping @Sendable (inout LayerState, Value) -> Void
  ) {
    let names = Set(Value.knownValues.map(\.rawValue))
    self.init(key, get: get, set: set) { any in
      if let v = any as? Value { return v }
      guard let name = any as? String, names.contains(name) else { return nil }
      return Value(rawValue: name)
    }
  }
}

extension PlainLayerProperty where Value: OptionSet, Value.RawValue: FixedWidthInteger {
  /// An option set, accepting the type or its raw integer (any numeric type).
  package init(
    options key: String, get: @escaping @Sendable (LayerState) -> Value,
    set: @escaping @Sendable (inout LayerState, Value) -> Void
  ) {
    self.init(key, get: get, set: set) { any in
      if let v = any as? Value { return v }
      guard let d = animationScalar(any), d >= 0, d == d.rounded(),
        let raw = Value.RawValue(exactly: d)
      else { return nil }
      return Value(rawValue: raw)
    }
  }
}

/// What key-value coding accepts for a media-timing number (`beginTime`, `duration`,
/// `speed`, `timeOffset`, `repeatCount`, `repeatDuration`): any numeric type, infinite or
/// not (`repeatCount = .infinity` repeats for ever), but never NaN.
package enum TimingNumber {
  /// A time interval, in seconds.
  package static func seconds(_ any: Any) -> Double? {
    animationScalar(any).flatMap { $0.isNaN ? nil : $0 }
  }

  /// A speed or a repeat count.
  package static func float(_ any: Any) -> Float? {
    animationScalar(any).flatMap { $0.isNaN ? nil : Float($0) }
  }
}

import Foundation

/// The registry rows `@LayerModel` writes: one per `@Model` field, the descriptor chosen
/// by the field's type.
///
/// - A field of an ``Interpolatable`` type (geometry, colours, numbers, flags), animatable
///   or not, is a ``LayerProperty``: key-value coding refuses NaN and infinities.
/// - A ``LayerNamedValue`` accepts the type or one of its known names; an option set the
///   type or its raw integer.
/// - A field with its own `accepts:` conversion uses it (the media-timing numbers take
///   ``TimingNumber``'s, which keeps infinity).
package enum DeclaredProperty {
  package typealias Getter<Value> = @Sendable (LayerState) -> Value
  package typealias Setter<Value> = @Sendable (inout LayerState, Value) -> Void

  /// The row of an ``Interpolatable`` field.
  package static func row<Value: Interpolatable>(
    _ key: String, animatable: Bool, get: @escaping Getter<Value>, set: @escaping Setter<Value>
  ) -> any AnyLayerProperty {
    LayerProperty(key, animatable: animatable, get: get, set: set)
  }

  /// The row of a named value (never animatable).
  package static func row<Value: LayerNamedValue>(
    _ key: String, animatable: Bool, get: @escaping Getter<Value>, set: @escaping Setter<Value>
  ) -> any AnyLayerProperty {
    precondition(!animatable, "\(key): a named value does not animate")
    return PlainLayerProperty(named: key, get: get, set: set)
  }

  /// The row of an option set (never animatable).
  package static func row<Value: OptionSet & Sendable>(
    _ key: String, animatable: Bool, get: @escaping Getter<Value>, set: @escaping Setter<Value>
  ) -> any AnyLayerProperty where Value.RawValue: FixedWidthInteger {
    precondition(!animatable, "\(key): an option set does not animate")
    return PlainLayerProperty(options: key, get: get, set: set)
  }

  /// The row of a field with its own key-value conversion (never animatable).
  package static func row<Value: Sendable>(
    _ key: String, animatable: Bool, get: @escaping Getter<Value>, set: @escaping Setter<Value>,
    accepts: @escaping @Sendable (Any) -> Value?
  ) -> any AnyLayerProperty {
    precondition(!animatable, "\(key): a value converted by its own rule does not animate")
    return PlainLayerProperty(key, get: get, set: set, convert: accepts)
  }
}

/// A string-backed value type whose names key-value coding accepts as strings
/// (`layer.setValue("continuous", forKey: "cornerCurve")`): only the names in
/// ``knownValues``; any other string is refused.
package protocol LayerNamedValue: RawRepresentable, Sendable where RawValue == String {
  /// Every value the type names.
  static var knownValues: [Self] { get }
}

extension CALayerCornerCurve: LayerNamedValue {
  package static var knownValues: [Self] { [.circular, .continuous] }
}

extension LayerMaskMode: LayerNamedValue {
  package static var knownValues: [Self] { known }
}

extension CALayerContentsGravity: LayerNamedValue {
  package static var knownValues: [Self] {
    [
      .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
      .resize, .resizeAspect, .resizeAspectFill,
    ]
  }
}

extension CALayerContentsFilter: LayerNamedValue {
  package static var knownValues: [Self] { [.linear, .nearest, .trilinear] }
}

extension CAMediaTimingFillMode: LayerNamedValue {
  package static var knownValues: [Self] { [.removed, .forwards, .backwards, .both] }
}

extension CAShapeLayerFillRule: LayerNamedValue {
  package static var knownValues: [Self] { [.nonZero, .evenOdd] }
}

extension CAShapeLayerLineCap: LayerNamedValue {
  package static var knownValues: [Self] { [.butt, .round, .square] }
}

extension CAShapeLayerLineJoin: LayerNamedValue {
  package static var knownValues: [Self] { [.miter, .round, .bevel] }
}

extension CAGradientLayerType: LayerNamedValue {
  package static var knownValues: [Self] { [.axial, .radial, .conic] }
}

extension CATextLayerTruncationMode: LayerNamedValue {
  package static var knownValues: [Self] { [.none, .start, .middle, .end] }
}

extension CATextLayerAlignmentMode: LayerNamedValue {
  package static var knownValues: [Self] { [.natural, .left, .right, .center, .justified] }
}

extension CAEmitterLayerEmitterShape: LayerNamedValue {
  package static var knownValues: [Self] { [.point, .line, .rectangle, .cuboid, .circle, .sphere] }
}

extension CAEmitterLayerEmitterMode: LayerNamedValue {
  package static var knownValues: [Self] { [.points, .outline, .surface, .volume] }
}

extension CAEmitterLayerRenderMode: LayerNamedValue {
  package static var knownValues: [Self] {
    [.unordered, .oldestFirst, .oldestLast, .backToFront, .additive]
  }
}

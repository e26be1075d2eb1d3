import Foundation

/// Converts the `Any` values an animation carries (`fromValue`, `values`, …) to a
/// property's typed value, once, when the animation is added.
///
/// A value of the wrong type or one holding NaN or an infinity is rejected with a
/// diagnostic naming the key path and the role of the value; the caller then drops the
/// whole animation.
package enum AnimationValueConversion {
  /// The typed value of `value`, or nil (with a diagnostic) when it does not fit.
  package static func convert<Value: Interpolatable>(
    _ value: Any, to type: Value.Type, keyPath: String, role: String
  ) -> Value? {
    guard let v = Value(animationValue: value) else {
      CADiagnostics.report(
        key: keyPath,
        "\(role) of type \(Swift.type(of: value)) is not a \(Value.self); the animation is ignored")
      return nil
    }
    guard v.isValidAnimationValue else {
      CADiagnostics.report(
        key: keyPath, "\(role) holds NaN or an infinity; the animation is ignored")
      return nil
    }
    return v
  }

  /// Converts an optional value: nil stays nil (`.some(nil)`); a bad value gives nil.
  package static func convertOptional<Value: Interpolatable>(
    _ value: Any?, to type: Value.Type, keyPath: String, role: String
  ) -> Value?? {
    guard let value else { return .some(nil) }
    guard let v = convert(value, to: type, keyPath: keyPath, role: role) else { return nil }
    return .some(v)
  }

  /// Converts every keyframe value; nil (with a diagnostic) when any does not fit.
  package static func convertAll<Value: Interpolatable>(
    _ values: [Any], to type: Value.Type, keyPath: String
  ) -> [Value]? {
    var out: [Value] = []
    out.reserveCapacity(values.count)
    for (i, v) in values.enumerated() {
      guard let typed = convert(v, to: type, keyPath: keyPath, role: "values[\(i)]") else {
        return nil
      }
      out.append(typed)
    }
    return out
  }
}

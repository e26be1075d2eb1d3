import Foundation

/// Converts the `Any` values an animation carries (`fromValue`, `values`, …) to a
/// property's typed value, once, when the animation is added.
///
/// A value of the wrong type or one holding NaN or an infinity is rejected with a
/// diagnostic naming the key path and the role of the value; the caller then drops the
/// whole animation.
package enum AnimationValueConversion {
  /// The typed value of `value`, or nil (with a diagnostic) when it does not fit.
  /// - Parameter role: the value's place in the animation (`"values[2]"`), for the
  ///   diagnostic; built only when there is one.
  package static func convert<Value: Interpolatable>(
    _ value: Any, to type: Value.Type, keyPath: String, role: @autoclosure () -> String
  ) -> Value? {
    guard let v = Value(animationValue: value) else {
      CADiagnostics.report(
        key: keyPath,
        "\(role()) of type \(Swift.type(of: value)) is not a \(Value.self); the animation is ignored"
      )
      return nil
    }
    guard v.isValidAnimationValue else {
      CADiagnostics.report(
        key: keyPath, "\(role()) holds NaN or an infinity; the animation is ignored")
      return nil
    }
    return v
  }
}

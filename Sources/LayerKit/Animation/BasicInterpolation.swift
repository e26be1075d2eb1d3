import Foundation

/// The typed `fromValue`, `toValue` and `byValue` of a basic (or spring) animation, and
/// the rule that turns them into the two end values.
package struct BasicInterpolation<Value: Interpolatable>: Sendable {
  package var from: Value?
  package var to: Value?
  package var by: Value?

  package init(from: Value? = nil, to: Value? = nil, by: Value? = nil) {
    self.from = from
    self.to = to
    self.by = by
  }

  /// Converts an animation's values with `convert` (value, role); nil when any is
  /// rejected (the converter records why, building the role's name only then).
  package init?(_ animation: CABasicAnimation, convert: (Any, () -> String) -> Value?) {
    func one(_ v: Any?, _ role: String) -> Value?? {
      guard let v else { return .some(nil) }
      guard let typed = convert(v, { role }) else { return nil }
      return .some(typed)
    }
    guard let f = one(animation.fromValue, "fromValue"), let t = one(animation.toValue, "toValue"),
      let b = one(animation.byValue, "byValue")
    else { return nil }
    self.init(from: f, to: t, by: b)
  }

  /// Whether neither end is given, so the animation runs from the presentation value at
  /// the time it was added to the model value.
  package var needsPreviousValue: Bool { from == nil && to == nil && by == nil }

  /// The start and end values (SEMANTICS §5). `model` reads the layer's model value
  /// (called only when an end is missing); `previous` is the presentation value when the
  /// animation was added (the model value when none was captured).
  ///
  /// With all three set, `from` and `to` win and `by` is ignored. An `additive` by-only
  /// animation runs from zero to `by` (the layer adds the value below it once), so an
  /// additive opacity `by` 0.2 over a model 0.5 ends at 0.7.
  package func endpoints(model: () -> Value, previous: Value?, additive: Bool = false) -> (
    Value, Value
  ) {
    if additive, from == nil, to == nil, let b = by { return (Value.subtracting(b, b), b) }
    switch (from, to, by) {
    case (let f?, let t?, _): return (f, t)
    case (let f?, nil, let b?): return (f, Value.adding(f, b))
    case (nil, let t?, let b?): return (Value.subtracting(t, b), t)
    case (let f?, nil, nil): return (f, model())
    case (nil, let t?, nil): return (model(), t)
    case (nil, nil, let b?):
      let m = model()
      return (m, Value.adding(m, b))
    case (nil, nil, nil):
      let m = model()
      return (previous ?? m, m)
    }
  }
}

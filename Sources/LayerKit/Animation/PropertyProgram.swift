import Foundation

/// Where a property animation's value comes from, in the property's type.
package enum ValueSource<Value: Interpolatable>: Sendable {
  /// A basic animation's two ends, eased by the timing function.
  case basic(BasicInterpolation<Value>)
  /// A spring between a basic animation's two ends.
  case spring(BasicInterpolation<Value>, SpringSolver)
  /// Keyframe values.
  case keyframes(KeyframeSampler<Value>)
}

/// A property animation compiled to typed values: the pure function from a time to the
/// animated value.
///
/// Compiled once, when the animation is added (values converted from `Any` exactly
/// once); evaluation is pure and, for value types whose arithmetic allocates nothing,
/// allocation-free. Tracks store it inline, so evaluation reaches it without another
/// object (and cache miss) per animation.
package struct PropertyProgram<Value: Interpolatable>: Sendable {
  package var timing: MediaTiming
  /// The animation-wide timing function (nil: linear).
  package var curve: TimingCurve?
  package var source: ValueSource<Value>
  package var isAdditive: Bool
  package var isCumulative: Bool
  /// The presentation value when the animation was added: the start of a basic animation
  /// with no from, to or by value.
  package var previous: Value?

  package init(
    timing: MediaTiming, curve: TimingCurve?, source: ValueSource<Value>, isAdditive: Bool = false,
    isCumulative: Bool = false
  ) {
    self.timing = timing
    self.curve = curve
    self.source = source
    self.isAdditive = isAdditive
    self.isCumulative = isCumulative
  }

  /// Compiles `animation` (a basic, spring or values-based keyframe animation) with
  /// `convert` turning each `Any` value into the property's type (it records a
  /// diagnostic when it rejects one). Nil when the animation cannot apply.
  package init?(
    _ animation: CAPropertyAnimation, keyPath: String, convert: (Any, () -> String) -> Value?
  ) {
    let source: ValueSource<Value>
    switch animation {
    case let spring as CASpringAnimation:
      guard let b = BasicInterpolation(spring, convert: convert) else { return nil }
      source = .spring(b, spring.solver)
    case let basic as CABasicAnimation:
      guard let b = BasicInterpolation(basic, convert: convert) else { return nil }
      source = .basic(b)
    case let keyframe as CAKeyframeAnimation:
      guard let raw = keyframe.values, !raw.isEmpty else {
        CADiagnostics.report(
          key: keyPath, "keyframe animation has no values; the animation is ignored")
        return nil
      }
      var typed: [Value] = []
      typed.reserveCapacity(raw.count)
      for (i, v) in raw.enumerated() {
        // The role's name is built only for a diagnostic: building it for every value
        // cost as much as converting it.
        guard let t = convert(v, { "values[\(i)]" }) else { return nil }
        typed.append(t)
      }
      func numbers(_ a: [NSNumber]?) -> [Double] { a?.map(\.doubleValue) ?? [] }
      guard
        let sampler = KeyframeSampler(
          values: typed, mode: keyframe.calculationMode,
          keyTimes: keyframe.keyTimes?.map(\.doubleValue),
          timingFunctions: keyframe.timingFunctions, tension: numbers(keyframe.tensionValues),
          continuity: numbers(keyframe.continuityValues), bias: numbers(keyframe.biasValues),
          keyPath: keyPath)
      else { return nil }
      source = .keyframes(sampler)
    default:
      CADiagnostics.report(
        key: keyPath, "\(type(of: animation)) is not a basic or keyframe animation; ignored")
      return nil
    }
    let paced: Bool
    if let k = animation as? CAKeyframeAnimation {
      paced = k.calculationMode == .paced || k.calculationMode == .cubicPaced
    } else {
      paced = false
    }
    self.init(
      timing: animation.mediaTiming, curve: paced ? nil : animation.timingFunction?.curve,
      source: source,
      isAdditive: animation.isAdditive, isCumulative: animation.isCumulative)
  }

  /// Whether the start value must be captured from the presentation when added.
  package var needsPreviousValue: Bool {
    switch source {
    case .basic(let b), .spring(let b, _): return b.needsPreviousValue
    case .keyframes: return false
    }
  }

  /// The animated value for an evaluation of `timing`, before any additive
  /// combination (cumulative repeats included).
  ///
  /// A cumulative animation adds, to the value of the current repeat, the value at the
  /// end of the previous repeat (Apple's `isCumulative`), which is `iteration` times the
  /// value one repeat ends on: the end value (the start value when autoreversing, whose
  /// repeat ends where it began). From 10 to 20, repeat 3: at 1.5 s, 20 + 15 = 35.
  ///
  /// - Parameters:
  ///   - e: the animation's state at the current time (must be applied).
  ///   - model: reads the layer's model value of the property; called only for a
  ///     missing from/to/by value.
  package func animatedValue(_ e: MediaTiming.Evaluation, model: () -> Value) -> Value {
    animatedValue(e, model: model, previous: previous)
  }

  /// `animatedValue(_:model:)` with the captured start given by the caller (tracks keep
  /// it outside the program so that the program stays immutable and is read in place).
  package func animatedValue(_ e: MediaTiming.Evaluation, model: () -> Value, previous: Value?)
    -> Value
  {
    let start: Value
    let end: Value
    let v: Value
    switch source {
    case .basic(let b):
      (start, end) = b.endpoints(model: model, previous: previous, additive: isAdditive)
      let f = curve?.evaluate(e.progress) ?? e.progress
      v = Value.interpolate(start, end, fraction: f)
    case .spring(let b, let solver):
      (start, end) = b.endpoints(model: model, previous: previous, additive: isAdditive)
      v = Value.interpolate(start, end, fraction: solver.fraction(at: e.progress * timing.duration))
    case .keyframes(let k):
      v = k.value(at: curve?.evaluate(e.progress) ?? e.progress)
      // The ends are read only to accumulate (each read of a path retains it).
      guard isCumulative && e.iteration > 0 else { return v }
      start = k.first
      end = k.last
    }
    guard isCumulative && e.iteration > 0 else { return v }
    // (end − start) + start rather than end: the frame loop's lanes compute it so, and
    // both paths give the same bits.
    let passEnd = timing.autoreverses ? start : Value.adding(Value.subtracting(end, start), start)
    return Value.adding(v, Value.scaled(passEnd, by: Double(e.iteration)))
  }

  /// The animated value combined with `underlying` (the value below this animation:
  /// the model value with earlier animations applied) when the animation is additive.
  package func value(_ e: MediaTiming.Evaluation, model: () -> Value, underlying: Value) -> Value {
    let v = animatedValue(e, model: model)
    return isAdditive ? Value.adding(underlying, v) : v
  }

  /// The value at a parent time, or nil when the animation does not apply then.
  package func value(atParentTime t: Double, model: Value, underlying: Value) -> Value? {
    let e = timing.evaluate(parentTime: t)
    guard e.isApplied else { return nil }
    return value(e, model: { model }, underlying: underlying)
  }
}

import Foundation

/// A basic, spring or keyframe animation of one `LayerProperty<Value>`.
///
/// The class is generic, and a generic class's methods run unspecialised (every call
/// would look up `Value`'s metadata). The track's per-frame work is therefore held as
/// `Operations`, closures made where `Value` is a concrete type (`ValueTrack.make`
/// switches on the common value types), so the optimiser compiles them for that type;
/// the methods only call them.
package final class ValueTrack<Value: Interpolatable>: AnimationTrack {
  let property: LayerProperty<Value>
  /// Immutable, so evaluation reads it in place (a mutable struct would be copied out).
  let program: PropertyProgram<Value>
  /// The captured start of a basic animation with no values.
  var previous: Value?
  /// The field's accessors, the descriptor's own (direct closures for the properties
  /// animations touch most, see `LayerPropertyRegistry`).
  let get: LayerProperty<Value>.Getter
  let set: LayerProperty<Value>.Setter
  /// The per-frame work, compiled for `Value` where the track was made.
  let operations: Operations

  /// A track's per-frame work as functions of the track.
  package struct Operations {
    let apply: (ValueTrack, MediaTiming.Evaluation, inout LayerState, () -> LayerState) -> Void
    let evaluate: (ValueTrack, MediaTiming.Evaluation, () -> LayerState) -> Void
    let materialize: (ValueTrack, inout LayerState) -> Void
    /// Nil when `Value` has no lanes (the frame loop then evaluates the object).
    let flatSource: ((ValueTrack) -> (FlatSource, cumulative: Bool)?)?
    let materializeFlat: (ValueTrack, SIMD4<Double>, inout LayerState) -> Void
  }

  package init(
    property: LayerProperty<Value>, program: PropertyProgram<Value>,
    operations: Operations = .compiled()
  ) {
    self.property = property
    self.program = program
    self.operations = operations
    get = property.getter
    set = property.setter
    super.init(timing: program.timing)
  }

  /// A track for `property`, its operations compiled for the common value types.
  package static func make(property: LayerProperty<Value>, program: PropertyProgram<Value>)
    -> AnimationTrack
  {
    switch (property, program) {
    case (let p as LayerProperty<CGFloat>, let g as PropertyProgram<CGFloat>):
      return ValueTrack<CGFloat>(property: p, program: g, operations: .withLanes(same: ==))
    case (let p as LayerProperty<Float>, let g as PropertyProgram<Float>):
      return ValueTrack<Float>(
        property: p, program: g, operations: .withLanes(same: ==, cumulative: false))
    case (let p as LayerProperty<CGPoint>, let g as PropertyProgram<CGPoint>):
      return ValueTrack<CGPoint>(property: p, program: g, operations: .withLanes(same: ==))
    case (let p as LayerProperty<CGSize>, let g as PropertyProgram<CGSize>):
      return ValueTrack<CGSize>(property: p, program: g, operations: .withLanes(same: ==))
    case (let p as LayerProperty<CGRect>, let g as PropertyProgram<CGRect>):
      return ValueTrack<CGRect>(property: p, program: g, operations: .withLanes(same: ==))
    case (let p as LayerProperty<CGColor?>, let g as PropertyProgram<CGColor?>):
      return ValueTrack<CGColor?>(property: p, program: g, operations: .withLanes(same: ==))
    case (let p as LayerProperty<CATransform3D>, let g as PropertyProgram<CATransform3D>):
      return ValueTrack<CATransform3D>(property: p, program: g, operations: .compiled(same: ==))
    case (let p as LayerProperty<Bool>, let g as PropertyProgram<Bool>):
      return ValueTrack<Bool>(
        property: p, program: g,
        operations: .withLanes(same: ==, cumulative: false, discreteOnly: true))
    case (let p as LayerProperty<CGPath?>, let g as PropertyProgram<CGPath?>):
      return ValueTrack<CGPath?>(property: p, program: g, operations: .compiled(same: ==))
    default: return ValueTrack(property: property, program: program)
    }
  }

  /// The value kept by the last `evaluate` (unchecked like `AnimationTrack`'s fields).
  @exclusivity(unchecked) var frameValue: Value?

  @inline(__always)
  func valueTyped(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) -> Value {
    // The model value is read only when an end is missing: each read through a
    // descriptor copies the whole state.
    program.animatedValue(e, model: { self.get(model()) }, previous: previous)
  }

  package override var diagnosticKey: String { property.key }

  /// Writes `value` (added to what is there for additive animations); an overflowing
  /// result (NaN or an infinity) is not written, so the value below shows, and a
  /// diagnostic says so.
  @inline(__always)
  func writeTyped(_ value: Value, into state: inout LayerState) {
    let v = program.isAdditive ? Value.adding(get(state), value) : value
    guard v.isValidAnimationValue else { return reportOverflow() }
    set(&state, v)
  }

  @inline(__always)
  func applyTyped(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState
  ) {
    writeTyped(valueTyped(e, modelState: model), into: &state)
  }

  /// - Parameter same: whether two values are equal; nil when `Value` cannot tell (the
  ///   value then counts as changed every frame).
  @inline(__always)
  func evaluateTyped(
    _ e: MediaTiming.Evaluation, modelState model: () -> LayerState, same: ((Value, Value) -> Bool)?
  ) {
    let v = valueTyped(e, modelState: model)
    if let same, isShowing, let old = frameValue {
      frameChanged = !same(old, v)
    } else {
      frameChanged = true
    }
    frameValue = v
    isShowing = true
  }

  @inline(__always)
  func materializeTyped(into state: inout LayerState) {
    if isShowing, let v = frameValue { writeTyped(v, into: &state) }
  }

  package override func apply(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState
  ) {
    operations.apply(self, e, &state, model)
  }

  package override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    operations.evaluate(self, e, model)
  }

  package override func materialize(into state: inout LayerState) {
    operations.materialize(self, &state)
  }

  package override func flatSource() -> (FlatSource, cumulative: Bool)? {
    operations.flatSource?(self)
  }

  package override func materialize(flat lanes: SIMD4<Double>, into state: inout LayerState) {
    operations.materializeFlat(self, lanes, &state)
  }

  package override func capturePrevious(from presentation: LayerState) {
    if program.needsPreviousValue { previous = get(presentation) }
  }
}

extension ValueTrack.Operations where Value: FlatLanes {
  /// `compiled(same:)` with the frame loop's lanes.
  /// - Parameters:
  ///   - cumulative: whether cumulative programs take lanes too (false for types whose
  ///     `adding` is not the lanes' `Double` sum).
  ///   - discreteOnly: lanes for discrete keyframes only (the values are then copied,
  ///     never combined): for types without lane-wise interpolation.
  static func withLanes(
    same: ((Value, Value) -> Bool)? = nil, cumulative: Bool = true, discreteOnly: Bool = false
  ) -> Self {
    let plain = compiled(same: same)
    return Self(
      apply: plain.apply, evaluate: plain.evaluate, materialize: plain.materialize,
      flatSource: { t in
        if !cumulative && t.program.isCumulative { return nil }
        if discreteOnly {
          guard case .keyframes(let k) = t.program.source, k.mode == .discrete else { return nil }
        }
        return FlatSource.make(t.program)
      },
      materializeFlat: { $0.writeTyped(Value(flatLanes: $1), into: &$2) })
  }
}

extension ValueTrack.Operations {
  /// The operations for `Value`; compiled for it when called with a concrete type.
  /// - Parameter same: `Value`'s equality, so that a frame can tell an unchanged value
  ///   (`AnimationTrack.frameChanged`); nil (the default) counts every value as changed.
  static func compiled(same: ((Value, Value) -> Bool)? = nil) -> Self {
    Self(
      apply: { $0.applyTyped($1, to: &$2, modelState: $3) },
      evaluate: { $0.evaluateTyped($1, modelState: $2, same: same) },
      materialize: { $0.materializeTyped(into: &$1) },
      flatSource: nil, materializeFlat: { _, _, _ in })
  }
}

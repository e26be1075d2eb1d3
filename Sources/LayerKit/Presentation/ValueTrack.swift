import Foundation

/// A basic, spring or keyframe animation of one `LayerProperty<Value>`.
///
/// The class is generic, and a generic class's overridden methods run unspecialised
/// (every call would look up `Value`'s metadata). The common value types therefore get
/// final subclasses (`ValueTrack.make`) whose `apply` calls the inlined generic body with
/// a concrete type, so the optimiser specialises it.
package class ValueTrack<Value: Interpolatable>: AnimationTrack {
  let property: LayerProperty<Value>
  /// Immutable, so evaluation reads it in place (a mutable struct would be copied out).
  let program: PropertyProgram<Value>
  /// The captured start of a basic animation with no values.
  var previous: Value?
  /// The field's accessors: direct ones for common keys, else the descriptor's.
  let get: LayerStateAccess.Getter<Value>
  let set: LayerStateAccess.Setter<Value>

  package init(property: LayerProperty<Value>, program: PropertyProgram<Value>) {
    self.property = property
    self.program = program
    if let direct = LayerStateAccess.accessors(forKey: property.key, as: Value.self) {
      (get, set) = direct
    } else {
      get = { [property] in property.get($0) }
      set = { [property] in property.set(&$0, $1) }
    }
    super.init(timing: program.timing)
  }

  /// A track for `property`, specialised for the common value types.
  package static func make(property: LayerProperty<Value>, program: PropertyProgram<Value>) -> AnimationTrack {
    switch (property, program) {
    case let (p as LayerProperty<CGFloat>, g as PropertyProgram<CGFloat>): return CGFloatTrack(property: p, program: g)
    case let (p as LayerProperty<Float>, g as PropertyProgram<Float>): return FloatTrack(property: p, program: g)
    case let (p as LayerProperty<CGPoint>, g as PropertyProgram<CGPoint>): return PointTrack(property: p, program: g)
    case let (p as LayerProperty<CGSize>, g as PropertyProgram<CGSize>): return SizeTrack(property: p, program: g)
    case let (p as LayerProperty<CGRect>, g as PropertyProgram<CGRect>): return RectTrack(property: p, program: g)
    case let (p as LayerProperty<CGColor?>, g as PropertyProgram<CGColor?>): return ColorTrack(property: p, program: g)
    case let (p as LayerProperty<CATransform3D>, g as PropertyProgram<CATransform3D>):
      return TransformTrack(property: p, program: g)
    case let (p as LayerProperty<Bool>, g as PropertyProgram<Bool>): return BoolTrack(property: p, program: g)
    case let (p as LayerProperty<CGPath?>, g as PropertyProgram<CGPath?>): return ShapePathTrack(property: p, program: g)
    default: return ValueTrack(property: property, program: program)
    }
  }

  /// The value kept by the last `evaluate`.
  var frameValue: Value?

  @inline(__always)
  final func valueTyped(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) -> Value {
    // The model value is read only when an end is missing: each read through a
    // descriptor copies the whole state.
    program.animatedValue(e, model: { self.get(model()) }, previous: previous)
  }

  package override var diagnosticKey: String { property.key }

  /// Writes `value` (added to what is there for additive animations); an overflowing
  /// result (NaN or an infinity) is not written, so the value below shows, and a
  /// diagnostic says so.
  @inline(__always)
  final func writeTyped(_ value: Value, into state: inout LayerState) {
    let v = program.isAdditive ? Value.adding(get(state), value) : value
    guard v.isValidAnimationValue else { return reportOverflow() }
    set(&state, v)
  }

  @inline(__always)
  final func applyTyped(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    writeTyped(valueTyped(e, modelState: model), into: &state)
  }

  @inline(__always)
  final func evaluateTyped(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    frameValue = valueTyped(e, modelState: model)
    isShowing = true
  }

  @inline(__always)
  final func materializeTyped(into state: inout LayerState) {
    if isShowing, let v = frameValue { writeTyped(v, into: &state) }
  }

  package override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  package override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  package override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }

  package override func capturePrevious(from presentation: LayerState) {
    if program.needsPreviousValue { previous = get(presentation) }
  }
}

final class CGFloatTrack: ValueTrack<CGFloat> {
  override func flatSource() -> (FlatSource, cumulative: Bool)? { FlatSource.make(program) }

  override func materialize(flat lanes: SIMD4<Double>, into state: inout LayerState) {
    writeTyped(CGFloat(flatLanes: lanes), into: &state)
  }

  override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }
}

final class FloatTrack: ValueTrack<Float> {
  override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }
}

final class PointTrack: ValueTrack<CGPoint> {
  override func flatSource() -> (FlatSource, cumulative: Bool)? { FlatSource.make(program) }

  override func materialize(flat lanes: SIMD4<Double>, into state: inout LayerState) {
    writeTyped(CGPoint(flatLanes: lanes), into: &state)
  }

  override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }
}

final class SizeTrack: ValueTrack<CGSize> {
  override func flatSource() -> (FlatSource, cumulative: Bool)? { FlatSource.make(program) }

  override func materialize(flat lanes: SIMD4<Double>, into state: inout LayerState) {
    writeTyped(CGSize(flatLanes: lanes), into: &state)
  }

  override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }
}

final class RectTrack: ValueTrack<CGRect> {
  override func flatSource() -> (FlatSource, cumulative: Bool)? { FlatSource.make(program) }

  override func materialize(flat lanes: SIMD4<Double>, into state: inout LayerState) {
    writeTyped(CGRect(flatLanes: lanes), into: &state)
  }

  override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }
}

final class ColorTrack: ValueTrack<CGColor?> {
  override func flatSource() -> (FlatSource, cumulative: Bool)? { FlatSource.make(program) }

  override func materialize(flat lanes: SIMD4<Double>, into state: inout LayerState) {
    writeTyped(Optional<CGColor>(flatLanes: lanes), into: &state)
  }

  override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }
}

final class TransformTrack: ValueTrack<CATransform3D> {
  override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }
}

/// `hidden`, `masksToBounds` and the other switches (discrete keyframes).
final class BoolTrack: ValueTrack<Bool> {
  override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }
}

/// A shape layer's `path`.
final class ShapePathTrack: ValueTrack<CGPath?> {
  override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState) {
    applyTyped(e, to: &state, modelState: model)
  }

  override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    evaluateTyped(e, modelState: model)
  }

  override func materialize(into state: inout LayerState) {
    materializeTyped(into: &state)
  }
}

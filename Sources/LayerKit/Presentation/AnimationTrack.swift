import Foundation

/// A compiled animation: typed, opened once when the animation is added, applied to a
/// `LayerState` copy at each frame.
///
/// Subclasses hold the typed property descriptor and the pure program; applying one
/// allocates nothing for value-type properties.
package class AnimationTrack {
  // The fields the frame loop reads and writes skip dynamic exclusivity checks (each
  // costs a thread-local lookup): they are only touched on the context's thread, never
  // across a call that could reenter.

  /// The animation's timing (for a top-level animation, stamped at commit).
  @exclusivity(unchecked) package var timing: MediaTiming

  // Lifecycle of a top-level animation, kept here so that a frame reads one object per
  // animation (see `LayerAnimationEntry`, which forwards to these).
  @exclusivity(unchecked) package var isCommitted = false
  @exclusivity(unchecked) package var isRemovedOnCompletion = true
  @exclusivity(unchecked) package var didStart = false
  @exclusivity(unchecked) package var isFinished = false
  /// Whether this is a real track (false for the inert stand-in of an animation that
  /// changes nothing).
  package var isInert: Bool { type(of: self) == AnimationTrack.self }

  package init(timing: MediaTiming) { self.timing = timing }

  /// The key path diagnostics name for this track.
  package var diagnosticKey: String { "animation" }

  /// Whether ``reportOverflow()`` has spoken for this track already.
  private var didReportOverflow = false

  /// Records, once per track, that the animation's value overflowed (NaN or an infinity)
  /// and that the value below it shows instead.
  @inline(never)
  package final func reportOverflow() {
    guard !didReportOverflow else { return }
    didReportOverflow = true
    CADiagnostics.report(
      key: diagnosticKey,
      "the animated value overflowed (NaN or infinite); showing the value below it")
  }

  /// Applies the animation in state `e` of `timing` to `state`.
  /// - Parameters:
  ///   - model: gives the layer's model state; called only when a value needs the model
  ///     (a missing from/to/by value), so that evaluation copies no whole state.
  package func apply(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState
  ) {}

  /// Applies the animation with `layer`'s model state.
  @inline(__always)
  package final func apply(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, model layer: CALayer
  ) {
    apply(e, to: &state, modelState: { layer.state })
  }

  /// Applies the animation with an explicit model state.
  @inline(__always)
  package final func apply(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, model: LayerState
  ) {
    apply(e, to: &state, modelState: { model })
  }

  /// Replaces the timing (the commit stamps a top-level animation's `beginTime`).
  package func setTiming(_ t: MediaTiming) { timing = t }

  /// Evaluates `timing` at `parentTime` and applies the result when it applies.
  @inline(__always)
  package final func apply(
    atParentTime t: Double, to state: inout LayerState, modelState model: () -> LayerState
  ) {
    let e = timing.evaluate(parentTime: t)
    if e.isApplied { apply(e, to: &state, modelState: model) }
  }

  /// Records the presentation value a basic animation with no from, to or by value
  /// starts from. Called once, at the commit that starts the animation.
  package func capturePrevious(from presentation: LayerState) {}

  // MARK: Frame evaluation

  /// Whether the last `evaluate` left a value for `materialize` to write.
  @exclusivity(unchecked) package var isShowing = false
  /// Whether the last `evaluate` computed a value other than the one before it: false
  /// only when the track knows the value is the same (true when it cannot tell). The
  /// frame loop turns it into its record's change stamp (`FlatTrack.changedAt`).
  @exclusivity(unchecked) package var frameChanged = true

  /// Computes the animation's value for the frame in state `e` and keeps it in the
  /// track (no layer state is touched); `materialize` writes it later. A frame's
  /// evaluation is therefore a pass over the tracks alone, and the full presentation
  /// state is assembled only when someone reads it.
  package func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {}

  /// Writes the value kept by the last `evaluate` into `state` (combining with what is
  /// there for additive animations). Does nothing when `isShowing` is false.
  package func materialize(into state: inout LayerState) {}

  /// The track's value source as lanes, for the frame loop's `FlatTrackTable`; nil
  /// (the default) when the track is evaluated through the object.
  package func flatSource() -> (FlatSource, cumulative: Bool)? { nil }

  /// Writes a value computed from `flatSource()` (lanes) into `state`, as `materialize`
  /// writes the value kept by `evaluate`.
  package func materialize(flat lanes: SIMD4<Double>, into state: inout LayerState) {}

  /// Evaluates `timing` at `parentTime`; clears `isShowing` when it does not apply.
  @inline(__always)
  package final func evaluate(atParentTime t: Double, modelState model: () -> LayerState) {
    let e = timing.evaluate(parentTime: t)
    if e.isApplied {
      evaluate(e, modelState: model)
    } else {
      frameChanged = isShowing
      isShowing = false
    }
  }
}

/// A basic, spring or keyframe animation of any typed property descriptor (the general,
/// unspecialised track; `ValueTrack` serves `LayerProperty` descriptors).
package final class PropertyTrack<Property: TypedLayerProperty>: AnimationTrack {
  let property: Property
  let program: PropertyProgram<Property.Value>
  var previous: Property.Value?

  package init(property: Property, program: PropertyProgram<Property.Value>) {
    self.property = property
    self.program = program
    super.init(timing: program.timing)
  }

  var frameValue: Property.Value?

  package override var diagnosticKey: String { property.key }

  func write(_ value: Property.Value, into state: inout LayerState) {
    let v = program.isAdditive ? Property.Value.adding(property.get(state), value) : value
    guard v.isValidAnimationValue else { return reportOverflow() }
    property.set(&state, v)
  }

  package override func apply(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState
  ) {
    write(
      program.animatedValue(e, model: { property.get(model()) }, previous: previous), into: &state)
  }

  package override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    frameValue = program.animatedValue(e, model: { property.get(model()) }, previous: previous)
    isShowing = true
  }

  package override func materialize(into state: inout LayerState) {
    if isShowing, let v = frameValue { write(v, into: &state) }
  }

  package override func capturePrevious(from presentation: LayerState) {
    if program.needsPreviousValue { previous = property.get(presentation) }
  }
}

/// A transform animation whose scalars or arrays go through a `CAValueFunction`.
package final class ValueFunctionTrack<Property: TypedLayerProperty>: AnimationTrack
where Property.Value == CATransform3D {
  let property: Property
  let function: CAValueFunction
  let program: PropertyProgram<SIMD3<Double>>
  let isAdditive: Bool

  package init(
    property: Property, function: CAValueFunction, program: PropertyProgram<SIMD3<Double>>
  ) {
    self.property = property
    self.function = function
    isAdditive = program.isAdditive
    var p = program
    p.isAdditive = false
    self.program = p
    super.init(timing: program.timing)
  }

  var frameValue = CATransform3D.identity

  func value(_ e: MediaTiming.Evaluation) -> CATransform3D {
    let identityInput: SIMD3<Double> = function.name == .scale ? SIMD3(repeating: 1) : .zero
    return function.transform(program.animatedValue(e, model: { identityInput }, previous: nil))
  }

  package override var diagnosticKey: String { property.key }

  func write(_ t: CATransform3D, into state: inout LayerState) {
    let v = isAdditive ? t.concatenating(property.get(state)) : t
    guard v.isValidAnimationValue else { return reportOverflow() }
    property.set(&state, v)
  }

  package override func apply(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState
  ) {
    write(value(e), into: &state)
  }

  package override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    let t = value(e)
    frameChanged = !isShowing || t != frameValue
    frameValue = t
    isShowing = true
  }

  package override func materialize(into state: inout LayerState) {
    if isShowing { write(frameValue, into: &state) }
  }
}

/// A keyframe animation along a path: a point-like property (`position`, `anchorPoint`,
/// `bounds.origin`, or a `CGSize` property such as `transform.translation` seen as a
/// point through `PointLikeProperty`), plus rotation with a rotation mode.
package final class PathTrack<Position: TypedLayerProperty, Rotation: TypedLayerProperty>:
  AnimationTrack
where Position.Value == CGPoint, Rotation.Value == CATransform3D {
  let position: Position
  let rotation: Rotation
  let sampler: PathSampler
  let curve: TimingCurve?
  let isAdditive: Bool
  let isCumulative: Bool

  package init(
    position: Position, rotation: Rotation, sampler: PathSampler, timing: MediaTiming,
    curve: TimingCurve?,
    isAdditive: Bool, isCumulative: Bool
  ) {
    self.position = position
    self.rotation = rotation
    self.sampler = sampler
    self.curve = curve
    self.isAdditive = isAdditive
    self.isCumulative = isCumulative
    super.init(timing: timing)
  }

  var framePoint = CGPoint.zero
  var frameAngle = 0.0

  func value(_ e: MediaTiming.Evaluation) -> (CGPoint, Double) {
    let f = curve?.evaluate(e.progress) ?? e.progress
    var (p, angle) = sampler.sample(at: f)
    if isCumulative && e.iteration > 0 {
      // The point one repeat ends on, once per completed repeat (`PropertyProgram`).
      let k = Double(e.iteration)
      let end = timing.autoreverses ? sampler.first : sampler.last
      p.x += end.x * k
      p.y += end.y * k
    }
    return (p, angle)
  }

  package override var diagnosticKey: String { position.key }

  func write(_ point: CGPoint, _ angle: Double, into state: inout LayerState) {
    var p = point
    if isAdditive {
      let u = position.get(state)
      p.x += u.x
      p.y += u.y
    }
    guard p.isValidAnimationValue else { return reportOverflow() }
    position.set(&state, p)
    if let offset = sampler.rotationOffset {
      // The rotation is applied on top of the layer's transform, about z.
      let r = CATransform3DMakeRotation(angle + offset, 0, 0, 1)
      rotation.set(&state, r.concatenating(rotation.get(state)))
    }
  }

  package override func apply(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState
  ) {
    let (p, angle) = value(e)
    write(p, angle, into: &state)
  }

  package override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    let (p, angle) = value(e)
    frameChanged = !isShowing || p != framePoint || angle != frameAngle
    (framePoint, frameAngle) = (p, angle)
    isShowing = true
  }

  package override func materialize(into state: inout LayerState) {
    if isShowing { write(framePoint, frameAngle, into: &state) }
  }
}

/// A group: children evaluated in the group's pass time, in order, clipped to the
/// group's active interval.
///
/// The group's timing function reshapes the time its children see (Apple: each child
/// runs "in the time space of the parent animation", whose pacing the timing function
/// defines): the children's time is `curve(p) · duration`, p being the group's pass
/// fraction. A linear child under an ease-in group of 1 s shows easeIn(0.5) = 0.3154 at
/// 0.5 s.
package final class GroupTrack: AnimationTrack {
  let children: [AnimationTrack]
  /// The group's timing function (nil: linear).
  let curve: TimingCurve?

  package init(timing: MediaTiming, children: [AnimationTrack], curve: TimingCurve? = nil) {
    self.children = children
    self.curve = curve
    super.init(timing: timing)
  }

  /// The time the children see in state `e`.
  @inline(__always)
  func childTime(_ e: MediaTiming.Evaluation) -> Double {
    guard let curve else { return timing.passTime(e) }
    return curve.evaluate(e.progress) * timing.duration
  }

  package override func apply(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState
  ) {
    let t = childTime(e)
    for child in children {
      StackReserve.ensure { child.apply(atParentTime: t, to: &state, modelState: model) }
    }
  }

  package override func capturePrevious(from presentation: LayerState) {
    for child in children { StackReserve.ensure { child.capturePrevious(from: presentation) } }
  }

  package override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    let t = childTime(e)
    var changed = !isShowing
    for child in children {
      let wasShowing = child.isShowing
      StackReserve.ensure { child.evaluate(atParentTime: t, modelState: model) }
      changed = changed || child.frameChanged || wasShowing != child.isShowing
    }
    frameChanged = changed
    isShowing = true
  }

  package override func materialize(into state: inout LayerState) {
    guard isShowing else { return }
    for child in children { StackReserve.ensure { child.materialize(into: &state) } }
  }
}

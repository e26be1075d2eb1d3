import Foundation

/// A compiled animation: typed, opened once when the animation is added, applied to a
/// `LayerState` copy at each frame.
///
/// Subclasses hold the typed property descriptor and the pure program; applying one
/// allocates nothing for value-type properties.
package class AnimationTrack {
  /// The animation's timing (for a top-level animation, stamped at commit).
  package var timing: MediaTiming

  package init(timing: MediaTiming) { self.timing = timing }

  /// Applies the animation in state `e` of `timing` to `state`.
  /// - Parameters:
  ///   - model: the layer's model state (for missing from/to/by values).
  package func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, model: LayerState) {}

  /// Evaluates `timing` at `parentTime` and applies the result when it applies.
  @inline(__always)
  package final func apply(atParentTime t: Double, to state: inout LayerState, model: LayerState) {
    let e = timing.evaluate(parentTime: t)
    if e.isApplied { apply(e, to: &state, model: model) }
  }

  /// Records the presentation value a basic animation with no from, to or by value
  /// starts from. Called once, at the commit that starts the animation.
  package func capturePrevious(from presentation: LayerState) {}
}

/// A basic, spring or keyframe animation of one typed property.
package final class PropertyTrack<Property: TypedLayerProperty>: AnimationTrack {
  let property: Property
  var program: PropertyProgram<Property.Value>

  package init(property: Property, program: PropertyProgram<Property.Value>) {
    self.property = property
    self.program = program
    super.init(timing: program.timing)
  }

  package override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, model: LayerState) {
    program.timing = timing
    let v = program.value(e, model: property.get(model), underlying: property.get(state))
    property.set(&state, v)
  }

  package override func capturePrevious(from presentation: LayerState) {
    if program.needsPreviousValue { program.previous = property.get(presentation) }
  }
}

/// A transform animation whose scalars or arrays go through a `CAValueFunction`.
package final class ValueFunctionTrack<Property: TypedLayerProperty>: AnimationTrack
where Property.Value == CATransform3D {
  let property: Property
  let function: CAValueFunction
  var program: PropertyProgram<SIMD3<Double>>
  let isAdditive: Bool

  package init(property: Property, function: CAValueFunction, program: PropertyProgram<SIMD3<Double>>) {
    self.property = property
    self.function = function
    isAdditive = program.isAdditive
    var p = program
    p.isAdditive = false
    self.program = p
    super.init(timing: program.timing)
  }

  package override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, model: LayerState) {
    program.timing = timing
    let identityInput: SIMD3<Double> = function.name == .scale ? SIMD3(repeating: 1) : .zero
    let t = function.transform(program.value(e, model: identityInput, underlying: identityInput))
    property.set(&state, isAdditive ? t.concatenating(property.get(state)) : t)
  }
}

/// A keyframe animation along a path: position, plus rotation with a rotation mode.
package final class PathTrack<Position: TypedLayerProperty, Rotation: TypedLayerProperty>: AnimationTrack
where Position.Value == CGPoint, Rotation.Value == CATransform3D {
  let position: Position
  let rotation: Rotation
  let sampler: PathSampler
  let curve: TimingCurve?
  let isAdditive: Bool
  let isCumulative: Bool

  package init(
    position: Position, rotation: Rotation, sampler: PathSampler, timing: MediaTiming, curve: TimingCurve?,
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

  package override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, model: LayerState) {
    let f = curve?.evaluate(e.progress) ?? e.progress
    var (p, angle) = sampler.sample(at: f)
    if isCumulative && e.iteration > 0 {
      let k = Double(e.iteration)
      p.x += (sampler.last.x - sampler.first.x) * k
      p.y += (sampler.last.y - sampler.first.y) * k
    }
    if isAdditive {
      let u = position.get(state)
      p.x += u.x
      p.y += u.y
    }
    position.set(&state, p)
    if let offset = sampler.rotationOffset {
      // The rotation is applied on top of the layer's transform, about z.
      let r = CATransform3DMakeRotation(angle + offset, 0, 0, 1)
      rotation.set(&state, r.concatenating(rotation.get(state)))
    }
  }
}

/// A group: children evaluated in the group's pass time, in order, clipped to the
/// group's active interval.
package final class GroupTrack: AnimationTrack {
  let children: [AnimationTrack]

  package init(timing: MediaTiming, children: [AnimationTrack]) {
    self.children = children
    super.init(timing: timing)
  }

  package override func apply(_ e: MediaTiming.Evaluation, to state: inout LayerState, model: LayerState) {
    let t = timing.passTime(e)
    for child in children { child.apply(atParentTime: t, to: &state, model: model) }
  }

  package override func capturePrevious(from presentation: LayerState) {
    for child in children { child.capturePrevious(from: presentation) }
  }
}

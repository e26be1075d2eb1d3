import Foundation

/// Compiles an added animation into an `AnimationTrack` for one layer class: resolves the
/// key path through the class's property registry, opens the descriptor to its typed
/// value once, and converts every `Any` value once.
///
/// Anything that cannot apply (no key path, an unknown or non-animatable key path, values
/// of the wrong type, an empty path) compiles to nil with a diagnostic: the animation
/// then still runs its timing and lifecycle but changes nothing.
package enum AnimationCompiler {
  /// Replaces a duration ≤ 0 (or NaN) by `fallback`, in `animation` and, for a group,
  /// in every child (a child with no duration takes the group's).
  package static func resolveDurations(_ animation: CAAnimation, fallback: CFTimeInterval) {
    if !(animation.duration > 0) || !animation.duration.isFinite {
      if animation.duration.isInfinite {
        CADiagnostics.report(
          key: "duration", "an infinite duration is not supported; using \(fallback) s")
      }
      animation.duration = fallback
    }
    if let group = animation as? CAAnimationGroup {
      for child in group.animations ?? [] {
        StackReserve.ensure { resolveDurations(child, fallback: group.duration) }
      }
    }
  }

  /// The track for `animation` on layers whose properties `registry` describes.
  package static func compile(_ animation: CAAnimation, registry: LayerPropertyRegistry)
    -> AnimationTrack?
  {
    if let group = animation as? CAAnimationGroup {
      let children = (group.animations ?? []).compactMap { child in
        StackReserve.ensure { compile(child, registry: registry) }
      }
      return GroupTrack(
        timing: group.mediaTiming, children: children, curve: group.timingFunction?.curve)
    }
    guard let pa = animation as? CAPropertyAnimation else {
      CADiagnostics.report(
        key: "\(type(of: animation))", "only property animations and groups animate; ignored")
      return nil
    }
    guard let keyPath = pa.keyPath, !keyPath.isEmpty else {
      CADiagnostics.report(
        key: "keyPath", "\(type(of: animation)) has no keyPath; it changes nothing")
      return nil
    }
    if let k = pa as? CAKeyframeAnimation, let path = k.path {
      return compilePath(k, path: path, keyPath: keyPath, registry: registry)
    }
    guard let any = registry.property(forKeyPath: keyPath) else {
      CADiagnostics.report(
        key: keyPath, "not an animatable key path of this layer; the animation is ignored")
      return nil
    }
    guard any.isAnimatable, let typed = any as? any TypedLayerProperty else {
      CADiagnostics.report(key: keyPath, "the property is not animatable; the animation is ignored")
      return nil
    }
    if let vf = pa.valueFunction {
      return compileValueFunction(pa, function: vf, property: typed, keyPath: keyPath)
    }
    if let track = compileTransformComponent(
      pa, keyPath: keyPath, property: any, registry: registry)
    {
      return track
    }
    return compileTyped(pa, property: typed, keyPath: keyPath)
  }

  /// A cached-decomposition track for `transform.<component>` and
  /// `sublayerTransform.<component>` scalar sub-paths; nil for every other key path.
  static func compileTransformComponent(
    _ a: CAPropertyAnimation, keyPath: String, property: any AnyLayerProperty,
    registry: LayerPropertyRegistry
  ) -> AnimationTrack?? {
    guard property.valueType == CGFloat.self, property.rootKey != keyPath,
      let root = registry.property(forKeyPath: property.rootKey) as? LayerProperty<CATransform3D>,
      let component = TransformComponent(
        suffix: String(keyPath.dropFirst(property.rootKey.count + 1)))
    else { return nil }
    guard
      let program = PropertyProgram<CGFloat>(
        a, keyPath: keyPath,
        convert: { value, role in
          AnimationValueConversion.convert(value, to: CGFloat.self, keyPath: keyPath, role: role())
        })
    else { return .some(nil) }
    return TransformComponentTrack(property: root, component: component, program: program)
  }

  static func compileTyped<P: TypedLayerProperty>(
    _ a: CAPropertyAnimation, property: P, keyPath: String
  )
    -> AnimationTrack?
  {
    guard
      let program = PropertyProgram<P.Value>(
        a, keyPath: keyPath,
        convert: { value, role in
          AnimationValueConversion.convert(value, to: P.Value.self, keyPath: keyPath, role: role())
        })
    else { return nil }
    if let concrete = property as? LayerProperty<P.Value> {
      return ValueTrack.make(property: concrete, program: program)
    }
    return PropertyTrack(property: property, program: program)
  }

  static func compileValueFunction<P: TypedLayerProperty>(
    _ a: CAPropertyAnimation, function: CAValueFunction, property: P, keyPath: String
  ) -> AnimationTrack? {
    guard let transformProperty = property as? LayerProperty<CATransform3D> else {
      CADiagnostics.report(
        key: keyPath, "a value function needs a transform key path; the animation is ignored")
      return nil
    }
    let program = PropertyProgram<SIMD3<Double>>(a, keyPath: keyPath) { value, role in
      guard let v = function.input(from: value), v.isValidAnimationValue else {
        CADiagnostics.report(
          key: keyPath,
          "\(role()) is not a number or an array of numbers for \(function.name.rawValue); ignored")
        return nil
      }
      return v
    }
    guard let program else { return nil }
    return ValueFunctionTrack(property: transformProperty, function: function, program: program)
  }

  static func compilePath(
    _ a: CAKeyframeAnimation, path: CGPath, keyPath: String, registry: LayerPropertyRegistry
  )
    -> AnimationTrack?
  {
    let property = registry.property(forKeyPath: keyPath)
    guard let property, property.isAnimatable,
      let position = PointLikeProperty(property)
    else {
      CADiagnostics.report(
        key: keyPath,
        "a path animates animatable CGPoint or CGSize properties only; the animation is ignored")
      return nil
    }
    guard
      let rotation = registry.property(forKeyPath: "transform") as? LayerProperty<CATransform3D>,
      let sampler = PathSampler(a, path: path, keyPath: keyPath)
    else { return nil }
    let paced = a.calculationMode == .paced || a.calculationMode == .cubicPaced
    return PathTrack(
      position: position, rotation: rotation, sampler: sampler, timing: a.mediaTiming,
      curve: paced ? nil : a.timingFunction?.curve, isAdditive: a.isAdditive,
      isCumulative: a.isCumulative)
  }
}

/// A `CGPoint` or `CGSize` layer property seen as a point, so a keyframe path can drive
/// it: x is the width and y the height of a size (as Core Animation reads a path for
/// `transform.translation`, `shadowOffset` or `bounds.size`).
package struct PointLikeProperty: TypedLayerProperty {
  private let point: LayerProperty<CGPoint>?
  private let size: LayerProperty<CGSize>?

  /// Nil for a property of any other value type.
  package init?(_ property: any AnyLayerProperty) {
    point = property as? LayerProperty<CGPoint>
    size = property as? LayerProperty<CGSize>
    if point == nil && size == nil { return nil }
  }

  package var key: String { point?.key ?? size?.key ?? "" }
  package var rootKey: String { point?.rootKey ?? size?.rootKey ?? "" }
  package var isAnimatable: Bool { point?.isAnimatable ?? size?.isAnimatable ?? false }

  package func get(_ state: LayerState) -> CGPoint {
    if let point { return point.get(state) }
    let s = size?.get(state) ?? .zero
    return CGPoint(x: s.width, y: s.height)
  }

  package func set(_ state: inout LayerState, _ value: CGPoint) {
    if let point { return point.set(&state, value) }
    size?.set(&state, CGSize(width: value.x, height: value.y))
  }
}

import Foundation

/// One scalar component of a transform's decomposition, as the `transform.*` sub-paths
/// name them (`rotation.z`, `scale`, `translation.x`, …), read and written the way the
/// layer's key-path registry does.
package enum TransformComponent: Sendable {
  case rotation(axis: Int)
  case scale(axis: Int)
  case uniformScale
  case translation(axis: Int)

  /// The component for a sub-path suffix (after `transform.`), nil for others.
  package init?(suffix: String) {
    switch suffix {
    case "rotation.x": self = .rotation(axis: 0)
    case "rotation.y": self = .rotation(axis: 1)
    case "rotation.z", "rotation": self = .rotation(axis: 2)
    case "scale.x": self = .scale(axis: 0)
    case "scale.y": self = .scale(axis: 1)
    case "scale.z": self = .scale(axis: 2)
    case "scale": self = .uniformScale
    case "translation.x": self = .translation(axis: 0)
    case "translation.y": self = .translation(axis: 1)
    case "translation.z": self = .translation(axis: 2)
    default: return nil
    }
  }

  func get(_ d: CATransform3DDecomposition) -> Double {
    switch self {
    case .rotation(let a): return a == 0 ? d.rotationX : a == 1 ? d.rotationY : d.rotationZ
    case .scale(let a): return d.scale[a]
    case .uniformScale: return (d.scale.x + d.scale.y) / 2
    case .translation(let a): return d.translation[a]
    }
  }

  func set(_ d: inout CATransform3DDecomposition, _ v: Double) {
    switch self {
    case .rotation(let a):
      var euler = SIMD3(d.rotationX, d.rotationY, d.rotationZ)
      euler[a] = v
      d.quaternion = CATransform3DDecomposition.quaternion(eulerX: euler.x, y: euler.y, z: euler.z)
    case .scale(let a): d.scale[a] = v
    case .uniformScale: d.scale = SIMD3(repeating: v)
    case .translation(let a): d.translation[a] = v
    }
  }
}

/// An animation of one transform component (`transform.scale`, `transform.rotation.z`,
/// …) that decomposes the transform underneath only when it changes.
///
/// Writing a component means decompose, replace, recompose. The decomposition of the
/// transform below the animation (and of the model transform) is cached and reused while
/// that transform stays the same, so a steady frame only recomposes: no allocation and
/// no decomposition per frame. A frame's evaluation computes only the scalar; the
/// recomposition happens when the presentation state is assembled.
package final class TransformComponentTrack: AnimationTrack {
  let property: LayerProperty<CATransform3D>
  /// Whether the root is `sublayerTransform` (else `transform`), read directly.
  let isSublayerTransform: Bool
  let component: TransformComponent
  let program: PropertyProgram<CGFloat>
  var previous: CGFloat?
  private var cachedUnderlying: CATransform3D?
  private var underlyingParts = CATransform3DDecomposition.identity
  private var cachedModel: CATransform3D?
  private var modelParts = CATransform3DDecomposition.identity

  package init(
    property: LayerProperty<CATransform3D>, component: TransformComponent,
    program: PropertyProgram<CGFloat>
  ) {
    self.property = property
    isSublayerTransform = property.key == "sublayerTransform"
    self.component = component
    self.program = program
    super.init(timing: program.timing)
  }

  private func underlying(_ t: CATransform3D) -> CATransform3DDecomposition {
    if t != cachedUnderlying {
      cachedUnderlying = t
      underlyingParts = t.editableDecomposition
    }
    return underlyingParts
  }

  private func modelParts(of t: CATransform3D) -> CATransform3DDecomposition {
    if t != cachedModel {
      cachedModel = t
      modelParts = t.editableDecomposition
    }
    return modelParts
  }

  /// The value kept by the last `evaluate`.
  private var frameValue: CGFloat = 0

  private func value(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) -> CGFloat {
    program.animatedValue(
      e,
      model: {
        let m = model()
        return CGFloat(
          component.get(
            self.modelParts(of: isSublayerTransform ? m.sublayerTransform : m.transform)))
      }, previous: previous)
  }

  private func write(_ value: CGFloat, into state: inout LayerState) {
    var d = underlying(isSublayerTransform ? state.sublayerTransform : state.transform)
    let v = program.isAdditive ? value + CGFloat(component.get(d)) : value
    guard v.isFinite else { return reportOverflow() }
    component.set(&d, Double(v))
    if isSublayerTransform {
      state.sublayerTransform = CATransform3D(d)
    } else {
      state.transform = CATransform3D(d)
    }
  }

  package override func apply(
    _ e: MediaTiming.Evaluation, to state: inout LayerState, modelState model: () -> LayerState
  ) {
    write(value(e, modelState: model), into: &state)
  }

  package override func evaluate(_ e: MediaTiming.Evaluation, modelState model: () -> LayerState) {
    let v = value(e, modelState: model)
    frameChanged = !isShowing || v != frameValue
    frameValue = v
    isShowing = true
  }

  package override func materialize(into state: inout LayerState) {
    if isShowing { write(frameValue, into: &state) }
  }

  package override func flatSource() -> (FlatSource, cumulative: Bool)? { FlatSource.make(program) }

  package override func materialize(flat lanes: SIMD4<Double>, into state: inout LayerState) {
    write(CGFloat(lanes.x), into: &state)
  }

  package override func capturePrevious(from presentation: LayerState) {
    if program.needsPreviousValue {
      previous = CGFloat(component.get(property.get(presentation).editableDecomposition))
    }
  }
}

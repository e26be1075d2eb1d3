import Foundation

/// The copies a replicator node draws of its sublayers, one after the other: each copy's
/// instance transform, tint and time, as `RenderTreeBuilder` gives them to the copy's
/// nodes both when it builds a tree and when it updates one in place.
///
/// Copy `i` (from 0) gets the replicator's `instanceTransform` applied `i` times about
/// its anchor point (none for copy 0), the colour `instanceColor + i · offsets`, each
/// channel clamped to 0…1, multiplied by the colour the replicator itself inherits, and,
/// when instance delays are drawn, the replicator's local time less `i · instanceDelay`
/// (seconds) to evaluate the copy's animations at.
struct ReplicatorInstances {
  private let toAnchor: CATransform3D
  private let back: CATransform3D
  private let instanceTransform: CATransform3D
  private let offset: SIMD4<Float>
  private let delay: Double
  /// The replicator's local time (seconds).
  private let now: Double
  /// The time its own sublayers are drawn at (nil: the frame's presentation).
  private let time: Double?
  private let tint: SIMD4<Float>?
  private var step = CATransform3D.identity
  private var color: SIMD4<Float>
  /// The number of the next copy.
  private var index = 0

  /// The copies of replicator `rep` drawn with `state` (its anchor point), inheriting
  /// `tint`. `now` is the replicator's local time; `time` the time its sublayers are
  /// otherwise drawn at (a delayed copy of the replicator itself); `delays` whether
  /// instance delays are drawn.
  init(
    _ rep: ReplicatorLayerState, state: LayerState, tint: SIMD4<Float>?, now: Double, time: Double?,
    delays: Bool
  ) {
    let a = state.anchorInBounds
    let z = state.anchorPointZ
    toAnchor = CATransform3DMakeTranslation(-a.x, -a.y, -z)
    back = CATransform3DMakeTranslation(a.x, a.y, z)
    instanceTransform = rep.instanceTransform
    let c = rep.instanceColor ?? .white
    color = SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
    offset = SIMD4(
      rep.instanceRedOffset, rep.instanceGreenOffset, rep.instanceBlueOffset,
      rep.instanceAlphaOffset)
    let d = rep.instanceDelay.isFinite ? rep.instanceDelay : 0
    delay = delays ? d : 0
    self.now = now
    self.time = time
    self.tint = tint
  }

  /// The next copy's instance transform (nil for the first), tint and time.
  mutating func next() -> (transform: CATransform3D?, tint: SIMD4<Float>?, time: Double?) {
    let i = index
    let inst = i == 0 ? nil : toAnchor.concatenating(step).concatenating(back)
    let clamped = color.replacing(with: 0, where: color .< 0).replacing(with: 1, where: color .> 1)
    let copyTint: SIMD4<Float>? =
      clamped == SIMD4(repeating: 1) ? tint : clamped * (tint ?? SIMD4(repeating: 1))
    let copyTime = delay != 0 && i > 0 ? now - Double(i) * delay : time
    step = step.concatenating(instanceTransform)
    color += offset
    index += 1
    return (inst, copyTint, copyTime)
  }
}

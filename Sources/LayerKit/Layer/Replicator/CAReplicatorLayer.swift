import Foundation

/// A layer that draws its sublayers several times, each copy transformed, tinted and
/// delayed a step further than the one before.
///
/// Copy `i` (0 for the original) is drawn with `instanceTransform` applied `i` times
/// about the replicator's anchor point, its colours multiplied by `instanceColor` plus
/// `i` times the colour offsets (each clamped to 0…1), and its animations evaluated
/// `i · instanceDelay` seconds earlier.
///
/// ```swift
/// let dots = CAReplicatorLayer()
/// dots.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
/// dots.instanceCount = 12
/// dots.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
/// dots.instanceAlphaOffset = -1.0 / 12
/// dots.addSublayer(dot)
/// ```
open class CAReplicatorLayer: CALayer {
  public override init() {
    super.init()
    if state.replicator == nil { state.replicator = ReplicatorLayerState() }
  }

  /// Copies `layer`'s model, replicator settings included when it is a replicator.
  public required init(layer: Any) {
    super.init(layer: layer)
    if state.replicator == nil { state.replicator = ReplicatorLayerState() }
  }

  override package class var propertyRegistry: LayerPropertyRegistry { .replicatorLayer }

  override package class var frameTraits: LayerFrameTraits {
    LayerFrameTraits(nodeKind: .replicator, drawsOverTime: true)
  }

  override package class func makeRenderReplica() -> CALayer { CAReplicatorLayer() }

  /// How many copies to draw, the original included. Default 1. A negative count is
  /// treated as 0 with a diagnostic.
  public var instanceCount: Int {
    get { state.replicatorState.instanceCount }
    set {
      if newValue < 0 {
        CADiagnostics.report(key: "instanceCount", "negative count \(newValue); using 0")
      }
      setModelValue(\.replicatorState.instanceCount, max(newValue, 0), forKey: "instanceCount")
    }
  }

  /// Seconds between the animation times of consecutive copies. Default 0. Animatable.
  public var instanceDelay: CFTimeInterval {
    get { state.replicatorState.instanceDelay }
    set {
      guard newValue.isFinite else {
        CADiagnostics.report(key: "instanceDelay", "ignored the non-finite value \(newValue)")
        return
      }
      setModelValue(\.replicatorState.instanceDelay, newValue, forKey: "instanceDelay")
    }
  }

}

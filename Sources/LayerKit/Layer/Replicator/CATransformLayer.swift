import Foundation

/// A layer that keeps its sublayers in 3D instead of flattening them into its plane.
///
/// An ordinary layer renders its sublayers into its own plane, so a 3D scene built from
/// nested layers collapses at every level. A transform layer does not: its sublayers
/// (and theirs, through nested transform layers) keep their depth and are drawn back to
/// front by the depth of their centres, so cubes and card stacks built from layers look
/// solid.
///
/// As Core Animation documents, a transform layer draws nothing of its own: its
/// background, border, contents, shadow, mask, `masksToBounds` and opacity grouping are
/// ignored, and it is only the frame of reference of its sublayers.
open class CATransformLayer: CALayer {
  public override init() { super.init() }
  public required init(layer: Any) { super.init(layer: layer) }

  override package class var frameTraits: LayerFrameTraits {
    LayerFrameTraits(nodeKind: .transform)
  }

  override package class func makeRenderReplica() -> CALayer { CATransformLayer() }
}

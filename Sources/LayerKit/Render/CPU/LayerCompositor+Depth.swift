import Foundation

// CATransformLayer: sublayers keep their 3D placement.
//
// The transform layer's sublayers (and, through nested transform layers, theirs) are
// drawn back to front in the order of the frame's placement (`DepthOrder`), each as an
// ordinary layer, its own subtree flattened into its plane. The transform layer's own
// appearance is not drawn; its opacity multiplies each sublayer's. A replicator with
// `preservesDepth` orders its copies by the same depth.
extension LayerCompositor {
  func drawTransformLayer(
    _ i: Int, local: CATransform3D, parentMap: ProjectiveTransform2D, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float
  ) {
    // The placement's order holds for the transform layer where the placement put it (a
    // layer drawn in its own space, such as the root of `render(in:)`, is ordered here).
    let items =
      placed(i).pointee.local == local
      ? placement.depthOrders[i] ?? DepthOrder.items(of: i, local: local, nodes: node(0))
      : DepthOrder.items(of: i, local: local, nodes: node(0))
    for it in items {
      var a = alpha
      for o in it.nestedOpacities { a *= o }
      drawNode(it.index, local: it.transform, parentMap: parentMap, into: s, clip: clip, alpha: a)
    }
  }

  /// A replicator with `preservesDepth`: its sublayers (every copy) are drawn back to
  /// front by the depth of their bounds' centres in the replicator's sublayer space, as
  /// a transform layer orders its sublayers; each copy still flattens into the
  /// replicator's plane, which flattens into its superlayer's.
  func drawDepthSortedSublayers(
    _ i: Int, parentMap: ProjectiveTransform2D, into s: RenderSurface, clip: PixelRect, alpha: Float
  ) {
    let children = tree.nodes[i].children
    let locals = children.map { localTransform($0, parent: i) }
    let depths = children.indices.map {
      DepthOrder.depth(of: tree.nodes[children[$0]].state.bounds, under: locals[$0])
    }
    for k in DepthOrder.backToFront(depths) {
      drawNode(
        children[k], local: locals[k], parentMap: parentMap, into: s, clip: clip, alpha: alpha)
    }
  }
}

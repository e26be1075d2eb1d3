import Foundation

// CATransformLayer: sublayers keep their 3D placement.
//
// The transform layer's sublayers (and, through nested transform layers, theirs) are
// collected with their full 4×4 transforms into the plane the transform layer sits in,
// sorted back to front by the depth of their bounds' centres (z/w after the transform,
// which perspective keeps in order for points in front of the eye; ties keep tree
// order), and each is drawn as an ordinary layer, its own subtree flattened into its
// plane. The transform layer's own appearance is not drawn; its opacity multiplies
// each sublayer's.
extension LayerCompositor {
  func drawTransformLayer(
    _ i: Int, local: CATransform3D, parentMap: ProjectiveTransform2D, into s: RenderSurface, clip: PixelRect,
    alpha: Float
  ) {
    var items: [(index: Int, transform: CATransform3D, alpha: Float, depth: Double)] = []
    func collect(_ t: Int, _ m: CATransform3D, _ a: Float, _ level: Int) {
      guard level < 64 else { return }
      for c in tree.nodes[t].children {
        let cn = tree.nodes[c]
        guard !cn.state.isHidden else { continue }
        let mc = tree.localTransform(c, parent: t).concatenating(m)
        if cn.kind == .transform {
          let op = cn.state.opacity
          guard !op.isNaN else { continue }
          collect(c, mc, a * Swift.min(Swift.max(op, 0), 1), level + 1)
        } else {
          let b = cn.state.bounds
          let x = b.midX, y = b.midY
          let z = x * mc.m13 + y * mc.m23 + mc.m43
          let w = x * mc.m14 + y * mc.m24 + mc.m44
          items.append((c, mc, a, w > 1e-12 ? z / w : -.infinity))
        }
      }
    }
    collect(i, local, alpha, 0)
    let order = items.indices.sorted { l, r in
      items[l].depth != items[r].depth ? items[l].depth < items[r].depth : l < r
    }
    for k in order {
      let it = items[k]
      drawNode(it.index, local: it.transform, parentMap: parentMap, into: s, clip: clip, alpha: it.alpha)
    }
  }
}

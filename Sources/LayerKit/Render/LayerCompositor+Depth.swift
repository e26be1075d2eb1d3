import Foundation

// CATransformLayer: sublayers keep their 3D placement.
//
// The transform layer's sublayers (and, through nested transform layers, theirs) are
// collected with their full 4×4 transforms into the plane the transform layer sits in,
// sorted back to front by the depth of their bounds' centres (z/w after the transform,
// which perspective keeps in order for points in front of the eye; ties keep tree
// order), and each is drawn as an ordinary layer, its own subtree flattened into its
// plane. The transform layer's own appearance is not drawn; its opacity multiplies
// each sublayer's. A replicator with `preservesDepth` orders its copies the same way.
extension LayerCompositor {
  func drawTransformLayer(
    _ i: Int, local: CATransform3D, parentMap: ProjectiveTransform2D, into s: RenderSurface,
    clip: PixelRect,
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
          items.append((c, mc, a, Self.depth(of: cn.state.bounds, under: mc)))
        }
      }
    }
    collect(i, local, alpha, 0)
    for k in Self.backToFront(items.map(\.depth)) {
      let it = items[k]
      drawNode(
        it.index, local: it.transform, parentMap: parentMap, into: s, clip: clip, alpha: it.alpha)
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
    let locals = children.map { tree.localTransform($0, parent: i) }
    let depths = children.indices.map {
      Self.depth(of: tree.nodes[children[$0]].state.bounds, under: locals[$0])
    }
    for k in Self.backToFront(depths) {
      drawNode(
        children[k], local: locals[k], parentMap: parentMap, into: s, clip: clip, alpha: alpha)
    }
  }

  /// The depth (z/w) of `bounds`' centre under `m`; −∞ behind the eye.
  static func depth(of bounds: CGRect, under m: CATransform3D) -> Double {
    let x = bounds.midX
    let y = bounds.midY
    let z = x * m.m13 + y * m.m23 + m.m43
    let w = x * m.m14 + y * m.m24 + m.m44
    return w > 1e-12 ? z / w : -.infinity
  }

  /// Indices of `depths` from the farthest (smallest z) to the nearest; ties keep
  /// their order.
  static func backToFront(_ depths: [Double]) -> [Int] {
    depths.indices.sorted { l, r in depths[l] != depths[r] ? depths[l] < depths[r] : l < r }
  }
}

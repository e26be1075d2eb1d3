import Foundation

/// The order in which a `CATransformLayer`'s sublayers are drawn: back to front by depth.
///
/// The transform layer's sublayers (and, through nested transform layers, theirs) keep
/// their full 4×4 transforms into the plane the transform layer sits in; they are sorted
/// by the depth of their bounds' centres (z/w after the transform, which perspective
/// keeps in order for points in front of the eye; ties keep tree order), and each is
/// drawn as an ordinary layer, its own subtree flattened into its plane. A nested
/// transform layer's opacity multiplies its sublayers'. A replicator with
/// `preservesDepth` orders its copies by the same depth (`depth(of:under:)`).
package enum DepthOrder {
  /// A sublayer of a transform layer, in drawing order.
  package struct Item: Sendable, Equatable {
    /// Its node index.
    package var index: Int
    /// Its 4×4 transform into the plane the transform layer sits in.
    package var transform: CATransform3D
    /// The clamped opacities of the nested transform layers between it and the transform
    /// layer, outermost first (empty for a direct sublayer): its inherited opacity is the
    /// transform layer's times each of these, in this order.
    package var nestedOpacities: [Float]
    /// The depth of its bounds' centre (`depth(of:under:)`).
    package var depth: Double
  }

  /// The shown sublayers of transform layer `t` (placed by `local` in the plane it sits
  /// in), nested transform layers collected through, back to front; `nodes` is the tree's
  /// node storage. Nesting deeper than 64 transform layers is cut off.
  package static func items(
    of t: Int, local: CATransform3D, nodes: UnsafePointer<RenderNode>
  ) -> [Item] {
    var items: [Item] = []
    func collect(_ t: Int, _ m: CATransform3D, _ opacities: [Float], _ level: Int) {
      guard level < 64 else { return }
      let tn = nodes + t
      for c in tn.pointee.children {
        let cn = nodes + c
        guard LayerVisibility.isShown(cn) else { continue }
        let mc = RenderTree.localTransform(cn, parent: tn).concatenating(m)
        if cn.pointee.kind == .transform {
          guard let op = LayerVisibility.ownOpacity(cn.state) else { continue }
          collect(c, mc, opacities + [op], level + 1)
        } else {
          items.append(
            Item(
              index: c, transform: mc, nestedOpacities: opacities,
              depth: depth(of: cn.pointee.state.bounds, under: mc)))
        }
      }
    }
    collect(t, local, [], 0)
    return backToFront(items.map(\.depth)).map { items[$0] }
  }

  /// The depth (z/w) of `bounds`' centre under `m`; −∞ behind the eye.
  package static func depth(of bounds: CGRect, under m: CATransform3D) -> Double {
    let x = bounds.midX
    let y = bounds.midY
    let z = x * m.m13 + y * m.m23 + m.m43
    let w = x * m.m14 + y * m.m24 + m.m44
    return w > 1e-12 ? z / w : -.infinity
  }

  /// Indices of `depths` from the farthest (smallest z) to the nearest; ties keep
  /// their order.
  package static func backToFront(_ depths: [Double]) -> [Int] {
    depths.indices.sorted { l, r in depths[l] != depths[r] ? depths[l] < depths[r] : l < r }
  }
}

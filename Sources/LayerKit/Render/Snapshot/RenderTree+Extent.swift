import Foundation

// What a layer's drawing covers, for shadows, perspective offscreens and damage.
extension RenderTree {
  /// The bounding box, in node `i`'s coordinates, of what it paints (`paintedRect`: its
  /// bounds, a shape's stroked path, contents outside the bounds), its shadow, and
  /// everything its sublayers draw (through their flattened transforms); a sublayer
  /// reaching behind the eye adds nothing it can show.
  package func contentExtent(_ i: Int, depth: Int) -> CGRect {
    let n = nodes[i]
    var r = n.paintedRect
    if n.state.shadowOpacity > 0 {
      let grow =
        n.state.shadowBlurReach
        + max(abs(n.state.shadowOffset.width), abs(n.state.shadowOffset.height))
      if grow.isFinite { r = r.insetBy(dx: -grow, dy: -grow) }
    }
    guard depth < 32, !n.state.masksToBounds else { return r }
    for c in n.children {
      let m = ProjectiveTransform2D(flattening: localTransform(c, parent: i))
      if let box = LayerGeometry.boundingBox(of: contentExtent(c, depth: depth + 1), through: m) {
        r = r.union(box)
      }
    }
    return r
  }

  /// Whether what node `i` draws has exactly the shape of its rounded bounds: an
  /// opaque background, and contents and sublayers that stay inside the part of the
  /// bounds no rounded corner cuts (so the shadow can use the cached path mask).
  package func shadowFollowsRoundedBounds(_ i: Int) -> Bool {
    let n = nodes[i]
    let st = n.state
    guard (st.backgroundColor?.alpha ?? 0) >= 1, n.kind == .layer || n.kind == .gradient else {
      return false
    }
    let r = RoundedRectPath.cornerExtent(of: st)
    let safe = st.bounds.insetBy(dx: r * 0.3, dy: r * 0.3)
    if let image = n.image {
      let rect = nodes.withUnsafeBufferPointer {
        ($0.baseAddress.unsafelyUnwrapped + i).imageRect(image)
      }
      if !st.masksToBounds && !safe.contains(rect) { return false }
    }
    if st.masksToBounds { return true }
    for c in n.children {
      let m = ProjectiveTransform2D(flattening: localTransform(c, parent: i))
      guard let box = LayerGeometry.boundingBox(of: contentExtent(c, depth: 1), through: m),
        safe.contains(box)
      else { return false }
    }
    return true
  }
}

import Foundation

extension RenderNode {
  /// The rectangle, in the layer's own coordinates (points), that holds everything the
  /// layer paints itself apart from its shadow: its bounds, a shape layer's path grown by
  /// the stroke's reach (`ShapeLayerState.strokeReach`, the rule the compositor draws
  /// by), and contents placed outside the bounds by `contentsGravity`.
  /// Sublayers are not included.
  package var paintedRect: CGRect { withUnsafePointer(to: self) { $0.paintedRect } }
}

extension UnsafePointer<RenderNode> {
  /// `RenderNode.paintedRect`, read in place.
  package var paintedRect: CGRect {
    var r = pointee.state.bounds
    if let sh = pointee.state.rare.value.shape, let p = sh.path, !p.isEmpty {
      // A miter limit that is not finite leaves the stroke unbounded.
      let grow = sh.strokeReach ?? .infinity
      r = r.union(p.boundingBoxOfPath.insetBy(dx: -grow, dy: -grow))
    }
    if pointee.backingStore == nil, let image = pointee.state.contentsObject?.image {
      r = r.union(imageRect(image))
    }
    return r
  }

  /// The rectangle (layer coordinates) the node's `image` fills: its bounds for a backing
  /// store, else its contents laid out by gravity, `contentsRect` and `contentsScale`
  /// (`ContentsLayout`).
  package func imageRect(_ image: CGImage) -> CGRect {
    let st = state
    guard pointee.backingStore == nil else { return st.pointee.bounds }
    return ContentsLayout.rect(
      gravity: st.pointee.contentsGravity, imageWidth: image.width, imageHeight: image.height,
      contentsRect: st.pointee.contentsRect, contentsScale: st.pointee.contentsScale,
      bounds: st.pointee.bounds, flipped: st.pointee.isGeometryFlipped)
  }
}

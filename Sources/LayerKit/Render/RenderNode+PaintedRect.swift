import Foundation

extension RenderNode {
  /// The rectangle, in the layer's own coordinates (points), that holds everything the
  /// layer paints itself apart from its shadow: its bounds, a shape layer's path grown by
  /// the stroke's reach (half the line width times the miter limit, plus a point for
  /// anti-aliasing), and contents placed outside the bounds by `contentsGravity`.
  /// Sublayers are not included.
  package var paintedRect: CGRect {
    let st = state
    var r = st.bounds
    if let sh = st.shape, let p = sh.path, !p.isEmpty {
      let grow = sh.strokeColor == nil ? 0 : sh.lineWidth * Swift.max(sh.miterLimit, 1) / 2 + 1
      r = r.union(p.boundingBoxOfPath.insetBy(dx: -grow, dy: -grow))
    }
    if let image, backingStore == nil {
      r = r.union(
        ContentsLayout.rect(
          gravity: st.contentsGravity, imageWidth: image.width, imageHeight: image.height,
          contentsRect: st.contentsRect, contentsScale: st.contentsScale, bounds: st.bounds,
          flipped: st.isGeometryFlipped))
    }
    return r
  }
}

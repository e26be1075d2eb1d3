import CEGL
import Foundation
import LayerKit

// The layers the GPU path does not draw: their subtrees drawn by the CPU compositor.
extension GLFrameWalk {
  /// Node `i`'s whole subtree drawn by the CPU compositor.
  mutating func drawOnCPU(_ i: Int, parentMap: ProjectiveTransform2D, alpha: Float) {
    let top = targets[targets.count - 1].rect
    let region = subtreeExtent(i).intersection(rect).intersection(top)
    guard !region.isEmpty, let surface = RenderSurface(rect: region) else { return }
    // A blend mode inside blends onto what is behind the subtree: the CPU compositor
    // draws onto a copy of it, and its pixels replace the target's.
    let blends = subtreeBlends(i)
    if blends { readBack(region, into: surface) }
    backend.compositor.renderSubtree(
      i, of: frame.tree, placement: frame.placement, parentMap: parentMap, into: surface,
      clip: region, alpha: alpha)
    cpuSubtrees += 1
    uploadedBytes += backend.compositeSurface(surface, replacing: blends)
  }

  /// Reads the device pixels `region` of the bound target into `surface` (which covers
  /// them).
  private func readBack(_ region: PixelRect, into surface: RenderSurface) {
    backend.drawer.flush()
    let gl = backend.context.gl
    let t = targets[targets.count - 1].rect
    gl.glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
    gl.glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(surface.stride))
    gl.glReadPixels(
      GLint(region.x0 - t.x0), GLint(region.y0 - t.y0), GLsizei(region.width),
      GLsizei(region.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
      surface.pixel(x: region.x0, y: region.y0))
    gl.glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
  }

  /// The device pixels node `i` and everything under it (sublayers, mask, a transition's
  /// outgoing state) can touch: the union of their extents, grown by the reach of a
  /// shadow node `i` casts.
  ///
  /// A placement extent holds a layer's own shadow, cast by its bounds; a shadow shaped
  /// by the content casts its sublayers' shapes too, moved and blurred past their
  /// extents, so the union is grown by the shadow's offset and blur reach.
  func subtreeExtent(_ i: Int) -> PixelRect {
    let n = nodes + i
    var r = extent(i)
    for c in n.pointee.children { r = r.union(subtreeExtent(c)) }
    if let m = n.pointee.mask { r = r.union(subtreeExtent(m)) }
    if let t = n.pointee.transition { r = r.union(subtreeExtent(t.outgoing)) }
    if Self.castsShadow(n.state), !n.pointee.children.isEmpty {
      // Under perspective (no such bound), the pixels being drawn.
      r = shadowGrowth(i).map { r.insetBy(-$0) } ?? r.union(rect)
    }
    return r
  }

  /// The device pixels node `i`'s shadow reaches past what casts it (its offset and
  /// `shadowBlurReach`, plus the placement's two points, at the larger scale of the
  /// node's and its superlayer's maps); nil under a projective map.
  private func shadowGrowth(_ i: Int) -> Int? {
    let st = (nodes + i).state
    func stretch(_ t: CGAffineTransform) -> CGFloat {
      max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
    }
    guard let own = placed[i].map.exactAffine else { return nil }
    var s = stretch(own)
    let parent = placed[i].parent
    if parent >= 0 {
      guard let up = placed[parent].map.exactAffine else { return nil }
      s = max(s, stretch(up))
    }
    let o = st.pointee.shadowOffset
    let grow = (st.pointee.shadowBlurReach + 2 + max(abs(o.width), abs(o.height))) * s
    guard grow.isFinite, grow < 1e6 else { return nil }
    return Int(grow.rounded(.up)) + 1
  }

  /// Whether a sublayer of node `i`, at any depth, sits under a projective map.
  func reachesPerspective(_ i: Int) -> Bool {
    (nodes + i).pointee.children.contains { c in
      placed[c].offscreen.contains(.perspective) || reachesPerspective(c)
    }
  }
}

import Foundation
import LayerKit

// The layers the GPU path does not draw: their subtrees drawn by the CPU compositor.
extension GLFrameWalk {
  /// Node `i`'s whole subtree drawn by the CPU compositor.
  mutating func drawOnCPU(_ i: Int, parentMap: ProjectiveTransform2D, alpha: Float) {
    let region = subtreeExtent(i).intersection(rect)
    guard !region.isEmpty, let surface = RenderSurface(rect: region) else { return }
    backend.compositor.renderSubtree(
      i, of: frame.tree, placement: frame.placement, parentMap: parentMap, into: surface,
      clip: region, alpha: alpha)
    cpuSubtrees += 1
    uploadedBytes += backend.compositeSurface(surface)
  }

  /// The device pixels node `i` and everything under it (sublayers, mask, a transition's
  /// outgoing state) can touch: the union of their extents.
  func subtreeExtent(_ i: Int) -> PixelRect {
    let n = nodes + i
    var r = placed[i].extent
    for c in n.pointee.children { r = r.union(subtreeExtent(c)) }
    if let m = n.pointee.mask { r = r.union(subtreeExtent(m)) }
    if let t = n.pointee.transition { r = r.union(subtreeExtent(t.outgoing)) }
    return r
  }

  /// Whether a sublayer of node `i`, at any depth, sits under a projective map.
  func reachesPerspective(_ i: Int) -> Bool {
    (nodes + i).pointee.children.contains { c in
      placed[c].offscreen.contains(.perspective) || reachesPerspective(c)
    }
  }
}

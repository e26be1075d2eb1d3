import Foundation

// `compositingFilter` blend modes: the layer drawn as a group, blended onto its backdrop.
extension LayerCompositor {
  /// Draws node `i` (with its subtree, at inherited opacity `alpha`) into an offscreen
  /// laid out over `offscreenArea(of:)` and drawn inside `clip`, then blends that group
  /// onto `s` with `mode`.
  ///
  /// The group is drawn by the ordinary walk (`drawNode`), so transforms, perspective,
  /// masks and rasterization work as without a filter; only the final compositing step
  /// changes from source over to `mode`.
  func drawBlendGroup(
    _ i: Int, mode: CGBlendMode, local: CATransform3D, parentMap: ProjectiveTransform2D,
    into s: RenderSurface,
    clip: PixelRect, alpha: Float
  ) {
    let area = offscreenArea(of: s)
    let region = clip.intersection(area)
    guard !region.isEmpty, let group = RenderSurface(rect: area) else { return }
    let outer = blendGroupNode
    blendGroupNode = i
    drawNode(i, local: local, parentMap: parentMap, into: group, clip: region, alpha: alpha)
    blendGroupNode = outer
    PixelCompositing.blend(group, onto: s, clip: region, mode: mode)
  }
}

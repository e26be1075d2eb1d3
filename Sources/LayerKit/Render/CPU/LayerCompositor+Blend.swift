import Foundation

// `compositingFilter` blend modes: the layer drawn as a group, blended onto its backdrop.
extension LayerCompositor {
  /// Draws node `i` (with its subtree, at inherited opacity `alpha`) into an offscreen
  /// laid out over `offscreenArea(of:)` cut to the layer's drawn extent (when it is known)
  /// and drawn inside `clip`, then blends that group onto `s` with `mode`.
  ///
  /// The group is drawn by the ordinary walk (`drawNode`), so transforms, perspective,
  /// masks and rasterization work as without a filter; only the final compositing step
  /// changes from source over to `mode`.
  func drawBlendGroup(
    _ i: Int, mode: CGBlendMode, local: CATransform3D, parentMap: ProjectiveTransform2D,
    into s: RenderSurface,
    clip: PixelRect, alpha: Float
  ) {
    var area = offscreenArea(of: s)
    // Only where the layer can draw: outside it the group is transparent, and blending a
    // transparent source leaves the backdrop as it is, so the pixels are the same.
    if let affine = ProjectiveTransform2D(flattening: local).concatenating(parentMap).exactAffine,
      let e = drawnExtent(i, map: affine, parentMap: parentMap)
    {
      area = area.intersection(e)
    }
    let region = clip.intersection(area)
    // Drawn into and blended only inside `region`: a kept bitmap is cleared only there.
    guard !region.isEmpty, let group = surfaces.surface(rect: area, used: region) else { return }
    let outer = blendGroupNode
    blendGroupNode = i
    drawNode(i, local: local, parentMap: parentMap, into: group, clip: region, alpha: alpha)
    blendGroupNode = outer
    PixelCompositing.blend(group, onto: s, clip: region, mode: mode)
    surfaces.recycle(group)
  }
}

import CEGL
import Foundation
import LayerKit

// A layer's own content: one texture, drawn whole or once per nine-part patch.
extension GLFrameWalk {
  /// Draws a layer's content texture over the device pixels `quad` at `alpha`: filling
  /// the plan's texture rectangle, shown inside its shown rectangle; or, for nine-part
  /// contents, once per patch, each patch's whole-image rectangle shown inside its
  /// destination, as `LayerCompositor.drawImage` draws each patch.
  func drawContent(
    _ plan: GLLayerContent, _ texture: GLTextureCache.Entry, of node: Int,
    map: ProjectiveTransform2D, affine: CGAffineTransform?, inverse: [Float], quad: PixelRect,
    alpha: Float
  ) {
    // A kept bitmap of a shape or text covers its own rectangle; an image fills the
    // plan's (the layer's bounds may have changed since it was uploaded).
    let parts =
      plan.patches
      ?? [
        plan.rasterScale == nil
          ? (plan.textureRect, plan.shownRect) : (texture.rect, texture.rect)
      ]
    for (full, shown) in parts {
      var nearest = false
      if case .image = plan.source {
        // The CPU compositor's rule: magnified when an image pixel spans more than one
        // device pixel along either axis.
        let centre = CGPoint(x: shown.midX, y: shown.midY)
        let s = GLLayerContent.localScale(map, at: centre)
        let perPixel = max(
          s * full.width / CGFloat(texture.width), s * full.height / CGFloat(texture.height))
        nearest = (perPixel > 1 ? plan.magnification : plan.minification) == .nearest
      }
      func shape(_ r: CGRect) -> GLQuadDrawer.Shape {
        var s = GLQuadDrawer.Shape(rect: r, radii: .zero)
        if let affine {
          s.outline = GLOutline(
            roundedRect: r, radius: 0, corners: [], curve: .circular, map: affine)
        }
        return s
      }
      // Minified trilinearly: levels ⌊λ⌋ and ⌊λ⌋ + 1 of the image's mip chain.
      var drawn = texture.texture
      var slot = texture.texels
      var mip: (next: GLuint, weight: UInt32)? = nil
      if let m = plan.mip {
        let cache = backend.textures
        let key = (nodes + node).pointee.key
        guard let lower = m.level == 0 ? drawn : cache.level(m.level, for: key) else { return }
        let upper = m.weight > 0 ? cache.level(m.level + 1, for: key) : nil
        guard m.weight == 0 || upper != nil else { return }
        if m.level > 0 { slot = nil }
        drawn = lower
        mip = (upper ?? lower, m.weight)
      }
      backend.drawer.texture(
        drawn, slot: slot, textureRect: full, shape: shape(shown), opacity: alpha,
        nearest: nearest, inverse: inverse,
        filled: plan.patches == nil ? nil : shape(full.standardized), mip: mip, quad: quad)
    }
  }
}

import CEGL
import Foundation
import LayerKit

// Blend modes (`compositingFilter`): the layer's group blended onto a copy of its backdrop.
extension GLFrameWalk {
  /// Draws node `i` (a layer with a blend mode `mode`, at inherited opacity `alpha`, its
  /// superlayer's plane mapped by `parentMap`) as `LayerCompositor.drawBlendGroup` does:
  /// the layer and its sublayers into an offscreen over the pixels they can touch
  /// (cleared), then blended by `mode` onto what the current target holds there.
  ///
  /// The backdrop is copied out of the current target (the frame, or the offscreen of the
  /// nearest enclosing group: a mask, group opacity, a bounds clip that is not a pixel
  /// rectangle, or another blend mode), and one pass of the mode's program
  /// (``GLBlendProgram``) writes the blended pixels in its place.
  mutating func drawBlendGroup(
    _ i: Int, mode: CGBlendMode, parentMap: ProjectiveTransform2D, alpha: Float
  ) {
    let outer = rect
    let top = targets[targets.count - 1].rect
    guard let (group, region) = beginGroup(subtreeExtent(i).intersection(rect).intersection(top))
    else { return }
    let enclosing = blendGroup
    blendGroup = i
    drawNode(i, parentMap: parentMap, alpha: alpha)
    blendGroup = enclosing
    targets.removeLast()
    // Taken before the target is bound again: making an offscreen binds its framebuffer.
    let pool = backend.offscreens
    let backdrop = pool.take(width: region.width, height: region.height)
    bindTop(scissor: outer)
    if let backdrop {
      copyBackdrop(region, into: backdrop.texture)
      backend.blender.blend(
        group.texture, backdrop: backdrop.texture, origin: (region.x0, region.y0), mode: mode,
        quad: region.intersection(outer), target: top)
      backend.drawer.begin(target: top)
      pool.give(backdrop)
    }
    // Without a backdrop offscreen (the driver could make none) the group is not drawn.
    pool.give(group)
  }

  /// Copies the device pixels `region` of the bound target into texels (0, 0)… of
  /// `texture`.
  func copyBackdrop(_ region: PixelRect, into texture: GLuint) {
    backend.drawer.flush()
    let gl = backend.context.gl
    let t = targets[targets.count - 1].rect
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    gl.glCopyTexSubImage2D(
      GLenum(GL_TEXTURE_2D), 0, 0, 0, GLint(region.x0 - t.x0), GLint(region.y0 - t.y0),
      GLsizei(region.width), GLsizei(region.height))
  }

  /// Whether a layer in node `i`'s subtree (not node `i` itself while it is the blend
  /// group being drawn) has a blend mode: then a CPU-drawn subtree is drawn onto a copy
  /// of its backdrop (`drawOnCPU`), since such a layer blends onto what is behind it.
  func subtreeBlends(_ i: Int) -> Bool {
    let n = nodes + i
    if i != blendGroup, CompositingFilter.blendMode(named: n.state.compositingFilter) != nil {
      return true
    }
    return n.pointee.children.contains { subtreeBlends($0) }
      || n.pointee.transition.map { subtreeBlends($0.outgoing) } ?? false
  }
}

import CEGL
import Foundation
import LayerKit

// Bounds clips: the scissor for pixel rectangles, offscreen groups for the rest.
extension GLFrameWalk {
  /// Sets the scissor to the device pixels `r` of the current target.
  mutating func setScissor(_ r: PixelRect) {
    backend.drawer.flush()
    rect = r
    let t = targets[targets.count - 1].rect
    let s = r.intersection(t)
    backend.context.gl.glScissor(
      GLint(s.x0 - t.x0), GLint(s.y0 - t.y0), GLsizei(max(s.width, 0)),
      GLsizei(max(s.height, 0)))
  }

  /// Opens an offscreen over the device pixels `region`, cut to the damaged rectangle
  /// when `cut`, (cleared) and draws into it; nil when that is empty or no target can be
  /// made.
  ///
  /// Only a content-shaped shadow's body (not `cut`) reaches outside the damage: its
  /// mask covers what the layer draws off the frame too; groups inside it are cut there,
  /// as the CPU compositor cuts them.
  mutating func beginGroup(_ region: PixelRect, cut: Bool = true)
    -> (GLOffscreenPool.Target, PixelRect)?
  {
    backend.drawer.flush()
    let region = cut ? region.intersection(damage) : region
    guard !region.isEmpty,
      let target = backend.offscreens.take(width: region.width, height: region.height)
    else { return nil }
    let gl = backend.context.gl
    let covered = PixelRect(
      x0: region.x0, y0: region.y0, x1: region.x0 + target.width, y1: region.y0 + target.height)
    targets.append((target.framebuffer, covered))
    gl.glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
    gl.glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
    setScissor(region)
    gl.glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    backend.drawer.begin(target: covered)
    return (target, region)
  }

  /// Closes the offscreen `target` over `region` and composites it onto the target
  /// below at `opacity` through the coverage of `shape` (a layer's rounded bounds, mapped
  /// by the layer's `inverse`; or the region itself), the scissor back at `outer`.
  mutating func endGroup(
    _ target: GLOffscreenPool.Target, region: PixelRect, outer: PixelRect,
    shape: GLQuadDrawer.Shape, inverse: [Float], opacity: Float = 1
  ) {
    targets.removeLast()
    bindTop(scissor: outer)
    let covered = CGRect(x: region.x0, y: region.y0, width: target.width, height: target.height)
    backend.drawer.texture(
      target.texture, textureRect: covered, shape: shape, opacity: opacity, nearest: true,
      inverse: inverse, textureInverse: GLQuadDrawer.matrix(.identity), quad: region)
    backend.offscreens.give(target)
  }

  /// Binds the target on top of the stack (its framebuffer and viewport) for the drawer,
  /// the scissor at `scissor`.
  mutating func bindTop(scissor: PixelRect) {
    backend.drawer.flush()
    let t = targets[targets.count - 1]
    let gl = backend.context.gl
    gl.glBindFramebuffer(GLenum(GL_FRAMEBUFFER), t.framebuffer)
    gl.glViewport(0, 0, GLsizei(t.rect.width), GLsizei(t.rect.height))
    setScissor(scissor)
    backend.drawer.begin(target: t.rect)
  }
}

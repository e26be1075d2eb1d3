import CEGL
import Foundation
import LayerKit

// What the CPU compositor drew for the GPU path: uploaded and composited in place.
extension GLRenderBackend {
  /// Sets the bound texture's sampler state: the shader reads texels with `texelFetch`
  /// and filters them itself, so the texture only needs to be complete without mipmaps.
  static func setSampling(_ gl: GLFunctions) {
    for (p, v) in [
      (GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
      (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
    ] {
      gl.glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(p), v)
    }
  }

  /// Uploads `surface` (device pixels, premultiplied) into the fallback texture and
  /// composites it source-over at its device rectangle, or writes its pixels in place of
  /// the target's when `replacing`.
  ///
  /// - Returns: the bytes uploaded.
  func compositeSurface(_ surface: RenderSurface, replacing: Bool = false) -> Int {
    drawer.flush()
    let gl = context.gl
    if fallbackTexture == 0 {
      gl.glGenTextures(1, &fallbackTexture)
      gl.glBindTexture(GLenum(GL_TEXTURE_2D), fallbackTexture)
      Self.setSampling(gl)
    }
    let r = surface.rect
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), fallbackTexture)
    gl.glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(surface.stride))
    gl.glTexImage2D(
      GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(r.width), GLsizei(r.height), 0,
      GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), surface.pixels)
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    let box = CGRect(x: r.x0, y: r.y0, width: r.width, height: r.height)
    // Device pixels map to themselves: texel centres land on pixel centres, sampled
    // nearest, so the CPU's bytes arrive unchanged.
    if replacing { gl.glDisable(GLenum(GL_BLEND)) }
    drawer.texture(
      fallbackTexture, textureRect: box, shape: GLQuadDrawer.Shape(rect: box, radii: .zero),
      opacity: 1, nearest: true, inverse: GLQuadDrawer.matrix(.identity), quad: r)
    if replacing {
      // Issued while blending is off.
      drawer.flush()
      gl.glEnable(GLenum(GL_BLEND))
    }
    return r.width * r.height * 4
  }
}

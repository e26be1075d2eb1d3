import CEGL

/// Offscreen render targets (a texture with its framebuffer) for the groups the GPU path
/// draws itself: the content and sublayers of a layer whose bounds clip is not a pixel
/// rectangle, multiplied by the clip's coverage as one group (as `LayerCompositor`'s
/// `withBoundsClip` does); a group faded at its opacity; a masked layer and its mask.
///
/// Targets are reused: a request takes the smallest free target at least as large; at
/// the end of a frame at most ``keptFree`` free targets stay.
final class GLOffscreenPool {
  struct Target {
    let framebuffer: GLuint
    let texture: GLuint
    let width: Int
    let height: Int
  }

  /// Free targets kept between frames.
  static let keptFree = 4
  private let gl: GLFunctions
  /// Called before a target is handed out, made or deleted: the backend issues the draws
  /// it has batched first (``GLQuadDrawer/flush()``), which may draw into or read it.
  var willUseGL: () -> Void = {}
  /// The context the targets live in: they are deleted only there.
  private let context: any GLDrawingContext
  private var free: [Target] = []
  /// Targets made so far (for tests that count work).
  private(set) var made = 0

  init(_ context: any GLDrawingContext) {
    self.context = context
    gl = context.gl
  }

  deinit {
    // Only in the targets' own context (see `GLLayerProgram`'s deinit).
    guard context.makeCurrent() else { return }
    for t in free { delete(t) }
  }

  /// A target of at least `width × height` pixels, or nil when the driver cannot make one.
  func take(width: Int, height: Int) -> Target? {
    willUseGL()
    if let i = free.indices.filter({ free[$0].width >= width && free[$0].height >= height })
      .min(by: { free[$0].width * free[$0].height < free[$1].width * free[$1].height })
    {
      return free.remove(at: i)
    }
    var texture: GLuint = 0
    gl.glGenTextures(1, &texture)
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    gl.glTexImage2D(
      GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
      GLenum(GL_UNSIGNED_BYTE), nil)
    GLRenderBackend.setSampling(gl)
    var framebuffer: GLuint = 0
    gl.glGenFramebuffers(1, &framebuffer)
    gl.glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    gl.glFramebufferTexture2D(
      GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
    let t = Target(framebuffer: framebuffer, texture: texture, width: width, height: height)
    guard gl.glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE)
    else {
      delete(t)
      return nil
    }
    made += 1
    return t
  }

  /// Hands `target` back for reuse.
  func give(_ target: Target) { free.append(target) }

  /// Drops free targets past ``keptFree``, largest first.
  func trim() {
    guard free.count > Self.keptFree else { return }
    willUseGL()
    free.sort { $0.width * $0.height < $1.width * $1.height }
    for t in free[Self.keptFree...] { delete(t) }
    free.removeSubrange(Self.keptFree...)
  }

  private func delete(_ t: Target) {
    var f = t.framebuffer
    var x = t.texture
    gl.glDeleteFramebuffers(1, &f)
    gl.glDeleteTextures(1, &x)
  }
}

import CEGL
import Foundation
import LayerKit

/// LayerKit's OpenGL ES 3.0 backend: composites a frame's layers on the GPU from
/// per-layer textures, the way Core Animation's render server does.
///
/// Each layer's own content (contents image or backing store, gradient, shape, text) is
/// a texture kept between frames; LayerKit's CPU code rasterizes the vector kinds into it
/// once (`GLTextureCache`). Every frame, for each damaged rectangle, the layers are drawn
/// back to front through their 4×4 maps with perspective-correct sampling: background
/// colour, content, sublayers and border, at their opacity, with `masksToBounds` and
/// rounded corners computed analytically in the shader (`GLLayerShader`), masks
/// combined with their layer's group by the `maskMode`'s formula, shadows (rounded
/// bounds, shadow paths, content-shaped) blurred by box passes and kept
/// (`GLShadowCache`), blend modes as a group blended onto a copy of its backdrop
/// (`GLBlendProgram`), nine-part contents, trilinear minification from the CPU's mip
/// chain, `CATransformLayer` depth order, replicator tints, and `shouldRasterize` (the
/// CPU compositor's bitmap of the subtree, kept as a texture and composited every frame).
/// A layer that needs what this backend does not draw yet (shadows under perspective,
/// transitions, tiles) is drawn with its subtree by the CPU compositor into a texture
/// that is composited in its place, and a frame with emitters is drawn by the CPU
/// compositor whole: every frame is complete.
/// The damaged rectangles are then read back into the caller's bitmap, so
/// `CARenderer` works as with the CPU backend.
///
/// Made on a window's context instead (``init(hostContext:textureBudget:)``) with
/// ``readsBackFrames`` off, the frame stays on the GPU: its framebuffer texture
/// (``frameTarget``) is what the window's presenter draws, and nothing is read back unless
/// ``readPixels()`` asks.
///
/// ```swift
/// let renderer = try CARenderer(context: context, backend: GLRenderBackend())
/// let image = renderer.render(width: 640, height: 480, scale: 2)
/// ```
///
/// The backend owns one headless EGL context (`GLHeadlessContext`) and is used on one
/// thread at a time; each frame makes its context current on the calling thread. A
/// backend made on a ``GLHostContext`` owns no context: it is used, and released, on the
/// thread where its maker keeps that context current.
public final class GLRenderBackend {
  /// Counts of one frame's work (``lastFrame``).
  public struct FrameStatistics: Sendable, Equatable {
    /// Bytes uploaded to textures: layer content and CPU-drawn subtrees.
    public var uploadedBytes = 0
    /// Draw calls issued: each a batch of layer parts (one instanced call) or a blend
    /// pass.
    public var drawCalls = 0
    /// Layer parts drawn (a background, a content texture, a border, a group composited,
    /// a blur pass…) and blend passes: what the draw calls carried.
    public var draws = 0
    /// Subtrees the CPU compositor drew into a texture.
    public var cpuSubtrees = 0
    /// Whether the CPU compositor drew the whole frame (emitters).
    public var cpuFrame = false
    /// Bytes read back from the framebuffer into the caller's bitmap (`glReadPixels`);
    /// 0 when ``GLRenderBackend/readsBackFrames`` is off.
    public var readBackBytes = 0
    /// GPU time of the frame's draws in seconds, from a timer query; nil where the driver
    /// has none (`GL_EXT_disjoint_timer_query`).
    public var gpuSeconds: Double?
  }

  let context: any GLDrawingContext
  let program: GLLayerProgram
  /// The blend-mode programs, one per formula family.
  let blender: GLBlendProgram
  let drawer: GLQuadDrawer
  let textures: GLTextureCache
  let offscreens: GLOffscreenPool
  /// Blurred shadow masks kept between frames.
  let shadows: GLShadowCache
  /// Draws what the GPU path leaves to the CPU (`GLFrameWalk+CPU`).
  let compositor = LayerCompositor()
  /// Draws and keeps the bitmaps of rasterized layers (`shouldRasterize`), which the GPU
  /// composites (`GLFrameWalk+Rasterized`).
  let rasterizer = LayerCompositor()
  /// Whether the frame being drawn, or the one before, asked for a rasterized bitmap
  /// (the rasterizer's frame is then ended, dropping the bitmaps no layer drew).
  var rasterizes = (now: false, before: false)
  let cpu = CPURenderBackend()
  var framebuffer: GLuint = 0
  var colorTexture: GLuint = 0
  var fallbackTexture: GLuint = 0
  var size = (width: 0, height: 0)
  /// Whether the framebuffer texture holds the whole of the last frame drawn.
  var holdsFrame = false
  /// Whether each frame's damage is read back into the caller's bitmap (default true).
  ///
  /// Off, the frame stays in the framebuffer texture (``frameTarget``) for a presenter
  /// to draw on the same context, and the bitmap is written only where the CPU compositor
  /// drew a frame whole (blend modes, emitters; then its damage is also uploaded into the
  /// texture, so the texture always holds the frame) or where no texture can hold the
  /// frame (then the bitmap holds all of it and ``frameTarget`` is nil). Set it before the
  /// first frame: turned on later, the bitmap is up to date only where frames drew since.
  public var readsBackFrames = true
  /// Bytes `glReadPixels` has read since the backend was made: frames read back, and
  /// ``readPixels()``.
  public internal(set) var bytesReadBack = 0
  var frameNumber = 0
  /// Shader stages compiled and programs linked since the backend was made.
  public private(set) var shaderCompiles: Int
  /// The last frame's counts.
  public internal(set) var lastFrame = FrameStatistics()
  /// The driver's renderer string (`GL_RENDERER`) and how the context was made
  /// ("surfaceless" or "pbuffer").
  public var renderer: String { context.renderer }
  public var platform: String { context.platform }
  /// Bytes the kept layer textures hold now, and their budget.
  public var textureBytes: Int { textures.bytes }
  public var textureBudget: Int { textures.budget }
  /// Textures evicted to stay inside the budget, so far.
  public var textureEvictions: Int { textures.evictions }

  /// Loads EGL and OpenGL ES, makes a headless context and compiles the shaders.
  ///
  /// - Parameter textureBudget: the most bytes kept layer textures may hold (default
  ///   256 MiB); past it the least recently used are dropped.
  /// - Throws: `GLError` when GL cannot be loaded, no context can be made or a shader
  ///   fails; LayerKit then draws with its CPU compositor.
  public convenience init(textureBudget: Int = 256 << 20) throws(GLError) {
    let context = try GLHeadlessContext(library: GLLibrary())
    try self.init(context: context, shaderVersion: "300 es", textureBudget: textureBudget)
  }

  /// Makes the backend on `hostContext`, a context its maker (a window) keeps current on
  /// this thread, and compiles the shaders there: GLSL ES 3.00 on OpenGL ES 3.0 and later,
  /// the same source as GLSL 3.30 on desktop OpenGL 3.3 and later.
  ///
  /// The backend binds and releases nothing: it must be used and released on the thread
  /// where its maker keeps the context current (its GL objects live in that context and
  /// go with it).
  ///
  /// - Parameters:
  ///   - hostContext: the context's maker: its function loader and whether the context is
  ///     current on this thread.
  ///   - textureBudget: as for ``init(textureBudget:)``.
  /// - Throws: `GLError` when the context is not current, lacks an entry point or speaks
  ///   an older GL, or a shader fails.
  public convenience init(hostContext: GLHostContext, textureBudget: Int = 256 << 20)
    throws(GLError)
  {
    let context = try GLBorrowedContext(hostContext)
    guard let version = context.driver.shaderVersion else {
      throw .unsupportedVersion(context.driver.version)
    }
    try self.init(context: context, shaderVersion: version, textureBudget: textureBudget)
  }

  private init(context: any GLDrawingContext, shaderVersion: String, textureBudget: Int)
    throws(GLError)
  {
    self.context = context
    let (program, blender, drawer) = try context.exclusively { () throws(GLError) in
      let program = try GLLayerProgram(context, version: shaderVersion)
      let blender = try GLBlendProgram(context, version: shaderVersion)
      return (program, blender, GLQuadDrawer(context, program: program))
    }
    self.program = program
    self.blender = blender
    self.drawer = drawer
    shaderCompiles = program.compiles + blender.compiles
    textures = GLTextureCache(context, budget: max(0, textureBudget))
    offscreens = GLOffscreenPool(context)
    textures.willUseGL = { [weak drawer] in drawer?.flush() }
    offscreens.willUseGL = { [weak drawer] in drawer?.flush() }
    shadows = GLShadowCache(offscreens: offscreens)
  }

  deinit {
    context.exclusively {
      // A borrowed context not current here is gone or elsewhere: its objects go with it.
      guard context.makeCurrent() else { return }
      deleteFramebuffer()
      if fallbackTexture != 0 { context.gl.glDeleteTextures(1, &fallbackTexture) }
    }
  }

  /// Makes the framebuffer `width × height`, when it is not.
  func ensureFramebuffer(width: Int, height: Int) throws(GLError) {
    guard size != (width, height) else { return }
    let limit = context.maxTextureSize
    guard width <= limit, height <= limit else {
      throw .tooLarge(width: width, height: height, limit: limit)
    }
    let gl = context.gl
    deleteFramebuffer()
    gl.glGenTextures(1, &colorTexture)
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), colorTexture)
    gl.glTexImage2D(
      GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
      GLenum(GL_UNSIGNED_BYTE), nil)
    gl.glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
    gl.glGenFramebuffers(1, &framebuffer)
    gl.glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    gl.glFramebufferTexture2D(
      GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), colorTexture, 0)
    let status = gl.glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
    guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
      deleteFramebuffer()
      throw .framebuffer(status: status)
    }
    size = (width, height)
  }

  private func deleteFramebuffer() {
    let gl = context.gl
    if framebuffer != 0 { gl.glDeleteFramebuffers(1, &framebuffer) }
    if colorTexture != 0 { gl.glDeleteTextures(1, &colorTexture) }
    framebuffer = 0
    colorTexture = 0
    size = (0, 0)
    holdsFrame = false
  }
}

import CEGL

/// The GL context a ``GLRenderBackend`` draws with: its own headless one
/// (`GLHeadlessContext`), or one a window made (`GLBorrowedContext`).
protocol GLDrawingContext: AnyObject {
  /// The entry points, loaded for this context.
  var gl: GLFunctions { get }
  /// What the driver says about itself.
  var driver: GLDriverInfo { get }
  /// How the context was made ("surfaceless", "pbuffer", or the borrowed context's name).
  var platform: String { get }
  /// Binds the context to the calling thread where that is this object's to do, and says
  /// whether it is current there now; GL calls may follow only when it is.
  @discardableResult
  func makeCurrent() -> Bool
  /// Runs `body`, a stretch of GL work on this context, apart from work that the driver
  /// cannot run beside it on another thread (``GLDriverInfo/isSoftwareRasterizer``).
  func exclusively<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T
}

extension GLDrawingContext {
  /// Runs `body` as it is: a context a window made has its own driver screen.
  func exclusively<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T { try body() }
}

extension GLDrawingContext {
  /// The driver's `GL_RENDERER` string.
  var renderer: String { driver.renderer }
  /// `GL_MAX_TEXTURE_SIZE`: the longest side of a texture or framebuffer, in pixels.
  var maxTextureSize: Int { driver.maxTextureSize }
  /// Whether timer queries (`GL_EXT_disjoint_timer_query`) are available.
  var hasTimerQueries: Bool { driver.hasTimerQueries }
}

/// What a driver reports about a current context, read once when the backend is made.
struct GLDriverInfo {
  /// `GL_RENDERER` (for example "llvmpipe (LLVM 15.0.7, 256 bits)").
  let renderer: String
  /// `GL_VERSION` (for example "OpenGL ES 3.2 Mesa 22.3.6").
  let version: String
  /// `GL_MAX_TEXTURE_SIZE`: the longest side of a texture or framebuffer, in pixels.
  let maxTextureSize: Int
  /// Whether timer queries (`GL_EXT_disjoint_timer_query`) are available.
  let hasTimerQueries: Bool

  /// Whether the driver is one of Mesa's software rasterizers (llvmpipe, softpipe).
  ///
  /// Their contexts on one EGL display share one screen, and mapping a texture (an
  /// upload, a read-back, binding it to sample) checks whether any context of that screen
  /// still has the texture in a queued frame by reading each context's frames without that
  /// context's lock (Mesa 22.3's llvmpipe). A context recording a frame on another thread
  /// meanwhile changes those lists under the reader: a crash in the driver, seldom. The
  /// backend therefore does its GL work on such contexts one context at a time.
  var isSoftwareRasterizer: Bool {
    renderer.hasPrefix("llvmpipe") || renderer.hasPrefix("softpipe")
  }

  /// Reads the strings and limits of the context current on this thread.
  init(_ gl: GLFunctions) {
    renderer = gl.glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
    version = gl.glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? ""
    var size: GLint = 0
    gl.glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &size)
    maxTextureSize = Int(size)
    let extensions = gl.glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
    hasTimerQueries =
      extensions.contains("GL_EXT_disjoint_timer_query") && gl.glGetQueryObjectui64vEXT != nil
    // A core profile has no GL_EXTENSIONS string: drop the error it raised.
    _ = gl.glGetError()
  }

  /// The GLSL `#version` the backend's shaders are compiled with on this context
  /// (``shaderVersion(for:)`` of its `GL_VERSION`).
  var shaderVersion: String? { Self.shaderVersion(for: version) }

  /// The GLSL `#version` for a context whose `GL_VERSION` is `version`: "300 es" on
  /// OpenGL ES 3.0 and later, "330 core" on desktop OpenGL 3.3 and later (the same source,
  /// `GLLayerShader`); nil below both, or for a string that names no version.
  static func shaderVersion(for version: String) -> String? {
    let es = "OpenGL ES "
    let isES = version.hasPrefix(es)
    let numbers = isES ? version.dropFirst(es.count) : Substring(version)
    let parts = numbers.prefix { $0.isNumber || $0 == "." }.split(separator: ".")
    guard parts.count >= 2, let major = Int(parts[0]), let minor = Int(parts[1]) else {
      return nil
    }
    if isES { return major >= 3 ? "300 es" : nil }
    return (major, minor) >= (3, 3) ? "330 core" : nil
  }
}

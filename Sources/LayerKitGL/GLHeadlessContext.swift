import CEGL
import Foundation

/// An OpenGL ES 3.0 context with no window: EGL on Mesa's surfaceless platform
/// (`EGL_PLATFORM_SURFACELESS_MESA`), else the default display with a 1×1 pbuffer.
///
/// One object owns the display connection, the context and its surface, and releases them
/// when it goes. The context is used on one thread at a time: ``makeCurrent()`` binds it to
/// the calling thread (a no-op when it already is), and every GL call of the backend
/// follows one.
final class GLHeadlessContext: GLDrawingContext {
  /// Which GL a context speaks.
  enum API {
    /// OpenGL ES 3.0, what the backend draws with.
    case gles3
    /// Desktop OpenGL 3.3, core profile: for checking that the shaders also compile there.
    case desktopCore33
  }

  let egl: EGLFunctions
  let gl: GLFunctions
  private let display: EGLDisplay
  private let context: EGLContext
  /// The EGL client API the context speaks (bound per thread before it is made current).
  private let boundAPI: EGLenum
  /// The pbuffer of the fallback path; nil on the surfaceless platform.
  private let surface: EGLSurface?
  /// Which way the context was made, for the documentation of a run ("surfaceless",
  /// "pbuffer").
  let platform: String
  /// The driver's strings and limits.
  let driver: GLDriverInfo

  /// Opens EGL from `library` and makes a context of `api` current on this thread.
  init(library: GLLibrary, api: API = .gles3) throws(GLError) {
    let egl = try EGLFunctions(library)
    self.egl = egl
    var display: EGLDisplay? = nil
    var platform = "pbuffer"
    if let platformDisplay = egl.eglGetPlatformDisplayEXT {
      display = platformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
      if display != nil { platform = "surfaceless" }
    }
    var major: EGLint = 0
    var minor: EGLint = 0
    if let d = display, egl.eglInitialize(d, &major, &minor) == EGLBoolean(EGL_FALSE) {
      display = nil
      platform = "pbuffer"
    }
    if display == nil {
      display = egl.eglGetDisplay(nil)
      guard let d = display, egl.eglInitialize(d, &major, &minor) != EGLBoolean(EGL_FALSE) else {
        throw .noDisplay
      }
    }
    let d = display!
    let bound = api == .gles3 ? EGL_OPENGL_ES_API : EGL_OPENGL_API
    guard egl.eglBindAPI(EGLenum(bound)) != EGLBoolean(EGL_FALSE) else {
      throw .egl(call: "eglBindAPI", code: egl.eglGetError())
    }
    let surfaceBit = platform == "surfaceless" ? 0 : EGL_PBUFFER_BIT
    var attributes: [EGLint] = [
      EGL_RENDERABLE_TYPE, api == .gles3 ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_BIT,
      EGL_SURFACE_TYPE, surfaceBit,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
    ]
    var config: EGLConfig? = nil
    var count: EGLint = 0
    guard egl.eglChooseConfig(d, &attributes, &config, 1, &count) != EGLBoolean(EGL_FALSE),
      count > 0, let config
    else {
      throw .noConfiguration
    }
    var contextAttributes: [EGLint] =
      api == .gles3
      ? [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
      : [
        EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
      ]
    guard let context = egl.eglCreateContext(d, config, nil, &contextAttributes) else {
      let code = egl.eglGetError()
      throw .egl(call: "eglCreateContext", code: code)
    }
    var surface: EGLSurface? = nil
    if platform == "pbuffer" {
      var pbuffer: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
      surface = egl.eglCreatePbufferSurface(d, config, &pbuffer)
      guard surface != nil else {
        let code = egl.eglGetError()
        _ = egl.eglDestroyContext(d, context)
        throw .egl(call: "eglCreatePbufferSurface", code: code)
      }
    }
    guard egl.eglMakeCurrent(d, surface, surface, context) != EGLBoolean(EGL_FALSE) else {
      let code = egl.eglGetError()
      if let surface { _ = egl.eglDestroySurface(d, surface) }
      _ = egl.eglDestroyContext(d, context)
      throw .egl(call: "eglMakeCurrent", code: code)
    }
    self.display = d
    self.context = context
    boundAPI = EGLenum(bound)
    self.surface = surface
    self.platform = platform
    let gl: GLFunctions
    do {
      gl = try GLFunctions(library)
    } catch {
      _ = egl.eglMakeCurrent(d, nil, nil, nil)
      if let surface { _ = egl.eglDestroySurface(d, surface) }
      _ = egl.eglDestroyContext(d, context)
      throw error
    }
    self.gl = gl
    driver = GLDriverInfo(gl)
  }

  // EGL hands out one display per platform to the whole process, and terminating it ends
  // every context on it (other backends' included): a display, once initialised, stays so.

  deinit {
    // Unbinds the context from this thread when it is (or can be made) current here; a
    // context still current on another thread is destroyed by EGL once released there,
    // and this thread's own binding (another backend's context) is left as it is.
    exclusively {
      if makeCurrent() { _ = egl.eglMakeCurrent(display, nil, nil, nil) }
      if let surface { _ = egl.eglDestroySurface(display, surface) }
      _ = egl.eglDestroyContext(display, context)
    }
    // The display is shared by every context of the process (EGL hands out one per
    // platform): terminating it would end the others' too, so it stays initialised.
  }

  /// Serialises the GL work of headless contexts on a software rasterizer
  /// (``GLDriverInfo/isSoftwareRasterizer``). EGL gives the whole process one display per
  /// platform, so every headless context shares one driver screen: the lock that keeps
  /// their work apart is the process's too, as the screen is. Recursive: a backend
  /// released inside another's frame deletes its objects under the same lock.
  private static let softwareDriverLock = NSRecursiveLock()

  func exclusively<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    guard driver.isSoftwareRasterizer else { return try body() }
    Self.softwareDriverLock.lock()
    defer { Self.softwareDriverLock.unlock() }
    return try body()
  }

  /// Binds the context to the calling thread, when it is not bound already.
  @discardableResult
  func makeCurrent() -> Bool {
    // The current context is per thread and per client API.
    _ = egl.eglBindAPI(boundAPI)
    guard egl.eglGetCurrentContext() != context else { return true }
    return egl.eglMakeCurrent(display, surface, surface, context) != EGLBoolean(EGL_FALSE)
  }
}

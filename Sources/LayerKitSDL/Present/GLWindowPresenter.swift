internal import CSDL2
import Foundation
import LayerKit
import LayerKitGL

#if canImport(Glibc)
  import Glibc
#endif

/// Presents frame bitmaps in a window through OpenGL, from a thread other than the one
/// that owns the window: a render thread that keeps presenting while the app's thread is
/// busy.
///
/// SDL2's 2D renderer may be used only on the thread that made it, and the window and its
/// events belong to the main thread. A GL context is current on one thread at a time, so
/// the presenter makes its context with the window on the main thread, releases it there
/// (`SDL_GL_MakeCurrent(window, NULL)`), and the render thread takes it with
/// ``activate()``; from then on that thread makes every call:
///
/// ```
///  main thread   LayerHost(presentation: .renderThread) ─ context made, released ─┐
///  render thread                                 activate() · present(…) · present(…) ·
///                                                … deactivate() ─────────────────────┘
///  main thread                                                        host.close()
/// ```
///
/// Each ``present(_:)`` uploads the frame's damaged rectangles into one RGBA8 texture
/// (each clipped and widened to whole pixels, more than eight merged into their bounding
/// box; `glTexSubImage2D` with `GL_UNPACK_ROW_LENGTH`, straight from the bitmap's memory;
/// a new or resized texture whole), draws it 1:1 at the window's top-left corner over black
/// (`glBlitFramebuffer`, flipped, no shader), swaps with vsync and returns the time the
/// swap returned. GL is loaded at run time through `SDL_GL_GetProcAddress`; nothing but
/// SDL is linked.
///
/// A frame composited on the GPU by a `GLRenderBackend` made on this
/// presenter's own context (``hostContext``) is drawn without an upload:
/// `draw(_:)` with its `FrameTarget` copies the backend's framebuffer texture into
/// the back buffer the same way, and nothing is read back to the CPU.
///
/// Vsync: `SDL_GL_SetSwapInterval(1)` when the host's configuration asks for it; a driver
/// that refuses gets interval 0, and the reason is kept in ``vsyncFallback``.
///
/// The presenter belongs to its ``LayerHost``: call ``deactivate()`` on the render thread
/// before the host closes (``LayerHost/close()`` deletes the context and the window).
public final class GLWindowPresenter: @unchecked Sendable {
  // @unchecked Sendable: it is handed over once, from the main thread (which makes it and
  // releases its context) to the one thread that calls activate(); every GL call checks
  // that it runs on that thread (`requireOwner`).
  private let window: OpaquePointer
  private var context: SDL_GLContext?
  private let gl: GLFunctions
  private let wantsVsync: Bool
  private var owner: pthread_t?
  private var texture: UInt32 = 0
  private var framebuffer: UInt32 = 0
  private var textureSize: (width: Int, height: Int)?

  /// The driver's `GL_VERSION` string.
  public var glVersion: String { gl.version }
  /// The driver's `GL_RENDERER` string.
  public var glRenderer: String { gl.rendererName }
  /// Whether swaps wait for vsync (set by ``activate()``).
  public private(set) var isVsyncEnabled = false
  /// Why vsync was asked for and not granted (SDL's error); nil when it was, or when it was
  /// not asked for.
  public private(set) var vsyncFallback: String?
  /// Pixels uploaded by the most recent `draw(_:)` of a `FrameOutput`.
  public private(set) var lastUploadedPixelCount = 0

  /// Makes a context for `window` (made with `SDL_WINDOW_OPENGL`), loads GL and releases
  /// the context from this thread. Called on the thread that owns the window.
  init(window: OpaquePointer, vsync: Bool) throws(SDLError) {
    let context = try SDLCall.nonNull("SDL_GL_CreateContext") { SDL_GL_CreateContext(window) }
    do throws(SDLError) {
      gl = try GLFunctions()
      try SDLCall.check("SDL_GL_MakeCurrent") { SDL_GL_MakeCurrent(window, nil) }
    } catch {
      SDL_GL_MakeCurrent(window, nil)
      SDL_GL_DeleteContext(context)
      throw error
    }
    self.window = window
    self.context = context
    wantsVsync = vsync
  }

  deinit {
    if let context { SDL_GL_DeleteContext(context) }
  }

  /// The window's context as a GL backend borrows it
  /// (`GLRenderBackend.init(hostContext:textureBudget:)`): entry points
  /// through `SDL_GL_GetProcAddress`, current on the thread that ``activate()``d the
  /// presenter. A backend made on it is used and released on that thread only.
  public var hostContext: GLHostContext {
    let made = UInt(bitPattern: context)
    return GLHostContext(
      name: "SDL window", procAddress: { SDL_GL_GetProcAddress($0) },
      isCurrent: { made != 0 && UInt(bitPattern: SDL_GL_GetCurrentContext()) == made })
  }

  /// Deletes the context; the host calls it before destroying the window.
  func destroyContext() {
    if let context { SDL_GL_DeleteContext(context) }
    context = nil
  }

  /// Makes the context current on the calling thread, which from now on is the only one
  /// that may use the presenter, and sets the swap interval.
  ///
  /// - Throws: ``SDLError`` when the context cannot be made current (still current on
  ///   another thread, or the host is closed).
  public func activate() throws(SDLError) {
    guard let context else {
      throw SDLError(function: "SDL_GL_MakeCurrent", message: "the host is closed")
    }
    if let owner, pthread_equal(owner, pthread_self()) == 0 {
      throw SDLError(
        function: "SDL_GL_MakeCurrent", message: "the presenter is active on another thread")
    }
    try SDLCall.check("SDL_GL_MakeCurrent") { SDL_GL_MakeCurrent(window, context) }
    owner = pthread_self()
    vsyncFallback = nil
    if wantsVsync {
      SDL_ClearError()
      if SDL_GL_SetSwapInterval(1) == 0 {
        isVsyncEnabled = true
        return
      }
      vsyncFallback = SDLCall.lastError()
      CADiagnostics.report(
        key: "vsync", "SDL_GL_SetSwapInterval(1) failed (\(vsyncFallback!)); swapping without")
    }
    SDL_GL_SetSwapInterval(0)
    isVsyncEnabled = false
  }

  /// Makes the context current again on the thread that activated it, after another GL
  /// context was current there (a GPU compositor's own, drawing the frame first).
  public func makeCurrentAgain() throws(SDLError) {
    requireOwner()
    guard let context else {
      throw SDLError(function: "SDL_GL_MakeCurrent", message: "the host is closed")
    }
    // SDL remembers the context it made current and skips a call that would change
    // nothing: releasing first makes it bind again what the other context replaced.
    SDL_GL_MakeCurrent(window, nil)
    try SDLCall.check("SDL_GL_MakeCurrent") { SDL_GL_MakeCurrent(window, context) }
  }

  /// Deletes the texture and releases the context from the calling thread, so that the
  /// host can close (or another thread ``activate()``).
  public func deactivate() {
    guard owner != nil else { return }
    requireOwner()
    if texture != 0 { gl.deleteTextures(1, &texture) }
    if framebuffer != 0 { gl.deleteFramebuffers(1, &framebuffer) }
    texture = 0
    framebuffer = 0
    textureSize = nil
    SDL_GL_MakeCurrent(window, nil)
    owner = nil
  }

  /// Uploads, draws and swaps one frame.
  ///
  /// - Returns: the time the swap returned, in seconds on `CASystemClock`'s monotonic
  ///   clock (with vsync, just after the frame reached the screen).
  /// - Throws: ``SDLError`` for a GL error or a malformed frame.
  @discardableResult
  public func present(_ output: FrameOutput) throws(SDLError) -> Double {
    try draw(output)
    return swap()
  }

  /// Uploads the damaged rectangles of `output` and draws the texture into the back
  /// buffer, without swapping. ``FrameOutput/unchanged`` draws the texture as it is.
  public func draw(_ output: FrameOutput) throws(SDLError) {
    requireOwner()
    lastUploadedPixelCount = 0
    switch output {
    case .unchanged:
      break
    case .image(let image, let damage):
      try upload(image.pixels, width: image.width, height: image.height, damage: damage)
    case .pixels(let bytes, let width, let height, let damage):
      guard width > 0, height > 0, bytes.count == width * height * 4 else {
        throw SDLError(
          function: "glTexSubImage2D",
          message: "\(bytes.count) bytes do not make a \(width)×\(height) RGBA8 frame")
      }
      try upload(bytes, width: width, height: height, damage: damage)
    case .bitmap(let bitmap, let damage):
      let ctx = bitmap.context
      let bytes = UnsafeRawBufferPointer(start: ctx.data, count: ctx.width * ctx.height * 4)
      try upload(bytes, width: ctx.width, height: ctx.height, damage: damage)
    }
    try drawTexture()
  }

  /// Draws a frame that a GL backend composited on this presenter's context
  /// (``hostContext``) into the back buffer, without swapping: its framebuffer is copied,
  /// flipped, to the window's top-left corner over black. Nothing is uploaded
  /// (``lastUploadedPixelCount`` is 0) and nothing read back.
  public func draw(_ frame: GLRenderBackend.FrameTarget) throws(SDLError) {
    requireOwner()
    lastUploadedPixelCount = 0
    try copy(from: frame.framebuffer, width: frame.width, height: frame.height)
  }

  /// Swaps the back buffer to the screen (`SDL_GL_SwapWindow`, waiting for vsync when
  /// enabled) and returns the time it returned, in seconds on `CASystemClock`'s clock.
  @discardableResult
  public func swap() -> Double {
    requireOwner()
    SDL_GL_SwapWindow(window)
    return CASystemClock.now()
  }

  /// The window's framebuffer size in pixels.
  public var drawableSize: (width: Int, height: Int) {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GL_GetDrawableSize(window, &w, &h)
    return (Int(w), Int(h))
  }

  /// Reads the back buffer drawn by the last `draw(_:)` as an opaque image (top row first). Call
  /// it before ``swap()``: after a swap the back buffer's contents are undefined.
  public func readPixels() throws(SDLError) -> CGImage {
    requireOwner()
    let (width, height) = drawableSize
    guard width > 0, height > 0 else {
      throw SDLError(function: "glReadPixels", message: "the framebuffer is empty")
    }
    var rows = [UInt8](repeating: 0, count: width * height * 4)
    gl.bindFramebuffer(GL.readFramebuffer, 0)
    gl.pixelStorei(GL.packAlignment, 4)
    rows.withUnsafeMutableBytes { raw in
      gl.readPixels(0, 0, Int32(width), Int32(height), GL.rgba, GL.unsignedByte, raw.baseAddress)
    }
    try gl.check("glReadPixels")
    // GL's rows run bottom-up; images run top-down. The window is opaque.
    var bytes = [UInt8](repeating: 255, count: rows.count)
    let pitch = width * 4
    for y in 0..<height {
      let source = (height - 1 - y) * pitch
      for i in stride(from: 0, to: pitch, by: 4) {
        bytes[y * pitch + i] = rows[source + i]
        bytes[y * pitch + i + 1] = rows[source + i + 1]
        bytes[y * pitch + i + 2] = rows[source + i + 2]
      }
    }
    guard let image = CGImage(width: width, height: height, premultipliedRGBA: bytes) else {
      throw SDLError(function: "glReadPixels", message: "\(width)×\(height) is too large")
    }
    return image
  }

  /// Uploads what ``GLTextureUpdate`` plans for a frame in `bytes` (tight RGBA8 rows).
  private func upload(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, damage: [CGRect]?)
    throws(SDLError)
  {
    guard let base = bytes.baseAddress, bytes.count >= width * height * 4 else { return }
    let plan = GLTextureUpdate.plan(
      damage: damage, width: width, height: height, textureSize: textureSize)
    if plan.recreatesTexture { try allocateTexture(width: width, height: height) }
    gl.bindTexture(GL.texture2D, texture)
    gl.pixelStorei(GL.unpackAlignment, 4)
    gl.pixelStorei(GL.unpackRowLength, Int32(width))
    for box in plan.boxes {
      gl.texSubImage2D(
        GL.texture2D, 0, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height),
        GL.rgba, GL.unsignedByte, base + (box.y * width + box.x) * 4)
    }
    gl.pixelStorei(GL.unpackRowLength, 0)
    try gl.check("glTexSubImage2D")
    lastUploadedPixelCount = plan.pixelCount
  }

  /// ``upload(_:width:height:damage:)`` for bytes in an array.
  private func upload(_ bytes: [UInt8], width: Int, height: Int, damage: [CGRect]?)
    throws(SDLError)
  {
    try SDLCall.withBytes(bytes) { (raw) throws(SDLError) in
      try upload(raw, width: width, height: height, damage: damage)
    }
  }

  /// Makes (or resizes) the texture and the framebuffer that reads it.
  private func allocateTexture(width: Int, height: Int) throws(SDLError) {
    if texture == 0 { gl.genTextures(1, &texture) }
    gl.bindTexture(GL.texture2D, texture)
    gl.texParameteri(GL.texture2D, GL.textureMinFilter, GL.nearest)
    gl.texParameteri(GL.texture2D, GL.textureMagFilter, GL.nearest)
    gl.texImage2D(
      GL.texture2D, 0, GL.rgba8, Int32(width), Int32(height), 0, GL.rgba, GL.unsignedByte, nil)
    if framebuffer == 0 { gl.genFramebuffers(1, &framebuffer) }
    gl.bindFramebuffer(GL.readFramebuffer, framebuffer)
    gl.framebufferTexture2D(GL.readFramebuffer, GL.colorAttachment0, GL.texture2D, texture, 0)
    let status = gl.checkFramebufferStatus(GL.readFramebuffer)
    try gl.check("glTexImage2D")
    guard status == GL.framebufferComplete else {
      throw SDLError(
        function: "glCheckFramebufferStatus",
        message: "a \(width)×\(height) RGBA8 texture is not readable "
          + "(0x\(String(status, radix: 16)))")
    }
    textureSize = (width, height)
  }

  /// Draws the presenter's texture into the back buffer (``copy(from:width:height:)``).
  private func drawTexture() throws(SDLError) {
    let size = textureSize ?? (0, 0)
    try copy(from: framebuffer, width: size.width, height: size.height)
  }

  /// Clears the back buffer to black where a `width × height` frame does not cover it and
  /// copies the frame from `source` (a framebuffer whose row 0 is the frame's top row) to
  /// its top-left corner, flipping it (the window's rows run bottom-up).
  private func copy(from source: UInt32, width: Int, height: Int) throws(SDLError) {
    let drawable = drawableSize
    gl.bindFramebuffer(GL.drawFramebuffer, 0)
    if width < drawable.width || height < drawable.height {
      gl.clearColor(0, 0, 0, 1)
      gl.clear(GL.colorBufferBit)
    }
    guard width > 0, height > 0, source != 0 else { return }
    gl.bindFramebuffer(GL.readFramebuffer, source)
    let w = Int32(width)
    let h = Int32(height)
    let top = Int32(drawable.height)
    gl.blitFramebuffer(0, 0, w, h, 0, top, w, top - h, GL.colorBufferBit, UInt32(GL.nearest))
    try gl.check("glBlitFramebuffer")
  }

  /// Stops a call made on a thread other than the one that activated the presenter.
  private func requireOwner() {
    guard let owner else {
      preconditionFailure("GLWindowPresenter used before activate() on its render thread")
    }
    precondition(
      pthread_equal(owner, pthread_self()) != 0,
      "GLWindowPresenter used on a thread other than the one that activated it")
  }
}

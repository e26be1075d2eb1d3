/// A GL context that someone else made and keeps current: a window's, so that
/// ``GLRenderBackend/init(hostContext:textureBudget:)`` composites straight into the
/// memory the window shows from.
///
/// The maker keeps the context current on the thread that uses the backend; the backend
/// never binds or releases it. Its entry points are looked up through the maker's loader
/// (`SDL_GL_GetProcAddress` for an SDL window, `eglGetProcAddress` for an EGL surface), so
/// they reach the same driver through the same dispatch.
///
/// ```swift
/// let host = GLHostContext(
///   name: "SDL window", procAddress: { SDL_GL_GetProcAddress($0) },
///   isCurrent: { SDL_GL_GetCurrentContext() == context })
/// let backend = try GLRenderBackend(hostContext: host)
/// ```
public struct GLHostContext: Sendable {
  /// How the context was made, for the record of a run ("SDL window").
  public var name: String
  /// The address of the entry point named, for the context (nil when there is none).
  public var procAddress: @Sendable (String) -> UnsafeMutableRawPointer?
  /// Whether the context is current on the calling thread.
  public var isCurrent: @Sendable () -> Bool

  public init(
    name: String, procAddress: @escaping @Sendable (String) -> UnsafeMutableRawPointer?,
    isCurrent: @escaping @Sendable () -> Bool
  ) {
    self.name = name
    self.procAddress = procAddress
    self.isCurrent = isCurrent
  }
}

/// A ``GLHostContext`` as the backend draws with it: entry points loaded once, through
/// the maker's loader, while the context is current.
final class GLBorrowedContext: GLDrawingContext {
  let gl: GLFunctions
  let driver: GLDriverInfo
  let platform: String
  private let isCurrent: @Sendable () -> Bool

  /// Loads the entry points of `host`, which must be current on this thread.
  ///
  /// - Throws: ``GLError/contextNotCurrent`` when it is not, ``GLError/functionMissing(_:)``
  ///   when the loader lacks a function the backend calls.
  init(_ host: GLHostContext) throws(GLError) {
    guard host.isCurrent() else { throw .contextNotCurrent }
    gl = try GLFunctions(GLLibrary(lookup: host.procAddress))
    driver = GLDriverInfo(gl)
    platform = host.name
    isCurrent = host.isCurrent
  }

  /// Says whether the maker's context is current here; binding it is the maker's part.
  func makeCurrent() -> Bool { isCurrent() }
}

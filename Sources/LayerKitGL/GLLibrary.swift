import CEGL
import Foundation

/// EGL and OpenGL ES opened at run time: `libEGL.so.1` by `dlopen`, every function through
/// `eglGetProcAddress` (then `dlsym` of `libGLESv2.so.2` for core GLES functions a driver
/// does not hand out that way).
///
/// Nothing links against GL, so a machine without it still runs LayerKit; opening fails
/// with ``GLError/libraryMissing(name:reason:)``.
final class GLLibrary: @unchecked Sendable {
  // @unchecked: the lookup is written once in `init` and only called after.
  private let lookup: @Sendable (String) -> UnsafeMutableRawPointer?

  /// Opens the libraries, named by their Debian sonames unless given.
  init(egl eglName: String = "libEGL.so.1", gles glesName: String = "libGLESv2.so.2")
    throws(GLError)
  {
    guard let e = dlopen(eglName, RTLD_NOW | RTLD_LOCAL) else {
      throw .libraryMissing(name: eglName, reason: Self.dlError())
    }
    let gles = dlopen(glesName, RTLD_NOW | RTLD_LOCAL)
    guard let p = dlsym(e, "eglGetProcAddress") else {
      dlclose(e)
      if let gles { dlclose(gles) }
      throw .functionMissing("eglGetProcAddress")
    }
    let getProcAddress = unsafeBitCast(p, to: PFNEGLGETPROCADDRESSPROC.self)
    // The raw handles are only read: the closure shares them as bit patterns.
    let (eglBits, glesBits) = (UInt(bitPattern: e), UInt(bitPattern: gles))
    lookup = { name in
      if let p = dlsym(UnsafeMutableRawPointer(bitPattern: eglBits), name) { return p }
      if let h = UnsafeMutableRawPointer(bitPattern: glesBits), let p = dlsym(h, name) {
        return p
      }
      guard let p = name.withCString({ getProcAddress($0) }) else { return nil }
      return unsafeBitCast(p, to: UnsafeMutableRawPointer.self)
    }
  }

  /// Entry points found by `lookup`: the loader of whoever made the context the functions
  /// will run on (`SDL_GL_GetProcAddress` for an SDL window's), so that they reach the
  /// same driver through the same dispatch. Opens no library.
  init(lookup: @escaping @Sendable (String) -> UnsafeMutableRawPointer?) {
    self.lookup = lookup
  }

  deinit {
    // The driver keeps threads and state behind these handles for the process's life:
    // they stay open (closing Mesa while a context may exist elsewhere is unsafe).
  }

  /// The function `name` as the C function type `T` (a `PFN…PROC` typedef).
  func function<T>(_ name: String, as: T.Type = T.self) throws(GLError) -> T {
    guard let raw = address(name) else { throw .functionMissing(name) }
    return unsafeBitCast(raw, to: T.self)
  }

  /// The function `name`, or nil when no library exports it.
  func optionalFunction<T>(_ name: String, as: T.Type = T.self) -> T? {
    address(name).map { unsafeBitCast($0, to: T.self) }
  }

  /// The address of the entry point `name`, or nil when no library exports it.
  func address(_ name: String) -> UnsafeMutableRawPointer? { lookup(name) }

  private static func dlError() -> String {
    dlerror().map { String(cString: $0) } ?? "unknown error"
  }
}

import Foundation

/// Why LayerKitGL could not load GL, make its context or draw: every failure of EGL or
/// OpenGL ES surfaces as one of these, never as a crash.
public enum GLError: Error, Equatable, CustomStringConvertible {
  /// A shared library could not be opened (`dlopen`'s message); on Debian install
  /// `libegl1` and `libgles2` (with Mesa, `libgl1-mesa-dri`).
  case libraryMissing(name: String, reason: String)
  /// A function the backend needs is not exported by the EGL or GLES library.
  case functionMissing(String)
  /// No EGL display could be opened (neither surfaceless nor the default one).
  case noDisplay
  /// An EGL call failed with `code` (an `EGL_…` error number).
  case egl(call: String, code: Int32)
  /// No EGL configuration offers an OpenGL ES 3 context.
  case noConfiguration
  /// A shader did not compile, or a program did not link; `log` is the driver's.
  case shader(name: String, log: String)
  /// The offscreen framebuffer is incomplete (`status` is the GL status).
  case framebuffer(status: UInt32)
  /// A context handed to the backend (``GLHostContext``) is not current on the calling
  /// thread.
  case contextNotCurrent
  /// A context handed to the backend speaks a GL older than OpenGL ES 3.0 or desktop
  /// OpenGL 3.3 (`version` is its `GL_VERSION`).
  case unsupportedVersion(String)
  /// A size the driver cannot hold (a frame larger than `GL_MAX_TEXTURE_SIZE`).
  case tooLarge(width: Int, height: Int, limit: Int)

  public var description: String {
    switch self {
    case .libraryMissing(let name, let reason):
      return "cannot load \(name): \(reason) (install libegl1, libgles2 and libgl1-mesa-dri)"
    case .functionMissing(let name): return "the GL libraries do not export \(name)"
    case .noDisplay: return "no EGL display (surfaceless or default) could be opened"
    case .egl(let call, let code):
      return "\(call) failed with EGL error 0x\(String(code, radix: 16))"
    case .noConfiguration: return "no EGL configuration offers an OpenGL ES 3 context"
    case .shader(let name, let log): return "shader \(name) failed: \(log)"
    case .framebuffer(let status):
      return "the offscreen framebuffer is incomplete (0x\(String(status, radix: 16)))"
    case .contextNotCurrent: return "the GL context handed to the backend is not current"
    case .unsupportedVersion(let version):
      return "GL \"\(version)\" is older than OpenGL ES 3.0 and OpenGL 3.3"
    case .tooLarge(let w, let h, let limit):
      return "a \(w)×\(h) framebuffer exceeds the driver's limit of \(limit) pixels a side"
    }
  }
}

internal import CSDL2
import Foundation
import LayerKit

// The render-thread presentation path. A host opened with `.renderThread` has a GL window
// and a `GLWindowPresenter` instead of an `SDL_Renderer`; its own frame loops hand every
// upload, draw and swap to a `GLPresentThread`, or a render server takes the presenter
// (`takePresenter()`) and presents from its own thread.
extension LayerHost {
  /// Whether frames are presented through GL from a render thread (false: an
  /// `SDL_Renderer` on this thread, by configuration or by fallback).
  public var presentsFromRenderThread: Bool { glPresenter != nil }

  /// Hands the GL presenter to the caller, who activates it on its render thread
  /// (``GLWindowPresenter/activate()``) and presents from there; nil when the host
  /// presents on the main thread or the presenter was taken already.
  ///
  /// The host's own present thread, if frames were drawn through it, is stopped first.
  /// From then on the host's ``draw(_:)``, ``readPixels()`` and frame loops throw and
  /// ``present()`` does nothing; the taker calls ``GLWindowPresenter/deactivate()`` on its thread before ``close()``.
  public func takePresenter() -> GLWindowPresenter? {
    guard let glPresenter, !presenterTaken else { return nil }
    presentThread?.stop()
    presentThread = nil
    presenterTaken = true
    return glPresenter
  }

  /// The thread presenting through GL, started on first use; nil on the main-thread path.
  func glThread(_ function: String) throws(SDLError) -> GLPresentThread? {
    guard let glPresenter else { return nil }
    if let presentThread { return presentThread }
    guard !presenterTaken else {
      throw SDLError(function: function, message: "the presenter was handed to a render thread")
    }
    let thread = try GLPresentThread(presenter: glPresenter)
    presentThread = thread
    return thread
  }

  /// Opens the window with `SDL_WINDOW_OPENGL` and makes its presenter; on failure nothing
  /// is left open and the error says why.
  static func openGLWindow(
    _ configuration: Configuration, width: Int32, height: Int32, flags: UInt32
  ) -> Result<(OpaquePointer, GLWindowPresenter), SDLError> {
    let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
    var window: OpaquePointer?
    do throws(SDLError) {
      let w = try SDLCall.nonNull("SDL_CreateWindow") {
        SDL_CreateWindow(
          configuration.title, centered, centered, width, height,
          flags | SDL_WINDOW_OPENGL.rawValue)
      }
      window = w
      let presenter = try GLWindowPresenter(window: w, vsync: configuration.vsync)
      return .success((w, presenter))
    } catch {
      if let window { SDL_DestroyWindow(window) }
      return .failure(error)
    }
  }

  /// Says once, in the `LayerKit` log and the thread's diagnostics, why a host asked to
  /// present from a render thread presents on the main thread.
  static func reportFallback(_ error: SDLError) {
    let message =
      "presenting from a render thread needs GL (\(error)); presenting with SDL_Renderer "
      + "on the main thread instead"
    CADiagnostics.logger.notice("\(message)")
    CADiagnostics.report(key: "presentation", message)
  }

  /// Uploads and draws `output` on the present thread, returning the pixels uploaded.
  func glDraw(_ thread: GLPresentThread, _ output: FrameOutput) throws(SDLError) -> Int {
    glUploadedPixelCount = try thread.sync { (presenter) throws(SDLError) -> Int in
      try presenter.draw(output)
      return presenter.lastUploadedPixelCount
    }
    return glUploadedPixelCount
  }

  /// Starts uploading, drawing and swapping `output` on the present thread; the job's
  /// result is a ``GLPresentResult``.
  func glStartPresent(_ thread: GLPresentThread, _ output: FrameOutput) -> GLPresentThread.Job {
    thread.async { (presenter) throws(SDLError) -> any Sendable in
      try presenter.draw(output)
      let uploaded = presenter.lastUploadedPixelCount
      return GLPresentResult(presentTime: presenter.swap(), uploadedPixels: uploaded)
    }
  }
}

/// What a frame presented on the present thread reports back.
struct GLPresentResult: Sendable {
  /// When the swap returned, on `CASystemClock`'s clock.
  var presentTime: Double
  var uploadedPixels: Int
}

import Foundation
import LayerKit
import LayerKitGL

/// Presents a render server's frames into the window through the host's GL presenter, on
/// the render thread, and makes the backend that composites them there.
///
/// The window's context is made current on the render thread before the backend is made
/// (``makeBackend()``, the server's first frame), so that a `GLRenderBackend` asked for
/// is made on that very context (``GLWindowPresenter/hostContext``) with its read-back
/// off: each frame is composited into the backend's framebuffer texture and copied into
/// the window's back buffer on the GPU, then swapped. Where the window's context cannot
/// take the backend (a GL older than ES 3.0 / desktop 3.3, a shader the driver refuses),
/// a backend on a headless context of its own is made instead, read back and uploaded as
/// before, with the window's context made current again before each present; where no
/// GL backend can be made at all, the CPU compositor draws. ``report`` says which, and
/// why.
///
/// `@unchecked Sendable`: `gl`, `active`, `rebinds` and `direct` are touched on the render
/// thread only; `storedFailure` and `storedReport` under `lock`.
final class WindowServerPresenter: RenderServerPresenter, @unchecked Sendable {
  private let gl: GLWindowPresenter
  private let vsync: SwapVSync
  private let compositor: CARenderer.Backend
  private var active = false
  /// Whether another GL context (a headless backend's) is made current between frames.
  private var rebinds = false
  /// The backend made on the window's context; released on the render thread when it
  /// ends, while that context is still current there.
  private var direct: GLRenderBackend?
  private let lock = NSLock()
  private var storedFailure: SDLError?
  private var storedReport = WindowCompositorReport()

  init(gl: GLWindowPresenter, vsync: SwapVSync, compositor: CARenderer.Backend) {
    self.gl = gl
    self.vsync = vsync
    self.compositor = compositor
  }

  /// The first GL error met on the render thread, for the app thread to throw.
  var failure: SDLError? { lock.withLock { storedFailure } }

  /// What composites the frames, and how many took which path.
  var report: WindowCompositorReport { lock.withLock { storedReport } }

  /// Makes the render thread's backend (called once, on the render thread, before its
  /// first frame): the window's context is made current first.
  func makeBackend() -> any RenderBackend {
    do throws(SDLError) {
      try activate()
    } catch {
      fail(error)
      return CPURenderBackend()
    }
    guard compositor == .gl else {
      update { $0.path = .cpu }
      return CPURenderBackend()
    }
    let directError: GLError
    do throws(GLError) {
      let backend = try GLRenderBackend(hostContext: gl.hostContext)
      backend.readsBackFrames = false
      direct = backend
      update {
        $0.path = .glDirect
        $0.renderer = backend.renderer
      }
      return WindowBackendHandle(self)
    } catch {
      directError = error
    }
    do throws(GLError) {
      let backend = try GLRenderBackend()
      rebinds = true
      update {
        $0.path = .glReadBack
        $0.renderer = backend.renderer
        $0.reason = "\(directError)"
      }
      CADiagnostics.report(
        key: "backend",
        "the window's GL context cannot take the GL backend (\(directError)); frames are "
          + "read back and uploaded")
      return backend
    } catch {
      update {
        $0.path = .cpuFallback
        $0.reason = "\(error)"
      }
      CADiagnostics.report(
        key: "backend", "the GL backend is unavailable (\(error)); the CPU draws")
      return CPURenderBackend()
    }
  }

  /// The backend on the window's context, for ``WindowBackendHandle`` (render thread).
  var directBackend: GLRenderBackend? { direct }

  func present(_ frame: RenderServerFrame) -> CFTimeInterval {
    do throws(SDLError) {
      if !active {
        try activate()
      } else if rebinds {
        try gl.makeCurrentAgain()
      }
      if let direct, let target = direct.frameTarget {
        try gl.draw(target)
        let readBack = direct.lastFrame.readBackBytes
        update {
          $0.directFrames += 1
          $0.readBackBytes += readBack
        }
      } else {
        guard let bitmap = FrameBitmap(frame.bitmap) else { return frame.time }
        // A direct backend whose texture could not hold the frame drew all of it.
        let whole = CGRect(x: 0, y: 0, width: bitmap.context.width, height: bitmap.context.height)
        try gl.draw(.bitmap(bitmap, damage: direct == nil ? frame.damage : [whole]))
        let pixels = gl.lastUploadedPixelCount
        update {
          $0.uploadedFrames += 1
          $0.uploadedPixels += pixels
        }
      }
      let start = CASystemClock.now()
      let end = gl.swap()
      vsync.noteSwap(start: start, end: end, vsync: gl.isVsyncEnabled)
      return end
    } catch {
      fail(error)
      return frame.time
    }
  }

  func renderThreadWillEnd() {
    if active, rebinds { try? gl.makeCurrentAgain() }
    // The backend's GL objects are deleted while the window's context is current here.
    direct = nil
    if active { gl.deactivate() }
    active = false
  }

  private func activate() throws(SDLError) {
    guard !active else { return }
    try gl.activate()
    active = true
  }

  private func fail(_ error: SDLError) {
    lock.withLock { if storedFailure == nil { storedFailure = error } }
  }

  private func update(_ change: (inout WindowCompositorReport) -> Void) {
    lock.withLock { change(&storedReport) }
  }
}

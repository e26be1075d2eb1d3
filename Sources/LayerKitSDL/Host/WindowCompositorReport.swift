import Foundation

/// What composites a served window's frames (``LayerHost/runServed(context:compositor:onEvent:prepare:)``)
/// and how they reach the window: the line the viewer's panel shows, and the counts that
/// prove which path the frames took.
public struct WindowCompositorReport: Sendable, Equatable, CustomStringConvertible {
  /// The path frames take from the compositor to the window.
  public enum Path: Sendable, Equatable {
    /// The render thread has not drawn its first frame yet.
    case starting
    /// The CPU compositor draws into a bitmap whose damage is uploaded, as asked.
    case cpu
    /// `GLRenderBackend` composites on the window's own context and the presenter copies
    /// its framebuffer texture into the window on the GPU: no read-back, no upload.
    case glDirect
    /// `GLRenderBackend` composites on a headless context of its own; each frame's damage
    /// is read back into a bitmap and uploaded to the window (the window's context could
    /// not take the backend: ``WindowCompositorReport/reason``).
    case glReadBack
    /// GL was asked for and could not be had at all; the CPU compositor draws.
    case cpuFallback
  }

  /// The path.
  public var path: Path = .starting
  /// The GL driver's `GL_RENDERER` string, on the GL paths.
  public var renderer: String?
  /// Why the frames do not take the direct path when GL was asked for.
  public var reason: String?
  /// Frames drawn into the window from the backend's texture (``Path/glDirect``).
  public var directFrames = 0
  /// Frames uploaded from a bitmap, and the pixels uploaded for them.
  public var uploadedFrames = 0
  public var uploadedPixels = 0
  /// Bytes the direct backend read back from the GPU while drawing frames (0 on the
  /// direct path, which reads nothing back).
  public var readBackBytes = 0

  public init() {}

  /// One line for a person: "GL, direct to window (llvmpipe)", or why not; the
  /// renderer's name without its parenthesised details.
  public var description: String {
    let name = renderer.map { $0.components(separatedBy: " (")[0] }
    let gpu = name.map { " (\($0))" } ?? ""
    switch path {
    case .starting: return "starting"
    case .cpu: return "CPU compositor"
    case .glDirect: return "GL, direct to window\(gpu)"
    case .glReadBack:
      return "GL, read back and uploaded\(gpu); not direct: \(reason ?? "unknown")"
    case .cpuFallback: return "CPU compositor (GL: \(reason ?? "unavailable"))"
    }
  }
}

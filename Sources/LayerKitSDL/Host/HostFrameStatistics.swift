import Foundation

/// Where the time of the host's last frame went, beside the frame callback's own work.
///
/// Times are wall-clock seconds. A frame whose callback returned
/// ``FrameOutput/unchanged`` uploads and presents nothing (unless the window needs a
/// redraw after an expose, resize or device reset): its `upload` and `present` are 0 and
/// `presented` is false.
public struct HostFrameStatistics: Equatable, Sendable {
  /// The frame callback: evaluation and compositing, and whatever else it did.
  public var frame: Double = 0
  /// Copying damaged pixels into the streaming texture and the texture to the backbuffer.
  public var upload: Double = 0
  /// `SDL_RenderPresent`.
  public var present: Double = 0
  /// Pixels uploaded to the texture.
  public var uploadedPixels = 0
  /// Whether the frame was presented.
  public var presented = false

  public init() {}

  /// `frame + upload + present`.
  public var total: Double { frame + upload + present }
}

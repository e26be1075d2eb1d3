import Foundation

/// A bitmap context whose pixels persist between frames (the target of
/// `CARenderer.render(in:scale:)`), handed to ``LayerHost`` without copying it.
///
/// The host reads only the damaged rectangles of ``FrameOutput/bitmap(_:damage:)``: in
/// ``LayerHost/run(onEvent:frame:)`` during the frame that returned it; in
/// ``LayerHost/run(onEvent:prepare:frame:)`` on a worker thread until the next frame's
/// `frame` callback, so draw into it only from `frame`.
public final class FrameBitmap: @unchecked Sendable {
  // Sendable by handover: the frame loop draws into it, then hands it to the thread
  // that uploads it, and draws again only after that upload (see above).
  /// The bitmap: premultiplied RGBA8, `bytesPerRow == width · 4`.
  public let context: CGContext

  /// Wraps `context`; nil when its rows are padded (the texture upload reads them tightly
  /// packed).
  public init?(_ context: CGContext) {
    guard context.data != nil, context.bytesPerRow == context.width * 4 else { return nil }
    self.context = context
  }
}

import Foundation

/// A bitmap context whose pixels persist between frames (the target of
/// `CARenderer.render(in:scale:)`), handed to ``LayerHost`` without copying it.
///
/// The host reads only the damaged rectangles of ``FrameOutput/bitmap(_:damage:)``,
/// during the frame that returned it; the frame loop is one thread, so the bitmap is not
/// drawn into while it is read.
public final class FrameBitmap: @unchecked Sendable {
  /// The bitmap: premultiplied RGBA8, `bytesPerRow == width · 4`.
  public let context: CGContext

  /// Wraps `context`; nil when its rows are padded (the texture upload reads them tightly
  /// packed).
  public init?(_ context: CGContext) {
    guard context.data != nil, context.bytesPerRow == context.width * 4 else { return nil }
    self.context = context
  }
}

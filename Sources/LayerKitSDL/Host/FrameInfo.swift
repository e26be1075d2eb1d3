import Foundation

/// What the frame callback of ``LayerHost`` learns about the frame it is asked to draw.
public struct FrameInfo: Equatable, Sendable {
  /// The frame's number, counting from 0 for the host's first frame.
  public var index: Int
  /// The host clock's time at the start of the frame, in seconds.
  public var time: Double
  /// Seconds since the previous frame's `time`; 0 for the first frame.
  public var deltaTime: Double
  /// The framebuffer size in pixels (`SDL_GetRendererOutputSize`): the size of the image
  /// the frame should return to fill the window.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// The window's size in points (the coordinate space of mouse events).
  public var pointSize: CGSize
  /// Pixels per point: 1 on ordinary displays, 2 on most HiDPI ones.
  public var scale: CGFloat

  public init(
    index: Int, time: Double, deltaTime: Double, pixelWidth: Int, pixelHeight: Int,
    pointSize: CGSize, scale: CGFloat
  ) {
    self.index = index
    self.time = time
    self.deltaTime = deltaTime
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.pointSize = pointSize
    self.scale = scale
  }
}

import Foundation

/// A frame a render server finished, as its presenter receives it on the render thread.
public struct RenderServerFrame {
  /// The frame's pixels (premultiplied RGBA, top-left origin), valid only during
  /// ``RenderServerPresenter/present(_:)``: the server draws the next frame into it.
  public let bitmap: CGContext
  /// The rectangles that changed since the previous frame, in pixels (top-left origin);
  /// empty when nothing did.
  public let damage: [CGRect]
  /// The time the animations were evaluated at: the predicted present time of the
  /// vertical blank it is drawn for (media time, seconds).
  public let time: CFTimeInterval
  /// The blank it was drawn after.
  public let vsync: VSyncTick
  /// The number of the app commit whose tree it shows (counting from 1).
  public let commit: UInt64
  /// Device pixels per point.
  public let scale: CGFloat
  /// The replica the frame was drawn from (for ``presentationState(ofLayer:)``).
  let replica: LayerReplica

  /// The state the frame showed for the layer numbered `id` in the snapshots
  /// (`RenderServer.snapshotID(of:)`): its presentation at ``time``, or its model state
  /// when no animation showed; nil when the frame's tree had no such layer.
  package func presentationState(ofLayer id: UInt64) -> LayerState? {
    guard let layer = replica.layer(id: id) else { return nil }
    return replica.context.presentationState(of: layer) ?? layer.state
  }
}

/// Shows a render server's frames: called on the render thread only.
public protocol RenderServerPresenter: AnyObject {
  /// Shows `frame` (uploads its damaged rectangles, swaps). Called once per frame with
  /// damage, on the render thread, never concurrently.
  /// - Returns: when the frame reached the screen (the swap returned), in media time,
  ///   seconds, on the clock of the server's `VSyncSource`; a presenter that cannot tell
  ///   returns `frame.time` (on time). The server's frame pacing records it.
  func present(_ frame: RenderServerFrame) -> CFTimeInterval
  /// The render thread is about to end (the server stopped): release what belongs to
  /// it (a GL context current on it). Called on the render thread. Default: nothing.
  func renderThreadWillEnd()
}

extension RenderServerPresenter {
  public func renderThreadWillEnd() {}
}

import Foundation
import LayerKit

/// A render-server presenter that records, on the render thread, what each frame showed:
/// its time, commit, damage, pixels, thread and the states of the layers it watches (by
/// snapshot number, `RenderServer.snapshotID(of:)`).
package final class ServerFrameRecorder: RenderServerPresenter, @unchecked Sendable {
  // Sendable: `recorded` and `watched` are touched under `lock`.
  package struct Frame {
    package var time: CFTimeInterval
    package var commit: UInt64
    package var damage: [CGRect]
    package var states: [UInt64: LayerState]
    package var pixels: [UInt8]
    package var thread: Thread
  }
  private let lock = NSLock()
  private var recorded: [Frame] = []
  private var watched: [UInt64] = []

  package init() {}

  package var frames: [Frame] { lock.withLock { recorded } }

  package func watch(_ ids: [UInt64]) { lock.withLock { watched = ids } }

  package func present(_ frame: RenderServerFrame) -> CFTimeInterval {
    let ids = lock.withLock { watched }
    var states: [UInt64: LayerState] = [:]
    for id in ids { states[id] = frame.presentationState(ofLayer: id) }
    let bytes = frame.bitmap.width * frame.bitmap.height * 4
    let pixels = [UInt8](
      UnsafeBufferPointer(
        start: frame.bitmap.data!.assumingMemoryBound(to: UInt8.self), count: bytes))
    let f = Frame(
      time: frame.time, commit: frame.commit, damage: frame.damage, states: states,
      pixels: pixels, thread: Thread.current)
    lock.withLock { recorded.append(f) }
    return frame.time
  }
}

import Foundation

@testable import LayerKit

/// A second backend, for tests: instead of pixels it records the draw operations a frame
/// hands it, in drawing order, from the frame's placement alone (it never reads a
/// `CALayer`, and places nothing itself).
///
/// Like a backend that composites per-layer textures, it draws only what shows (it skips
/// hidden and fully transparent subtrees, unless a transition may show an outgoing
/// state), only the nodes whose extent meets the frame's damage, and the sublayers of a
/// `CATransformLayer` in the placement's depth order.
final class RecordingBackend: RenderBackend {
  /// One draw operation.
  struct Operation: Equatable {
    /// The layer drawn (its render node's key), and which replicator copy.
    var layer: ObjectIdentifier
    var instance: Int
    var map: ProjectiveTransform2D
    var opacity: Float
    var compositedOpacity: Float
    var clip: PixelRect
    var extent: PixelRect
    var offscreen: OffscreenReasons
  }

  /// The frames received, each as its damage and its operations.
  private(set) var frames: [(damage: [PixelRect], operations: [Operation])] = []

  var bitmapCounts: (drawn: Int, reused: Int) { (0, 0) }

  /// Draws no tiles of its own, so it finds none missing.
  func takeMissedTiles() -> [MissedTile] { [] }

  @discardableResult
  func draw(_ frame: RenderFrame, into target: CGContext) -> Int {
    var ops: [Operation] = []
    if let root = frame.tree.root {
      visit(root, frame, into: &ops)
    }
    frames.append((frame.damage, ops))
    return 1
  }

  /// The last frame's operations.
  var last: [Operation] { frames.last?.operations ?? [] }

  /// The last frame's operation for `layer` (its first copy), if it was drawn.
  func operation(_ layer: CALayer) -> Operation? {
    last.first { $0.layer == ObjectIdentifier(layer) }
  }

  /// The layers drawn in the last frame, in order.
  func order(_ layers: [CALayer]) -> [Int] {
    last.compactMap { op in layers.firstIndex { ObjectIdentifier($0) == op.layer } }
  }

  private func visit(_ i: Int, _ frame: RenderFrame, into ops: inout [Operation]) {
    let placement = frame.placement
    guard placement.draws(i, in: frame.tree) else { return }
    let n = frame.tree.nodes[i]
    let p = placement[i]
    if frame.damage.contains(where: { !$0.intersection(p.extent).isEmpty }) {
      ops.append(
        Operation(
          layer: n.key.layer, instance: n.key.instance, map: p.map, opacity: p.opacity,
          compositedOpacity: p.compositedOpacity, clip: p.clip, extent: p.extent,
          offscreen: p.offscreen))
    }
    if n.kind == .transform, let items = placement.depthOrders[i] {
      for it in items { visit(it.index, frame, into: &ops) }
    } else {
      for c in n.children { visit(c, frame, into: &ops) }
    }
  }
}

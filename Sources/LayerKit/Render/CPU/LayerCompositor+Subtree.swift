import Foundation

// One layer's subtree drawn on its own, for a backend that composites most layers itself
// and hands the rest to this compositor (a GPU backend's fallback).
extension LayerCompositor {
  /// Draws node `i` of `tree` and its subtree into `surface`, only inside `clip` (device
  /// pixels), exactly as `render` draws it within the whole tree: placed by its entry of
  /// `placement` (`NodePlacement.local`) into the plane whose map into device pixels is
  /// `parentMap` (its superlayer's `NodePlacement.map`; the frame's scale for the root), at
  /// inherited opacity `alpha` (0…1; what the superlayer hands down on its target).
  ///
  /// Its superlayers' bounds clips are not applied (the caller applies them when it
  /// composites `surface`); everything else (masks, groups, shadows, filters, transitions,
  /// perspective, depth order) is drawn as `render` draws it. A blend mode inside the
  /// subtree blends onto what `surface` holds, not onto the frame.
  package func renderSubtree(
    _ i: Int, of tree: RenderTree, placement: RenderPlacement, parentMap: ProjectiveTransform2D,
    into surface: RenderSurface, clip: PixelRect, alpha: Float
  ) {
    precondition(tree.nodes.indices.contains(i), "node \(i) is not in the tree")
    beginRender(tree, placement: placement, limit: clip)
    defer { endRender() }
    guard !clip.isEmpty, parentMap.isFinite else { return }
    let local = placement[i].local
    tree.nodes.withUnsafeBufferPointer { nodes in
      placement.nodes.withUnsafeBufferPointer { placed in
        withNodes(nodes.baseAddress, placed.baseAddress) {
          drawNode(i, local: local, parentMap: parentMap, into: surface, clip: clip, alpha: alpha)
        }
      }
    }
  }
}

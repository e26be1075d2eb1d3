import Foundation

/// Where one node of a frame's render tree lands and how it composites: one entry of
/// the frame's ``RenderPlacement``.
package struct NodePlacement: Sendable, Equatable {
  /// The node's 4×4 transform into the plane it is drawn in: its superlayer's drawn
  /// plane (its placement, replicator instance transform, then the superlayer's sublayer
  /// space, `RenderTree.localTransform(_:parent:)`); for a sublayer of a
  /// `CATransformLayer`, the plane the transform layer sits in, through the transform
  /// layer's own (so nested transform layers keep 3D); for a mask, the masked layer's
  /// space (`RenderTree.maskTransform(_:of:)`); for a transition's outgoing state, the
  /// layer's own.
  package var local: CATransform3D
  /// The node's map from its own coordinates (points) into device pixels: `local`
  /// flattened (`ProjectiveTransform2D(flattening:)`) and composed with its superlayer's
  /// map, as Core Animation flattens every layer that is not a transform layer into its
  /// superlayer's plane. Projective when the node sits under perspective.
  package var map: ProjectiveTransform2D
  /// Its effective opacity, 0…1 (`LayerVisibility.effectiveOpacity(_:inherited:)`): the
  /// product of its own and its ancestors' opacities, 0 when it or an ancestor is hidden.
  /// A mask's starts again at 1 (it decides coverage, not colour).
  package var opacity: Float
  /// The opacity it composites at onto the target it is drawn into: its own times the
  /// opacity inherited since the nearest ancestor drawn through an offscreen (inside an
  /// offscreen group, a mask, a transition's states or a kept bitmap, inherited opacity
  /// starts again at 1; the offscreen is composited at its layer's). A group opacity
  /// offscreen is needed when this is below 1 (`OffscreenReasons.isGroup`).
  package var compositedOpacity: Float
  /// The device pixels it may draw in: the frame, cut by the extents of its ancestors
  /// that clip to their bounds (`masksToBounds`) or whose map is not finite.
  package var clip: PixelRect
  /// The device pixels it can touch itself, within `clip`: what it paints
  /// (`RenderNode.paintedRect`) and its shadow (`LayerState.shadowBlurReach`), through
  /// `map`, with a pixel of margin (`RenderPlacement.extent(of:painted:map:clip:)`).
  package var extent: PixelRect
  /// Why drawing it needs an offscreen of its own (empty: it draws straight into its
  /// target).
  package var offscreen: OffscreenReasons
  /// Its superlayer's node index (the masked layer for a mask, the layer for a
  /// transition's outgoing state); −1 for the root.
  package var parent: Int
  /// Its place under `parent`: the index among the sublayers (in drawing order), −1 for
  /// the mask, −2 for a transition's outgoing state.
  package var position: Int

  /// The placement of a node no pass reached.
  package static let none = NodePlacement(
    local: .identity, map: .identity, opacity: 0, compositedOpacity: 0, clip: .empty,
    extent: .empty, offscreen: [],
    parent: -1, position: 0)
}

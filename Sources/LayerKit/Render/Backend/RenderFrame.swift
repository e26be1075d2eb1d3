import Foundation

/// One frame as a backend receives it: the snapshot, its placement and its damage.
package struct RenderFrame: Sendable {
  /// The frame's render tree (the presentation state at its time).
  package var tree: RenderTree
  /// The placement of `tree` at `scale` into the frame's pixels, made once per frame.
  package var placement: RenderPlacement
  /// The device rectangles to redraw (top-left origin), disjoint; the pixels outside
  /// them are the previous frame's.
  package var damage: [PixelRect]
  /// Device pixels per point.
  package var scale: CGFloat
  /// The frame's size in device pixels.
  package var width: Int
  package var height: Int
  /// Whether the target's pixels in `damage` are already transparent (a fresh, zeroed
  /// bitmap), so that a backend need not clear them again. Default false.
  package var damageIsClear = false

  package init(
    tree: RenderTree, placement: RenderPlacement, damage: [PixelRect], scale: CGFloat, width: Int,
    height: Int, damageIsClear: Bool = false
  ) {
    self.damageIsClear = damageIsClear
    self.tree = tree
    self.placement = placement
    self.damage = damage
    self.scale = scale
    self.width = width
    self.height = height
  }
}

import Foundation

/// The CPU backend: each damaged rectangle composited in software by `LayerCompositor`,
/// in horizontal bands on the machine's cores (`BandedCompositor`).
///
/// The compositor reads the frame's placement for every sublayer's transform and for the
/// depth order of transform layers' sublayers, and applies the shared rules
/// (`LayerVisibility`, `OffscreenReasons`) as it draws; its maps are composed per target
/// surface, since an offscreen drawn in a layer's own plane (perspective,
/// `shouldRasterize`) has device pixels of its own.
package final class CPURenderBackend: RenderBackend {
  /// Band 0's compositor, and the only one on one thread.
  package let compositor = LayerCompositor()
  /// Splits large damaged rectangles into bands composited on the machine's cores.
  package let bands = BandedCompositor()

  package init() {}

  @discardableResult
  package func draw(_ frame: RenderFrame, into target: CGContext) -> Int {
    var used = 0
    for r in frame.damage {
      used = max(
        used,
        bands.render(
          frame.tree, placement: frame.placement, into: target, rect: r, scale: frame.scale,
          main: compositor, cleared: frame.damageIsClear))
    }
    return used
  }

  package var bitmapCounts: (drawn: Int, reused: Int) { bands.bitmapCounts(main: compositor) }

  package func takeMissedTiles() -> [MissedTile] { bands.takeMissedTiles(main: compositor) }
}

import Foundation

// A CATiledLayer's tiles: the visible ones, at the level the layer's on-screen scale
// asks for, read from the tile cache. The display stage drew them before the render
// tree was built; a tile it did not draw (the compositor's clip reached further than
// its estimate) shows nothing this frame, as on Apple's platforms, and is reported
// (`missedTiles`) so that the next frame's display stage draws it.
extension LayerCompositor {
  /// Draws node `i`'s visible tiles under `map` within `clip`.
  func drawTiles(
    _ i: Int, _ source: TiledLayerSource, map: CGAffineTransform, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float
  ) {
    let st = tree.nodes[i].state
    let visible = source.visibleTiles(
      bounds: st.bounds, contentsScale: st.contentsScale, map: map, clip: clip)
    for tile in visible.tiles {
      guard let image = source.cache.image(tile.key) else {
        missedTiles.append(MissedTile(cache: source.cache, tile: tile))
        continue
      }
      drawImage(
        image, in: tile.rect, contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
        state: node(i).state, map: map, into: s, clip: clip, alpha: alpha)
    }
  }
}

/// A tile the compositor wanted and the cache did not hold: handed back to the display
/// stage of the next frame.
package struct MissedTile: @unchecked Sendable {
  // Sendable: the cache locks every access (`TileCache`).
  package var cache: TileCache
  package var tile: TiledLayerSource.Tile
}

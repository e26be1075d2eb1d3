import Foundation

/// What a frame needs to draw a `CATiledLayer`: its tile cache and grid, copied when
/// the render tree is built.
package struct TiledLayerSource: Sendable, Equatable {
  package var cache: TileCache
  /// The cache's generation when the tree was built (a change damages the layer).
  package var generation: Int
  /// Tile size, in pixels.
  package var tileWidth: Int
  package var tileHeight: Int
  /// `levelsOfDetail` (at least 1) and `levelsOfDetailBias`.
  package var levels: Int
  package var bias: Int

  package init(_ layer: CATiledLayer) {
    cache = layer.tiles
    generation = layer.tiles.generation
    (tileWidth, tileHeight) = layer.effectiveTileSize
    levels = Swift.max(layer.levelsOfDetail, 1)
    bias = Swift.min(Swift.max(layer.levelsOfDetailBias, -64), 64)
  }

  package static func == (a: Self, b: Self) -> Bool {
    a.cache === b.cache && a.generation == b.generation && a.tileWidth == b.tileWidth
      && a.tileHeight == b.tileHeight && a.levels == b.levels && a.bias == b.bias
  }

  /// The level of detail to draw at for an on-screen scale of `screen` pixels per point
  /// with `contentsScale`: the coarsest whose resolution is at least `screen`, clamped
  /// to `0 ..< levels`.
  package func level(screen: CGFloat, contentsScale: CGFloat) -> Int {
    guard screen.isFinite, screen > 0 else { return levels - 1 }
    // Level k draws at contentsScale · 2^(bias − k); want the largest k with that ≥ screen.
    let k = Double(bias) - log2(Double(screen / contentsScale)).rounded(.up)
    return Int(Swift.min(Swift.max(k, 0), Double(levels - 1)))
  }

  /// Level `k`'s pixels per point.
  package func scale(level k: Int, contentsScale: CGFloat) -> CGFloat {
    contentsScale * CGFloat(pow(2.0, Double(bias - k)))
  }
}

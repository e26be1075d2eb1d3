import Foundation

/// What a frame needs to draw a `CATiledLayer`: its tile cache and grid, copied when
/// the render tree is built.
///
/// The tiles a frame shows are decided by one rule, ``visibleTiles(bounds:contentsScale:map:clip:)``,
/// which the display stage uses to draw them before the render tree is built and the
/// compositor uses to read them back.
package struct TiledLayerSource: Sendable, Equatable {
  package var cache: TileCache
  /// The cache's generation when the tree was built (a tile drawn or dropped damages
  /// the layer).
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

  /// A tile a frame shows: its key and its rectangle in layer coordinates (the grid cell
  /// cut to the bounds).
  package struct Tile: Sendable, Equatable {
    package var key: TileCache.Key
    package var rect: CGRect
  }

  /// The tiles of a layer with `bounds` and `contentsScale` that show through `clip`
  /// (device pixels) under `map` (layer coordinates to device pixels), in row-major
  /// order, at the level the map's on-screen scale picks (the larger axis scale), at
  /// most `CATiledLayer.maximumTilesPerFrame` of them.
  ///
  /// - Returns: the tiles, and how many the visible part needs in all (more than the
  ///   tiles returned when the budget cut them).
  package func visibleTiles(
    bounds: CGRect, contentsScale: CGFloat, map: CGAffineTransform, clip: PixelRect
  ) -> (tiles: [Tile], needed: Double) {
    let contentsScale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
    let det = map.a * map.d - map.b * map.c
    guard det != 0, det.isFinite, !clip.isEmpty else { return ([], 0) }
    let onScreen = Swift.max(
      (map.a * map.a + map.b * map.b).squareRoot(), (map.c * map.c + map.d * map.d).squareRoot())
    let level = level(screen: onScreen, contentsScale: contentsScale)
    let scale = scale(level: level, contentsScale: contentsScale)
    let visible = CGRect(x: clip.x0, y: clip.y0, width: clip.width, height: clip.height)
      .applying(map.inverted()).intersection(bounds)
    guard !visible.isNull, !visible.isEmpty, visible.width.isFinite, visible.height.isFinite else {
      return ([], 0)
    }
    let tw = CGFloat(tileWidth) / scale
    let th = CGFloat(tileHeight) / scale
    let c0 = Int(geometric: (visible.minX / tw + 1e-9).rounded(.down))
    let c1 = Int(geometric: (visible.maxX / tw - 1e-9).rounded(.up))
    let r0 = Int(geometric: (visible.minY / th + 1e-9).rounded(.down))
    let r1 = Int(geometric: (visible.maxY / th - 1e-9).rounded(.up))
    let needed = Double(c1 - c0) * Double(r1 - r0)
    var tiles: [Tile] = []
    var counted = 0
    for row in r0..<Swift.max(r1, r0) {
      for column in c0..<Swift.max(c1, c0) where counted < CATiledLayer.maximumTilesPerFrame {
        counted += 1
        let rect = CGRect(x: CGFloat(column) * tw, y: CGFloat(row) * th, width: tw, height: th)
          .intersection(bounds)
        guard !rect.isNull, !rect.isEmpty else { continue }
        tiles.append(
          Tile(key: TileCache.Key(level: level, column: column, row: row, scale: scale), rect: rect)
        )
      }
    }
    return (tiles, needed)
  }
}

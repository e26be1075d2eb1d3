import Foundation

/// The tiles a `CATiledLayer` has drawn, keyed by level and grid position, with the
/// least recently shown dropped first once they hold more than
/// `CATiledLayer.maximumCachedTilePixels` pixels.
///
/// Tiles are drawn only by the display stage of a frame, on the thread of the layer's
/// tree, through the layer's `draw(in:)` (``draw(_:)``); the compositor, possibly on
/// several band threads at once, only reads them (``image(_:)``), so it locks.
package final class TileCache: @unchecked Sendable {
  /// A tile: its level of detail and its column and row in that level's grid.
  package struct Key: Hashable, Sendable {
    package var level: Int
    package var column: Int
    package var row: Int
    /// The level's pixels per point (so a new `contentsScale` draws new tiles).
    package var scale: CGFloat
  }

  private struct Entry {
    var image: CGImage
    /// The tile's rectangle in layer coordinates.
    var rect: CGRect
    var lastUse: UInt64
  }

  /// The layer whose `draw(in:)` draws the tiles.
  weak var layer: CATiledLayer?
  /// Guards `entries`, `pixels`, `clock`, `drawn` and `storedGeneration`.
  private let lock = NSLock()
  /// How many tiles `draw(in:)` has drawn.
  package var drawCount: Int { lock.withLock { drawn } }
  private var drawn = 0
  private var entries: [Key: Entry] = [:]
  private var pixels = 0
  private var clock: UInt64 = 0
  /// Bumped whenever a tile is drawn or dropped by invalidation, so a frame's render tree
  /// can tell that the layer's pixels changed.
  package var generation: Int { lock.withLock { storedGeneration } }
  private var storedGeneration = 0

  package init() {}

  /// How many tiles are kept.
  package var count: Int { lock.withLock { entries.count } }

  /// The keys of the tiles kept.
  package var keys: Set<Key> { lock.withLock { Set(entries.keys) } }

  /// Drops every tile.
  package func removeAll() {
    lock.withLock {
      entries.removeAll()
      pixels = 0
      storedGeneration &+= 1
    }
  }

  /// Drops the tiles whose rectangle intersects `r` (layer coordinates).
  package func remove(intersecting r: CGRect) {
    lock.withLock {
      let hit = entries.filter { $0.value.rect.intersects(r) }
      guard !hit.isEmpty else { return }
      for (k, e) in hit {
        entries[k] = nil
        pixels -= e.image.width * e.image.height
      }
      storedGeneration &+= 1
    }
  }

  /// The kept tile `key`, or nil: what the compositor reads. Changes nothing.
  package func image(_ key: Key) -> CGImage? {
    lock.withLock { entries[key]?.image }
  }

  /// Makes sure `tile` is kept: marks a kept one as just shown, else draws it through the
  /// layer's `draw(in:)`. Called by the display stage, on the thread of the layer's tree.
  /// - Returns: whether the tile was drawn now.
  @discardableResult
  package func draw(_ tile: TiledLayerSource.Tile) -> Bool {
    let kept: Bool = lock.withLock {
      guard entries[tile.key] != nil else { return false }
      clock &+= 1
      entries[tile.key]?.lastUse = clock
      return true
    }
    guard !kept, let image = draw(tile.rect, scale: tile.key.scale) else { return false }
    lock.withLock {
      drawn += 1
      clock &+= 1
      storedGeneration &+= 1
      if let old = entries[tile.key] { pixels -= old.image.width * old.image.height }
      entries[tile.key] = Entry(image: image, rect: tile.rect, lastUse: clock)
      pixels += image.width * image.height
      evict()
    }
    return true
  }

  /// Drops least recently shown tiles until the kept pixels fit the bound.
  private func evict() {
    guard pixels > CATiledLayer.maximumCachedTilePixels else { return }
    for (k, e) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
      guard pixels > CATiledLayer.maximumCachedTilePixels else { break }
      entries[k] = nil
      pixels -= e.image.width * e.image.height
    }
  }

  /// Draws the part `rect` of the layer at `scale` pixels per point: the context maps
  /// layer coordinates to the tile's pixels and clips to `rect`.
  private func draw(_ rect: CGRect, scale: CGFloat) -> CGImage? {
    guard let layer, rect.width > 0, rect.height > 0 else { return nil }
    let w = Swift.max(Int(geometric: rect.width * scale, .up), 1)
    let h = Swift.max(Int(geometric: rect.height * scale, .up), 1)
    guard let ctx = CGContext(width: w, height: h) else { return nil }
    ctx.scaleBy(x: scale, y: scale)
    ctx.translateBy(x: -rect.minX, y: -rect.minY)
    ctx.clip(to: rect)
    layer.delegate?.layerWillDraw(layer)
    CGContext.withCurrent(ctx) { layer.draw(in: ctx) }
    return ctx.makeImage()
  }
}

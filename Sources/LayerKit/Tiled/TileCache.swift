import Foundation

/// The tiles a `CATiledLayer` has drawn, keyed by level and grid position, with the
/// least recently shown dropped first once they hold more than
/// `CATiledLayer.maximumCachedTilePixels` pixels.
///
/// Frames read it while compositing, possibly from several band threads at once
/// (`LAYERKIT_BANDS`), so it locks. It draws missing tiles through its layer's
/// `draw(in:)` on the thread that first needs them, one tile at a time per layer: a
/// band that needs a tile another band is drawing waits for it, so every tile is drawn
/// once, and `draw(in:)` (and the delegate's drawing) never runs on two threads at
/// once for the same layer, even though it may run off the layer's thread.
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
  /// Held while a tile is drawn: drawing is one tile at a time (recursive, so a
  /// `draw(in:)` that renders the layer again on its own thread does not deadlock).
  private let drawing = NSRecursiveLock()
  /// How many tiles `draw(in:)` has drawn (for tests of the once-only guard).
  package var drawCount: Int { lock.withLock { drawn } }
  private var drawn = 0
  private var entries: [Key: Entry] = [:]
  private var pixels = 0
  private var clock: UInt64 = 0
  /// Bumped whenever a tile is dropped by invalidation, so a frame's render tree can
  /// tell that the layer's pixels changed.
  package var generation: Int { lock.withLock { storedGeneration } }
  private var storedGeneration = 0

  /// Called when a missing tile is about to wait for the drawing lock (a test hook for
  /// the once-only guard; set it before frames are drawn).
  package var willWaitToDraw: (@Sendable () -> Void)?

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

  /// The tile `key` covering `rect` (layer coordinates) at `scale` pixels per point:
  /// the kept one, else a newly drawn one (nil when the layer is gone or the tile is
  /// empty).
  package func tile(_ key: Key, rect: CGRect) -> CGImage? {
    if let image = kept(key) { return image }
    willWaitToDraw?()
    return drawing.withLock {
      // Another band may have drawn it while this one waited.
      if let image = kept(key) { return image }
      guard let image = draw(rect, scale: key.scale) else { return nil }
      lock.withLock {
        drawn += 1
        clock &+= 1
        if let old = entries[key] { pixels -= old.image.width * old.image.height }
        entries[key] = Entry(image: image, rect: rect, lastUse: clock)
        pixels += image.width * image.height
        evict()
      }
      return image
    }
  }

  /// The kept tile `key`, marked as just used, or nil.
  private func kept(_ key: Key) -> CGImage? {
    lock.withLock {
      guard entries[key] != nil else { return nil }
      clock &+= 1
      entries[key]?.lastUse = clock
      return entries[key]?.image
    }
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

import Foundation

/// A layer whose contents `draw(in:)` draws in tiles, on demand, at several levels of
/// detail: Core Animation's tiled layer, for content far larger than the screen (maps,
/// documents, deep zooms).
///
/// **Tiles.** The layer's coordinate space (from its origin `(0, 0)`) is cut into tiles
/// of `tileSize` *pixels*. Before a frame is built, its display stage draws only the tiles
/// that intersect the part of `bounds` the frame will show (after every ancestor's clip),
/// each once, on the thread of the layer tree:
/// `draw(in:)` (or the delegate's `draw(_:in:)`) gets a context whose transform maps
/// layer coordinates to the tile's pixels and whose clip is the tile, so
/// `ctx.boundingBoxOfClipPath` is the tile's rectangle in layer coordinates, as on
/// Apple's platforms. Drawn tiles are kept (see `maximumCachedTilePixels`) until
/// `setNeedsDisplay()` (every tile) or `setNeedsDisplay(_:)` (the tiles the rectangle
/// touches) retires them, or `tileSize`, `levelsOfDetail`, `levelsOfDetailBias` or
/// `contentsScale` change.
///
/// **Levels of detail.** Level `k` (`0 ..< levelsOfDetail`) draws at
/// `contentsScale · 2^(levelsOfDetailBias − k)` pixels per point: level 0 is the finest,
/// magnified `levelsOfDetailBias` times over, and each further level halves the
/// resolution. A frame uses the coarsest level whose resolution is at least the layer's
/// on-screen scale (the larger axis scale of its transform to the frame's pixels), else
/// the finest level.
///
/// **Differences from Apple.** Apple draws tiles on background threads and fades each
/// in over `fadeDuration()`. LayerKit draws the missing visible tiles at once, in the
/// frame's display stage on the thread of the layer tree, before the render tree is
/// built, so every frame is complete and deterministic; tiles do not fade. The compositor
/// only reads tiles: a tile it needs that the display stage could not place (a layer
/// under perspective, say) shows nothing in that frame, as on Apple's platforms before a
/// tile is drawn, and is drawn for the next frame. A tile drawn with a level's scale is
/// never shown at another level in the meantime.
///
/// **Bad input.** A `tileSize` side that is zero, negative or not finite falls back to
/// the default 256 × 256 with a diagnostic; sides are rounded up to whole pixels and
/// capped at 4096. `levelsOfDetail` below 1 counts as 1; a frame draws at most
/// `maximumTilesPerFrame` tiles of one layer (the rest are left out, with a diagnostic).
open class CATiledLayer: CALayer {
  override package class var frameTraits: LayerFrameTraits {
    LayerFrameTraits(isVolatile: true, drawsOwnContent: true)
  }

  override package class func makeRenderReplica() -> CALayer { CATiledLayer() }

  override package func snapshotParts() -> LayerTreeSnapshot.ClassParts {
    .tiles(
      LayerTreeSnapshot.Tiling(
        cache: tiles, tileSize: tileSize, levelsOfDetail: levelsOfDetail,
        levelsOfDetailBias: levelsOfDetailBias))
  }

  override package func adoptSnapshotParts(_ parts: LayerTreeSnapshot.ClassParts) {
    guard case .tiles(let t) = parts else { return }
    shareTiles(
      t.cache, tileSize: t.tileSize, levelsOfDetail: t.levelsOfDetail,
      levelsOfDetailBias: t.levelsOfDetailBias)
  }

  /// Draws the missing tiles `viewport` will show (see `DisplayStage`'s tile rule).
  override package func drawVisibleContent(
    root: CALayer, state: (CALayer) -> LayerState, viewport: DisplayStage.Viewport
  ) {
    DisplayStage.drawVisibleTiles(of: self, root: root, state: state, viewport: viewport)
  }

  /// Gives `node` the layer's tiles, unless contents stand in for them.
  override package func writeRenderParts(into node: inout RenderNode, localTime: () -> Double) {
    let tiles = node.state.contents == nil ? TiledLayerSource(self) : nil
    if tiles != node.tiles { node.tiles = tiles }
  }

  /// Drops the tiles `rect` touches (every tile for nil): each is drawn again when it
  /// next shows.
  override package func invalidateOwnContent(in rect: CGRect?) {
    if let rect { tiles.remove(intersecting: rect) } else { tiles.removeAll() }
  }

  /// The default `tileSize`: 256 × 256 pixels.
  public static let defaultTileSize = CGSize(width: 256, height: 256)
  /// The most tiles of one layer drawn in one frame (a tiny tile size on a huge layer
  /// would otherwise ask for millions).
  public static let maximumTilesPerFrame = 4096
  /// The most tile pixels one layer keeps: 32 M pixels (128 MiB, 512 default tiles).
  /// Past it the least recently shown tiles are dropped first.
  public static let maximumCachedTilePixels = 32 * 1024 * 1024

  /// Apple's fade-in time for a new tile, in seconds (0.25). LayerKit does not fade
  /// tiles in (see above); the value is reported for ported code.
  open class func fadeDuration() -> CFTimeInterval { 0.25 }

  /// The size of a tile, in pixels. Default 256 × 256.
  public var tileSize: CGSize = CATiledLayer.defaultTileSize {
    didSet {
      guard tileSize != oldValue else { return }
      dropTiles()
      if Self.validTileSize(tileSize) == nil {
        CADiagnostics.report(
          key: "tileSize", "\(self) was given the tile size \(tileSize); uses 256 × 256")
      }
    }
  }
  /// How many levels of detail the layer draws at. Default 1.
  public var levelsOfDetail: Int = 1 {
    didSet { if levelsOfDetail != oldValue { dropTiles() } }
  }
  /// How many of the levels are magnified (finer than `contentsScale`). Default 0.
  public var levelsOfDetailBias: Int = 0 {
    didSet { if levelsOfDetailBias != oldValue { dropTiles() } }
  }

  /// The tiles drawn so far.
  package private(set) var tiles = TileCache()

  /// Drops every tile after a change of how tiles are cut, as a change of what the layer
  /// draws: the next frame's display stage draws the tiles it shows anew.
  private func dropTiles() {
    tiles.removeAll()
    recordChange(.drawing)
  }

  public override init() {
    super.init()
    tiles.layer = self
  }

  public required init(layer: Any) {
    super.init(layer: layer)
    tiles.layer = self
    if let other = layer as? CATiledLayer {
      tileSize = other.tileSize
      levelsOfDetail = other.levelsOfDetail
      levelsOfDetailBias = other.levelsOfDetailBias
    }
  }

  /// Makes this layer (a render-thread replica) show the tiles of `cache`, drawn by the
  /// app thread's layer with these parameters: the replica draws no tile itself (tiles
  /// it finds missing go back to the app thread), and its parameter changes clear only
  /// a cache of its own, since the app's layer cleared the shared one when they changed.
  package func shareTiles(
    _ cache: TileCache, tileSize: CGSize, levelsOfDetail: Int, levelsOfDetailBias: Int
  ) {
    if tileSize != self.tileSize || levelsOfDetail != self.levelsOfDetail
      || levelsOfDetailBias != self.levelsOfDetailBias
    {
      tiles = TileCache()
      self.tileSize = tileSize
      self.levelsOfDetail = levelsOfDetail
      self.levelsOfDetailBias = levelsOfDetailBias
    }
    tiles = cache
  }

  /// The tile size in whole pixels that frames use: `tileSize`, or the default for a
  /// side that is not a positive finite number (reported when it is set).
  package var effectiveTileSize: (width: Int, height: Int) {
    Self.validTileSize(tileSize) ?? (256, 256)
  }

  /// `t` in whole pixels (rounded up, at most 4096), or nil when a side is not a positive
  /// finite number.
  private static func validTileSize(_ t: CGSize) -> (width: Int, height: Int)? {
    guard t.width.isFinite, t.height.isFinite, t.width > 0, t.height > 0 else { return nil }
    return (
      Int(geometric: Swift.min(t.width, 4096), .up), Int(geometric: Swift.min(t.height, 4096), .up)
    )
  }
}

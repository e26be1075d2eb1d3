import Foundation

// A CATiledLayer's tiles: the visible ones, at the level the layer's on-screen scale
// asks for, drawn on demand through the tile cache.
extension LayerCompositor {
  /// Draws node `i`'s visible tiles under `map` within `clip`.
  func drawTiles(
    _ i: Int, _ source: TiledLayerSource, map: CGAffineTransform, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float
  ) {
    let st = tree.nodes[i].state
    let contentsScale = st.contentsScale.isFinite && st.contentsScale > 0 ? st.contentsScale : 1
    let det = map.a * map.d - map.b * map.c
    guard det != 0, det.isFinite, !clip.isEmpty else { return }
    let onScreen = Swift.max(
      (map.a * map.a + map.b * map.b).squareRoot(), (map.c * map.c + map.d * map.d).squareRoot())
    let level = source.level(screen: onScreen, contentsScale: contentsScale)
    let scale = source.scale(level: level, contentsScale: contentsScale)
    let visible = CGRect(x: clip.x0, y: clip.y0, width: clip.width, height: clip.height)
      .applying(map.inverted()).intersection(st.bounds)
    guard !visible.isNull, !visible.isEmpty, visible.width.isFinite, visible.height.isFinite else {
      return
    }
    let tw = CGFloat(source.tileWidth) / scale
    let th = CGFloat(source.tileHeight) / scale
    let c0 = Int(geometric: (visible.minX / tw + 1e-9).rounded(.down))
    let c1 = Int(geometric: (visible.maxX / tw - 1e-9).rounded(.up))
    let r0 = Int(geometric: (visible.minY / th + 1e-9).rounded(.down))
    let r1 = Int(geometric: (visible.maxY / th - 1e-9).rounded(.up))
    let count = Double(c1 - c0) * Double(r1 - r0)
    if count > Double(CATiledLayer.maximumTilesPerFrame) {
      CADiagnostics.report(
        key: "tileSize",
        "a tiled layer needs \(Int(count)) tiles in one frame; drew the first "
          + "\(CATiledLayer.maximumTilesPerFrame)"
      )
    }
    var drawn = 0
    for row in r0..<Swift.max(r1, r0) {
      for column in c0..<Swift.max(c1, c0) where drawn < CATiledLayer.maximumTilesPerFrame {
        drawn += 1
        let rect = CGRect(x: CGFloat(column) * tw, y: CGFloat(row) * th, width: tw, height: th)
          .intersection(st.bounds)
        guard !rect.isNull, !rect.isEmpty else { continue }
        let key = TileCache.Key(level: level, column: column, row: row, scale: scale)
        guard let image = source.cache.tile(key, rect: rect) else { continue }
        drawImage(
          image, in: rect, contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
          state: node(i).state, map: map, into: s, clip: clip, alpha: alpha)
      }
    }
  }
}

import Foundation

// Replicator copies under perspective, drawn once and warped many times.
//
// A layer whose map into the surface is projective is flattened into a bitmap in its own
// plane and warped onto the surface (`LayerCompositor+Projective`). For a replicator's
// copy, when the whole of what it draws lies in front of the eye and fits
// `maximumRasterizedPixels` at the resolution the map needs, that bitmap is kept between
// frames, as Core Animation keeps a layer's backing store: it is drawn by
// `rasterize(_:scale:signature:)` (the `shouldRasterize` machinery) over the layer's
// whole extent, at the map's largest stretch rounded *up* to a quarter octave (2^(k/4)
// pixels per point, at most 4), and redrawn only when the subtree's `RasterSignature` or that resolution step changes. A
// ring of cards spinning in perspective, or a card turning about y, therefore re-warps
// the same bitmaps frame after frame; only their content changing redraws them.
//
// Other layers under perspective draw their offscreen every frame: measured on
// perspective-cards (plain cards and labels), warping a kept bitmap, cold in the
// processor's caches, cost more than drawing the visible part afresh and warping it while
// it is hot; a copy's tint group makes redrawing it the larger cost.
//
// The resolution is a function of the map alone and the bitmap covers the whole layer
// (not the part a damaged rectangle shows), so a frame's pixels do not depend on what
// was cached before or on how the frame was cut into rectangles.
extension LayerCompositor {
  /// The most pixels all cached layer bitmaps (`shouldRasterize` and perspective) may
  /// hold together: 16 M pixels, 64 MiB. A bitmap that would exceed it is drawn for the
  /// frame and not kept.
  package static let maximumCachedPixels = 16_777_216
  /// Whether layers under perspective and shadows keep their bitmaps between frames:
  /// true unless the environment sets `LAYERKIT_LAYER_CACHE=0` (for benchmarks that
  /// measure the compositor without them; `shouldRasterize` bitmaps are kept either way).
  package static let keepsLayerBitmaps =
    ProcessInfo.processInfo.environment["LAYERKIT_LAYER_CACHE"] != "0"
  /// Render calls (one per damaged rectangle) a perspective bitmap survives unused.
  package static let maximumIdleRenders = 16

  /// Draws node `i`, a replicator's copy (or a layer inside one), under the projective
  /// `map` from its cached flattened bitmap, redrawing the bitmap when the subtree or the
  /// needed resolution changed. Returns false, having drawn nothing, when the node is not a copy, reaches
  /// behind the eye or is too large for a bitmap at the resolution it needs.
  func drawProjectedFromCache(
    _ i: Int, map: ProjectiveTransform2D, into s: RenderSurface, clip: PixelRect, alpha: Float
  ) -> Bool {
    guard Self.keepsLayerBitmaps, tree.nodes[i].key.instance != 0 else { return false }
    let extent = rasterExtent(i, depth: 0)
    guard !extent.isNull, extent.width > 0, extent.height > 0,
      [extent.minX, extent.minY, extent.maxX, extent.maxY].allSatisfy({ abs($0) < 1e6 }),
      let stretch = Self.largestStretch(of: map, over: extent, wholly: true)
    else { return false }
    let scale = Self.projectedScale(stretch)
    guard
      Double(extent.width * scale) * Double(extent.height * scale)
        <= Double(Self.maximumRasterizedPixels)
    else {
      return false
    }
    let n = tree.nodes[i]
    let signature = RasterSignature(tree, i)
    let raster: RasterizedLayer
    if let cached = projectedCache[n.key], cached.raster.scale == scale,
      cached.raster.signature == signature
    {
      raster = cached.raster
      bitmapsReused += 1
    } else {
      projectedCache[n.key] = nil
      guard let fresh = rasterize(i, scale: scale, signature: signature) else { return false }
      raster = fresh
      projectedCount += 1
      if cachedPixels + fresh.surface.width * fresh.surface.height <= Self.maximumCachedPixels {
        projectedCache[n.key] = (fresh, renderCalls)
      }
    }
    projectedCache[n.key]?.lastUse = renderCalls
    composite(raster, through: map, into: s, clip: clip, alpha: alpha)
    return true
  }

  /// The pixels every kept layer bitmap holds.
  var cachedPixels: Int {
    var total = 0
    for r in rasterCache.values { total += r.surface.width * r.surface.height }
    for e in projectedCache.values { total += e.raster.surface.width * e.raster.surface.height }
    return total
  }

  /// Drops the perspective bitmaps no render call used for `maximumIdleRenders` calls.
  func dropIdleProjectedBitmaps() {
    renderCalls += 1
    guard !projectedCache.isEmpty, renderCalls % 4 == 0 else { return }
    projectedCache = projectedCache.filter {
      renderCalls - $0.value.lastUse <= Self.maximumIdleRenders
    }
  }

  /// `stretch` pixels per point rounded up to the next quarter octave, within 1/64…4.
  static func projectedScale(_ stretch: Double) -> CGFloat {
    let s = Swift.min(Swift.max(stretch, 1.0 / 64), 4)
    return Swift.min(exp2((log2(s) * 4).rounded(.up) / 4), 4)
  }

  /// The largest length, in device pixels, that `map` gives one point of either axis,
  /// at the corners and centre of `rect`. Points behind the eye are skipped, or, when
  /// `wholly`, make the answer nil.
  static func largestStretch(of map: ProjectiveTransform2D, over rect: CGRect, wholly: Bool)
    -> Double?
  {
    var scale = 0.0
    let points = [
      CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
      CGPoint(x: rect.minX, y: rect.maxY),
      CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.midX, y: rect.midY),
    ]
    for p in points {
      let (x, y, w) = map.homogeneous(p)
      guard w > 1e-9 else {
        if wholly { return nil }
        continue
      }
      let du = (((map.m11 * w - x * map.m13) / (w * w)), ((map.m12 * w - y * map.m13) / (w * w)))
      let dv = (((map.m21 * w - x * map.m23) / (w * w)), ((map.m22 * w - y * map.m23) / (w * w)))
      scale = max(
        scale, (du.0 * du.0 + du.1 * du.1).squareRoot(), (dv.0 * dv.0 + dv.1 * dv.1).squareRoot())
    }
    return scale.isFinite ? scale : nil
  }
}

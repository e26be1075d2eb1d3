import Foundation

// `shouldRasterize`: a layer and its subtree drawn once into a cached bitmap.
//
// The bitmap is drawn in the layer's own space at `rasterizationScale` pixels per point
// (Core Animation's meaning: at the default 1 a layer on a 2× screen looks soft), over
// everything the subtree can draw, shadow included. Each frame it is composited through
// the layer's map into the surface at the layer's opacity, as one group; a pixel-exact
// placement (the map an integer translation of the bitmap) is a plain source-over copy,
// any other placement is resampled bilinearly, perspective included. The bitmap is drawn
// again only when something inside the subtree changes (`RasterSignature`), and it is
// dropped after a frame that does not draw the layer.
extension LayerCompositor {
  /// The most pixels a rasterized bitmap may have; a larger layer is drawn directly.
  package static let maximumRasterizedPixels = 4_194_304

  /// Draws node `i` through its rasterized bitmap, redrawing the bitmap when its
  /// subtree changed. Returns false, having drawn nothing, when the layer cannot be
  /// rasterized (its bitmap would be empty or too large).
  func drawRasterized(
    _ i: Int, map: ProjectiveTransform2D, into s: RenderSurface, clip: PixelRect, alpha: Float
  ) -> Bool {
    guard let raster = rasterized(i) else { return false }
    composite(raster, through: map, into: s, clip: clip, alpha: alpha)
    return true
  }

  /// Node `i`'s rasterized bitmap: the kept one while its scale and signature hold, else
  /// drawn again (and kept); nil, and nothing kept, when the layer cannot be rasterized.
  /// Marks it used in this render call.
  func rasterized(_ i: Int) -> RasterizedLayer? {
    let n = tree.nodes[i]
    let r = n.state.rasterizationScale
    let scale = r.isFinite && r > 0 ? Swift.min(r, 64) : 1
    let signature = RasterSignature(tree, i)
    if let cached = rasterCache[n.key], cached.scale == scale, cached.signature == signature {
      bitmapsReused += 1
      rasterUsed.insert(n.key)
      return cached
    }
    guard let fresh = rasterize(i, scale: scale, signature: signature) else {
      rasterCache[n.key] = nil
      return nil
    }
    rasterCache[n.key] = fresh
    rasterizedCount += 1
    rasterUsed.insert(n.key)
    return fresh
  }

  /// Draws node `i`'s subtree into a new bitmap at `scale` pixels per point.
  func rasterize(_ i: Int, scale: CGFloat, signature: RasterSignature) -> RasterizedLayer? {
    let extent = rasterExtent(i, depth: 0)
    guard !extent.isNull, extent.minX.isFinite, extent.minY.isFinite, extent.maxX.isFinite,
      extent.maxY.isFinite
    else { return nil }
    let x0 = (extent.minX * scale).rounded(.down)
    let y0 = (extent.minY * scale).rounded(.down)
    let x1 = (extent.maxX * scale).rounded(.up)
    let y1 = (extent.maxY * scale).rounded(.up)
    guard x1 > x0, y1 > y0, (x1 - x0) * (y1 - y0) <= CGFloat(Self.maximumRasterizedPixels) else {
      return nil
    }
    guard
      let surface = RenderSurface(rect: PixelRect(x0: 0, y0: 0, x1: Int(x1 - x0), y1: Int(y1 - y0)))
    else {
      return nil
    }
    let raster = RasterizedLayer(
      signature: signature, scale: scale, originX: Int(x0), originY: Int(y0), surface: surface)
    // Offsets (a shadow's) are measured in the layer's own space, scaled to the bitmap.
    let parent = ProjectiveTransform2D(affine: CGAffineTransform(scaleX: scale, y: scale))
    withOffscreenLimit(surface.rect) {
      drawFlat(
        i, map: raster.layerToRaster, parentMap: parent, into: surface, clip: surface.rect, alpha: 1
      )
    }
    return raster
  }

  /// Composites a bitmap through the layer's `map` (layer space → surface) at `alpha`.
  func composite(
    _ raster: RasterizedLayer, through map: ProjectiveTransform2D, into s: RenderSurface,
    clip: PixelRect, alpha: Float
  ) {
    let visible = clip.intersection(s.rect)
    guard !visible.isEmpty else { return }
    let p = ProjectiveTransform2D(affine: raster.layerToRaster.inverted()).concatenating(map)
    if let (tx, ty) = Self.wholePixelOffset(p) {
      PixelCompositing.composite(
        RenderSurface(viewing: raster.surface, originX: tx, originY: ty), onto: s, clip: visible,
        alpha: alpha)
      return
    }
    guard let back = p.inverse else { return }
    var region = visible
    let w = raster.surface.width
    let h = raster.surface.height
    if let box = LayerGeometry.boundingBox(of: CGRect(x: 0, y: 0, width: w, height: h), through: p)
    {
      region = region.intersection(PixelRect(covering: box))
    }
    guard !region.isEmpty else { return }
    ProjectiveWarp.warp(
      raster.surface.pixels, width: w, height: h, stride: raster.surface.stride, through: back,
      into: s,
      region: region, alpha: alpha)
  }

  /// The offset by which `m` moves a bitmap, when it moves it by whole pixels and does
  /// nothing else (within 10⁻⁹): then compositing the bitmap copies its pixels, any other
  /// map resamples it. The GPU backend composites rasterized bitmaps by the same rule.
  package static func wholePixelOffset(_ m: ProjectiveTransform2D) -> (x: Int, y: Int)? {
    guard let a = m.exactAffine, let tx = integral(a.tx), let ty = integral(a.ty),
      abs(a.a - 1) < 1e-9, abs(a.d - 1) < 1e-9, abs(a.b) < 1e-9, abs(a.c) < 1e-9
    else { return nil }
    return (tx, ty)
  }

  /// `v` as an integer when it is one (within 10⁻⁹) and fits comfortably.
  private static func integral(_ v: CGFloat) -> Int? {
    let r = v.rounded()
    guard abs(v - r) < 1e-9, abs(r) < 1e9 else { return nil }
    return Int(r)
  }

  /// The box, in node `i`'s coordinates, that holds everything its subtree draws: each
  /// node's footprint (bounds, stroke, contents placement, shadow reach) through the
  /// sublayers' flattened transforms, cut to the bounds where `masksToBounds` clips.
  func rasterExtent(_ i: Int, depth: Int) -> CGRect {
    let n = tree.nodes[i]
    let everywhere = PixelRect(x0: -1 << 40, y0: -1 << 40, x1: 1 << 40, y1: 1 << 40)
    let own = withUnsafePointer(to: n) {
      RenderPlacement.extent(
        of: $0, painted: $0.paintedRect, map: ProjectiveTransform2D(affine: .identity),
        clip: everywhere)
    }.cgRect
    var r = own
    guard depth < 32 else { return r }
    var inner = CGRect.null
    for c in n.children {
      let m = ProjectiveTransform2D(flattening: tree.localTransform(c, parent: i))
      if let box = LayerGeometry.boundingBox(of: rasterExtent(c, depth: depth + 1), through: m) {
        inner = inner.union(box)
      }
    }
    if n.state.masksToBounds { inner = inner.intersection(n.state.bounds) }
    if !inner.isNull { r = r.union(inner) }
    return r
  }
}

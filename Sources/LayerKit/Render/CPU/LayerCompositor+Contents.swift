import Foundation

// A layer's contents: resampled onto the frame, or copied from a kept resampling.
extension LayerCompositor {
  /// Draws the `contentsRect` part of `image` to fill `rect` (layer coordinates),
  /// with the layer's filters: `magnificationFilter` when an image pixel spans more than
  /// one device pixel along either axis, else `minificationFilter`, where `.trilinear`
  /// samples the image's mip chain at `minificationFilterBias`.
  ///
  /// With `node`, contents drawn at full opacity the same way twice in a row are kept
  /// resampled (`KeptContents`) and copied from then on; until then they are resampled in
  /// the kept copy's coordinates (`drawInPlace`), so the bytes never depend on which.
  func drawImage(
    _ image: CGImage, in rect: CGRect, contentsRect cr: CGRect, state st: UnsafePointer<LayerState>,
    map: CGAffineTransform,
    into s: RenderSurface, clip: PixelRect, alpha: Float, node: Int? = nil
  ) {
    guard rect.width > 0, rect.height > 0, cr.width != 0, cr.height != 0 else { return }
    let unit = cr == CGRect(x: 0, y: 0, width: 1, height: 1)
    let device = rect.applying(map)
    // Pixel-exact placement: blit the rows directly.
    if unit, map.b == 0, map.c == 0, map.a > 0, map.d > 0, device.width == CGFloat(image.width),
      device.height == CGFloat(image.height), device.minX == device.minX.rounded(),
      device.minY == device.minY.rounded(),
      abs(device.minX) < 1e9, abs(device.minY) < 1e9
    {
      blit(image, atX: Int(device.minX), y: Int(device.minY), into: s, clip: clip, alpha: alpha)
      return
    }
    s.flushPendingClear()
    let full = CGRect(
      x: rect.minX - cr.minX / cr.width * rect.width,
      y: rect.minY - cr.minY / cr.height * rect.height,
      width: rect.width / cr.width, height: rect.height / cr.height)
    // Magnified when either axis gets more than one device pixel per image pixel.
    let sx = (map.a * map.a + map.b * map.b).squareRoot()
    let sy = (map.c * map.c + map.d * map.d).squareRoot()
    let pixelsPerImagePixel = Swift.max(
      sx * full.width / CGFloat(image.width), sy * full.height / CGFloat(image.height))
    let filter =
      pixelsPerImagePixel > 1
      ? st.pointee.rare.value.magnificationFilter : st.pointee.rare.value.minificationFilter
    if let i = node, unit, alpha >= 1, !(pixelsPerImagePixel <= 1 && filter == .trilinear),
      let extent = contentsExtent(full: full, map: map, in: s)
    {
      if let kept = keptContents(i, image, full: full, map: map, filter: filter, extent: extent) {
        blit(kept.image, atX: kept.x, y: kept.y, into: s, clip: clip, alpha: 1)
      } else {
        drawInPlace(
          image, full: full, map: map, filter: filter, extent: extent, into: s, clip: clip)
      }
      return
    }
    s.beginDrawing(transform: map, clip: clip)
    if !unit { s.context.clip(to: rect) }
    s.context.interpolationQuality = filter == .nearest ? .none : .default
    s.context.setAlpha(CGFloat(alpha))
    if pixelsPerImagePixel <= 1, filter == .trilinear {
      // Minified with mipmaps: λ = log2(image pixels per device pixel) + bias.
      s.context.drawMipmapped(
        image, in: full, lodBias: CGFloat(st.pointee.rare.value.minificationFilterBias))
    } else {
      s.context.draw(image, in: full)
    }
    s.endDrawing()
  }

  /// The device pixels of `s` that contents filling `full` under `map` cover: where a
  /// kept copy of them lies (`KeptContents`); nil when they cover none.
  private func contentsExtent(full: CGRect, map: CGAffineTransform, in s: RenderSurface)
    -> PixelRect?
  {
    let device = full.applying(map)
    guard device.minX.isFinite, device.minY.isFinite, device.maxX.isFinite, device.maxY.isFinite
    else { return nil }
    let extent = PixelRect(covering: device).intersection(s.rect)
    return extent.isEmpty ? nil : extent
  }

  /// Resamples `image` filling `full` under `map` straight onto the pixels of `s` inside
  /// `clip`, in the coordinates of a kept copy over `extent` (device pixel
  /// (`extent.x0`, `extent.y0`) as the origin), so that drawing the contents here and
  /// blitting their kept copy give the same bytes.
  ///
  /// Device coordinates shifted by another origin round differently in their last bits,
  /// which moves an edge's coverage or a sample's weight by one level now and then: the
  /// contents would then differ between a frame that resamples them and one that copies
  /// them, or between bands of one frame drawn by different compositors.
  private func drawInPlace(
    _ image: CGImage, full: CGRect, map: CGAffineTransform, filter: CALayerContentsFilter,
    extent: PixelRect, into s: RenderSurface, clip: PixelRect
  ) {
    guard !clip.intersection(extent).isEmpty else { return }
    s.flushPendingClear()
    guard
      let view = CGContext(
        data: UnsafeMutableRawPointer(s.pixel(x: extent.x0, y: extent.y0)), width: extent.width,
        height: extent.height, bitsPerComponent: 8, bytesPerRow: s.stride * 4,
        space: s.context.colorSpace, bitmapInfo: s.context.bitmapInfo.rawValue)
    else { return }
    let v = RenderSurface(viewing: view, at: extent)
    v.beginDrawing(transform: map, clip: clip)
    v.context.interpolationQuality = filter == .nearest ? .none : .default
    v.context.draw(image, in: full)
    v.endDrawing()
  }

  /// Node `i`'s contents `image` filling `full` under `map` resampled to the device pixels
  /// `extent` of the surface it covers, when it was drawn the same way on the previous
  /// request too (else remembered for the next one, and nil).
  private func keptContents(
    _ i: Int, _ image: CGImage, full: CGRect, map: CGAffineTransform, filter: CALayerContentsFilter,
    extent: PixelRect
  ) -> KeptContents? {
    let parts = nodeParts.parts(i, key: node(i).pointee.key)
    guard let last = parts.contents,
      last.matches(image, full: full, map: map, filter: filter, extent: extent)
    else {
      parts.contents = NodeParts.Contents(
        image: image, full: full, map: map, filter: filter, extent: extent)
      return nil
    }
    if let kept = last.kept { return kept }
    // Drawn only when the budget can keep it: a full budget would otherwise draw it twice
    // on every frame, once to keep and once again when keeping fails.
    guard keptContentsBudget.fits(extent.area), let off = RenderSurface(rect: extent) else {
      return nil
    }
    off.beginDrawing(transform: map, clip: extent)
    off.context.interpolationQuality = filter == .nearest ? .none : .default
    off.context.draw(image, in: full)
    off.endDrawing()
    guard let pixels = off.context.makeImage(),
      let kept = KeptContents(pixels, x: extent.x0, y: extent.y0, budget: keptContentsBudget)
    else { return nil }
    parts.contents?.kept = kept
    return kept
  }

  /// Source-over of `image` with its top-left pixel at device `(x, y)`.
  private func blit(
    _ image: CGImage, atX x: Int, y: Int, into s: RenderSurface, clip: PixelRect, alpha: Float
  ) {
    let r = clip.intersection(PixelRect(x0: x, y0: y, x1: x + image.width, y1: y + image.height))
    guard !r.isEmpty else { return }
    let k = PixelCompositing.byte(alpha)
    // Onto pixels still to be cleared, an opaque blit is a copy.
    let copy = k == 255 && s.pendingClear == r
    s.pendingClear = copy ? nil : s.pendingClear
    s.flushPendingClear()
    image.pixels.withUnsafeBytes { raw in
      let src = SendablePointer(
        UnsafeMutablePointer(mutating: raw.bindMemory(to: UInt32.self).baseAddress!))
      let dst = SendablePointer(s.pixel(x: r.x0, y: r.y0))
      let iw = image.width
      let ds = s.stride
      let w = r.width
      let sx = r.x0 - x
      let sy = r.y0 - y
      ParallelRows.run(0..<r.height, pixelsPerRow: w) { rows in
        for row in rows {
          if copy {
            (dst.pointer + row * ds).update(from: src.pointer + (sy + row) * iw + sx, count: w)
          } else {
            RowKernels.srcOverRow(
              dst.pointer + row * ds, src.pointer + (sy + row) * iw + sx, count: w, opacity: k)
          }
        }
      }
    }
  }
}

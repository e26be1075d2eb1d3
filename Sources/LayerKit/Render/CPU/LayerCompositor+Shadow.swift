import Foundation
@_spi(Benchmarks) import LayerGraphics

// Shadows, drawn under the layer.
//
// The shadow's shape is the layer's `shadowPath`, or — without one — what the layer
// draws: its rounded background when that is all it draws (a path, so the blurred mask
// is cached), otherwise the alpha of its background, contents, sublayers and border
// rendered offscreen. The shape is blurred by a Gaussian of σ = shadowRadius / 2 (the
// Core Graphics convention for a blur radius), tinted with `shadowColor` at
// `shadowOpacity`, and offset by `shadowOffset` in the superlayer's space: y grows down
// on LayerKit's screen, so the default offset (0, −3) moves the shadow 3 points *up*,
// exactly as it appears on iOS.
extension LayerCompositor {
  func drawShadow(
    _ i: Int, map: CGAffineTransform, parentMap: ProjectiveTransform2D, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float
  ) {
    let n = tree.nodes[i]
    let st = n.state
    guard let color = st.shadowColor else { return }
    let opacity = CGFloat(Swift.min(Swift.max(st.shadowOpacity, 0), 1) * alpha)
    let tint = PixelMath.expand(PixelMath.premultiplied(color, opacity: opacity))
    guard PixelMath.alpha(tint) > 0 else { return }
    let o = st.shadowOffset
    guard o.width.isFinite, o.height.isFinite, st.shadowRadius.isFinite else { return }
    let (dx, dy) = Self.deviceOffset(o, parentMap)
    let scale = abs(map.a * map.d - map.b * map.c).squareRoot()
    let sigma = Double(st.shadowSigma * scale)

    let pathShaped = st.shadowPath != nil || tree.shadowFollowsRoundedBounds(i)
    if pathShaped {
      let parts = nodeParts.parts(i, key: n.key)
      var entry: NodeParts.Shadow
      let reused: Bool
      if let e = parts.shadow, e.matches(st, map: map, sigma: sigma) {
        shadowCache.touch(e.mask)
        entry = e
        reused = true
      } else {
        let device = CGMutablePath()
        device.addPath(st.shadowPath ?? RoundedRectPath.bounds(of: st), transform: map)
        guard let (m, ox, oy) = shadowCache.mask(for: device.storage, sigma: sigma) else {
          parts.shadow = nil
          return
        }
        entry = NodeParts.Shadow(
          shadowPath: st.shadowPath, shape: RoundedBoundsShape(st),
          map: map, sigma: sigma, mask: m, originX: ox, originY: oy, color: nil, tinted: nil)
        reused = false
      }
      // A mask drawn again is kept in the shadow's colour (a plain source-over blit); a
      // mask made for this frame — one that turns or scales with its layer is made every
      // frame — is blended through the colour's table instead, the same bytes without
      // tinting every pixel first.
      let color = PixelMath.compress(tint)
      var tinted: ShadowCache.Tinted?
      if entry.color == color, let t = entry.tinted {
        tinted = t
      } else if reused {
        tinted = entry.mask.pixels(tinted: color)
        entry.color = color
        entry.tinted = tinted
      }
      parts.shadow = entry
      let m = entry.mask
      let x = entry.originX + m.dx + dx
      let y = entry.originY + m.dy + dy
      // What the layer's own opaque background will cover next is not blended.
      let hidden = ShadowOccluder(state: st, map: map, alpha: alpha)
      m.alpha.withUnsafeBufferPointer { a in
        m.spans.withUnsafeBufferPointer { spans in
          guard let tinted else {
            composite(
              alpha: a.baseAddress!, width: m.width, height: m.height, atX: x, y: y, tint: tint,
              into: s, clip: clip, hidden: hidden, spans: spans.baseAddress)
            return
          }
          // The cached mask, already in the shadow's colour: a plain source-over blit.
          let r = clip.intersection(s.rect).intersection(
            PixelRect(x0: x, y0: y, x1: x + m.width, y1: y + m.height))
          guard !r.isEmpty else { return }
          s.flushPendingClear()
          tinted.pixels.withUnsafeBufferPointer { p in
            tinted.factors.withUnsafeBufferPointer { f in
              for row in r.y0..<r.y1 {
                let span = spans[row - y]
                hidden.visibleRuns(
                  row: row, from: Swift.max(r.x0, x + span.lo), to: Swift.min(r.x1, x + span.hi)
                ) {
                  x0, x1 in
                  let k = (row - y) * m.width + (x0 - x)
                  ShadowKernels.srcOverPremultipliedRow(
                    s.pixel(x: x0, y: row), p.baseAddress! + k, factors: f.baseAddress! + k,
                    count: x1 - x0)
                }
              }
            }
          }
        }
      }
      return
    }
    // The shape of the layer's content: render it, blur its alpha. The offscreen is laid
    // out over the whole offscreen area (the same pixels in every band); only the rows
    // within `reach` of the clip, which hold every pixel the blur of the clip reads, are
    // drawn and blurred.
    let reach = Int(geometric: sigma * 3, .up) + 1
    let hidden = ShadowOccluder(state: st, map: map, alpha: alpha)
    let box = LayerGeometry.boundingBox(
      of: tree.contentExtent(i, depth: 0), through: ProjectiveTransform2D(affine: map))
    if let box, case let whole = PixelRect(covering: box).insetBy(-reach), !whole.isEmpty,
      whole.area <= ShadowCache.maximumContentMaskPixels, Self.keepsLayerBitmaps
    {
      // The whole blurred shape, kept while the content, map and blur stay the same: a
      // shadow whose offset, colour or opacity animates is blurred once.
      let signature = RasterSignature(tree, i, shadowShape: true)
      let mask: ShadowCache.Mask
      if let kept = shadowCache.contentMask(
        for: n.key, signature: signature, map: map, sigma: sigma)
      {
        mask = kept
        bitmapsReused += 1
      } else {
        guard
          let made = blurredContent(i, map: map, parentMap: parentMap, region: whole, sigma: sigma)
        else { return }
        mask = made
        shadowCache.keep(made, for: n.key, signature: signature, map: map, sigma: sigma)
      }
      mask.alpha.withUnsafeBufferPointer { a in
        composite(
          alpha: a.baseAddress!, width: mask.width, height: mask.height, atX: mask.dx + dx,
          y: mask.dy + dy,
          tint: tint, into: s, clip: clip, hidden: hidden)
      }
      return
    }
    var region = offscreenArea(of: s).offsetBy(dx: -dx, dy: -dy).insetBy(-reach)
    if let box { region = region.intersection(PixelRect(covering: box).insetBy(-reach)) }
    let needed = region.intersection(clip.offsetBy(dx: -dx, dy: -dy).insetBy(-reach))
    guard !needed.isEmpty, let off = RenderSurface(rect: region) else { return }
    drawBody(i, map: map, parentMap: parentMap, into: off, clip: needed, alpha: 1, shadow: false)
    let w = off.width
    let h = needed.height
    let a = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
    defer { a.deallocate() }
    GaussianBlur.blurAlpha(
      ofPixels: off.pixel(x: region.x0, y: needed.y0), pixelStride: off.stride, width: w, height: h,
      into: a,
      alphaStride: w, sigma: sigma)
    composite(
      alpha: a, width: w, height: h, atX: region.x0 + dx, y: needed.y0 + dy, tint: tint, into: s,
      clip: clip,
      hidden: hidden)
  }

  /// Node `i`'s body (no shadow) drawn under `map` over `region` (device pixels), its
  /// alpha blurred by a Gaussian of `sigma` pixels: a mask whose `dx`, `dy` are the
  /// region's origin.
  private func blurredContent(
    _ i: Int, map: CGAffineTransform, parentMap: ProjectiveTransform2D, region: PixelRect,
    sigma: Double
  ) -> ShadowCache.Mask? {
    guard let off = RenderSurface(rect: region) else { return nil }
    drawBody(i, map: map, parentMap: parentMap, into: off, clip: region, alpha: 1, shadow: false)
    let w = off.width
    let h = off.height
    let alpha = [UInt8](unsafeUninitializedCapacity: w * h) { a, count in
      GaussianBlur.blurAlpha(
        ofPixels: off.pixels, pixelStride: off.stride, width: w, height: h, into: a.baseAddress!,
        alphaStride: w, sigma: sigma)
      count = w * h
    }
    return shadowCache.contentShaped(
      alpha: alpha, width: w, height: h, originX: region.x0, originY: region.y0)
  }

  /// `shadowOffset` (in the superlayer's space) in whole device pixels under
  /// `parentMap`'s linear part; huge offsets are clamped (`Int(geometric:_:)`), which
  /// moves the shadow just as far off every surface.
  static func deviceOffset(_ o: CGSize, _ parentMap: ProjectiveTransform2D) -> (dx: Int, dy: Int) {
    (
      Int(geometric: o.width * parentMap.m11 + o.height * parentMap.m21, .toNearestOrAwayFromZero),
      Int(geometric: o.width * parentMap.m12 + o.height * parentMap.m22, .toNearestOrAwayFromZero)
    )
  }

  /// Source-over of `tint` (expanded premultiplied) through a coverage mask placed
  /// with its top-left at device `(x, y)`, except on the columns `hidden` names; with
  /// `spans`, only on each mask row's columns `lo..<hi` (outside them the mask is zero).
  func composite(
    alpha a: UnsafePointer<UInt8>, width w: Int, height h: Int, atX x: Int, y: Int, tint: UInt64,
    into s: RenderSurface, clip: PixelRect, hidden: ShadowOccluder,
    spans: UnsafePointer<(lo: Int, hi: Int)>? = nil
  ) {
    let r = clip.intersection(s.rect).intersection(PixelRect(x0: x, y0: y, x1: x + w, y1: y + h))
    guard !r.isEmpty else { return }
    s.flushPendingClear()
    let table = ShadowKernels.tintTable(PixelMath.compress(tint))
    table.withUnsafeBufferPointer { t in
      for row in r.y0..<r.y1 {
        let span = spans?[row - y] ?? (lo: 0, hi: w)
        hidden.visibleRuns(
          row: row, from: Swift.max(r.x0, x + span.lo), to: Swift.min(r.x1, x + span.hi)
        ) {
          x0, x1 in
          ShadowKernels.srcOverTinted(
            s.pixel(x: x0, y: row), mask: a + (row - y) * w + (x0 - x), table: t.baseAddress!,
            count: x1 - x0)
        }
      }
    }
  }
}

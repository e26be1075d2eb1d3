import Foundation
import LayerGraphics
import LayerKit

/// What one layer draws itself between its background and its sublayers, as the GPU
/// backend draws it: one texture over a rectangle of the layer's own coordinates.
///
/// Contents images and backing stores are their own texture (uploaded as they are);
/// gradients, shape paths and text are rasterized by LayerKit's CPU code into a bitmap in
/// the layer's coordinates (`rasterized(_:rect:scale:limit:)`) and uploaded once. Nine-part
/// contents (`contentsCenter`) are the one texture drawn once per patch. A layer whose own
/// drawing this slice does not do on the GPU (tiles, particles, more than one kind of
/// content) gets no plan and is drawn by the CPU compositor.
struct GLLayerContent {
  /// What the texture holds, compared to decide whether a kept texture still shows it.
  enum Source: Equatable {
    /// A contents image or backing store, by identity.
    case image(ObjectIdentifier)
    /// A gradient rasterized at `scale` texels per point over `bounds`.
    case gradient(GradientLayerState, bounds: CGRect, scale: CGFloat)
    /// A shape layer's fill and stroke, painting inside `painted` (points).
    case shape(ShapeLayerState, painted: CGRect)
    /// A text layer's glyphs within `bounds`.
    case text(TextLayerState, bounds: CGRect)
  }

  var source: Source
  /// The layer rectangle (points) the texture's unit square fills. For shapes and text,
  /// the rectangle a new texture would cover; a kept one keeps its own.
  var textureRect: CGRect
  /// The layer rectangle (points) drawn: `textureRect`, or for contents its part inside
  /// the layer's `contentsRect` window.
  var shownRect: CGRect
  /// Texels per point along the layer's x and y a new texture of a shape or text gets
  /// (nil for images and gradients, whose size is their own).
  var rasterScale: (x: CGFloat, y: CGFloat)? = nil
  /// Magnification and minification filters (contents images only; rasterized content
  /// is sampled bilinearly).
  var magnification: CALayerContentsFilter = .linear
  var minification: CALayerContentsFilter = .linear
  /// The contents image, for `.image` sources.
  var image: CGImage?
  /// Nine-part contents: for each patch (`NinePartLayout`), the layer rectangle the whole
  /// image fills for it and the part of it shown; nil for contents drawn whole.
  var patches: [(full: CGRect, shown: CGRect)]? = nil
  /// Contents minified trilinearly: the lower mip level ⌊λ⌋ and the next level's weight
  /// (0…255), as `CGContext.drawMipmapped` takes them; nil for contents sampled once.
  var mip: (level: Int, weight: UInt32)? = nil

  /// The plan for node `n` under the device `map`, with `frameScale` device pixels per
  /// point; `.none` when the node draws nothing itself; nil when the GPU backend does not
  /// draw its content (the CPU compositor does).
  static func plan(_ n: UnsafePointer<RenderNode>, map: ProjectiveTransform2D, frameScale: CGFloat)
    -> GLLayerContent??
  {
    let st = n.state
    let gradient = n.pointee.kind == .gradient ? st.gradient : nil
    let hasGradient = !(gradient?.colors.elements.isEmpty ?? true)
    let image = n.image
    let shape = n.pointee.kind == .shape ? st.shape.flatMap { $0.path == nil ? nil : $0 } : nil
    let text =
      n.pointee.kind == .text && n.pointee.backingStore == nil && n.pointee.glyphs != nil
      ? st.text : nil
    let kinds = [hasGradient, image != nil, shape != nil, text != nil].filter { $0 }.count
    if n.pointee.tiles != nil || n.pointee.particles != nil || kinds > 1 { return nil }
    guard kinds == 1 else { return .some(.none) }
    let bounds = st.pointee.bounds
    if let image {
      return contents(n, image, map: map)
    }
    if let g = gradient {
      // As the CPU compositor sizes a gradient's bitmap: the map's own scale, in 64ths.
      let need = localScale(map, at: CGPoint(x: bounds.midX, y: bounds.midY))
      var s = abs(map.exactAffine.map { $0.a * $0.d - $0.b * $0.c } ?? need * need).squareRoot()
      let px = Double(bounds.width * s) * Double(bounds.height * s)
      if px > 4_194_304 { s *= (4_194_304 / px).squareRoot() }
      s = (s * 64).rounded(.up) / 64
      return GLLayerContent(
        source: .gradient(g, bounds: bounds, scale: s), textureRect: bounds, shownRect: bounds)
    }
    let painted = n.paintedRect
    let (rect, sx, sy) = rasterGrid(painted, map: map, origin: bounds.origin)
    guard sx > 0, sy > 0 else { return .some(.none) }
    let source: Source =
      if let shape { .shape(shape, painted: painted) } else { .text(text!, bounds: bounds) }
    return GLLayerContent(
      source: source, textureRect: rect, shownRect: rect, rasterScale: (sx, sy))
  }

  /// The rectangle (points) and texels per point a bitmap of `painted` gets under `map`.
  ///
  /// Under an affine map that keeps the screen's axes the texels are the device pixels: the bitmap covers
  /// the device pixels `painted` touches, grown by one, at the map's scale, so it holds
  /// the bytes the CPU compositor would draw there. Otherwise the scale is the map's at
  /// the layer's centre, uniform, and the grid runs through the layer's `origin`.
  static func rasterGrid(_ painted: CGRect, map: ProjectiveTransform2D, origin: CGPoint)
    -> (CGRect, CGFloat, CGFloat)
  {
    if let t = map.exactAffine, t.b == 0, t.c == 0, t.a != 0, t.d != 0 {
      // Flips (`isGeometryFlipped`, negative scales) keep the axes too: the texel grid
      // still falls on device pixels, read in the layer's own orientation.
      let d = painted.applying(t)
      let x0 = d.minX.rounded(.down) - 1
      let y0 = d.minY.rounded(.down) - 1
      let x1 = d.maxX.rounded(.up) + 1
      let y1 = d.maxY.rounded(.up) + 1
      guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return (.null, 0, 0) }
      let r = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).applying(t.inverted())
      return (r, abs(t.a), abs(t.d))
    }
    let c = CGPoint(x: painted.midX, y: painted.midY)
    let s = localScale(map, at: c)
    guard s > 0, s.isFinite else { return (.null, 0, 0) }
    return (snap(painted, to: origin, scale: s), s, s)
  }

  /// The plan of contents `image`: its rectangle by gravity, `contentsRect` and scale,
  /// and its nine patches when `contentsCenter` cuts it; nil when a part is minified
  /// trilinearly (the CPU compositor samples its mip chain).
  private static func contents(
    _ n: UnsafePointer<RenderNode>, _ image: CGImage, map: ProjectiveTransform2D
  ) -> GLLayerContent?? {
    let st = n.state
    let stored = n.pointee.backingStore != nil
    let r = n.imageRect(image)
    let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
    let cr = stored ? unit : st.pointee.contentsRect
    let rare = st.pointee.rare.value
    // Minified trilinearly (as `LayerCompositor.drawImage` decides it, per axis).
    func trilinear(_ full: CGRect, _ shown: CGRect) -> Bool {
      guard rare.minificationFilter == .trilinear else { return false }
      guard let t = map.exactAffine else { return true }
      let sx = (t.a * t.a + t.b * t.b).squareRoot()
      let sy = (t.c * t.c + t.d * t.d).squareRoot()
      return max(sx * full.width / CGFloat(image.width), sy * full.height / CGFloat(image.height))
        <= 1
    }
    var plan = GLLayerContent(
      source: .image(ObjectIdentifier(image)), textureRect: r, shownRect: r,
      magnification: rare.magnificationFilter, minification: rare.minificationFilter,
      image: image)
    if !stored,
      let patches = NinePartLayout.patches(
        destination: r, contentsRect: cr, center: st.contentsCenter, imageWidth: image.width,
        imageHeight: image.height, contentsScale: st.pointee.contentsScale)
    {
      // Each patch as `LayerCompositor.drawImage` draws it: its source part of the image
      // stretched over its destination, clipped there.
      plan.patches = patches.compactMap { p in
        let (d, c) = (p.destination, p.source)
        guard d.width > 0, d.height > 0, c.width != 0, c.height != 0 else { return nil }
        let full = CGRect(
          x: d.minX - c.minX / c.width * d.width, y: d.minY - c.minY / c.height * d.height,
          width: d.width / c.width, height: d.height / c.height)
        return (full, d)
      }
      // A minified patch samples the mip chain on the CPU.
      if plan.patches!.contains(where: { trilinear($0.full, $0.shown) }) { return nil }
      return plan
    }
    guard r.width > 0, r.height > 0, cr.width != 0, cr.height != 0 else { return .some(.none) }
    let full = CGRect(
      x: r.minX - cr.minX / cr.width * r.width, y: r.minY - cr.minY / cr.height * r.height,
      width: r.width / cr.width, height: r.height / cr.height)
    let shown = unit == cr ? r : r.intersection(full.standardized)
    plan.textureRect = full
    plan.shownRect = shown
    if trilinear(full, shown) {
      // Under perspective the CPU compositor draws the layer flat, then warps it.
      guard let t = map.exactAffine, let mip = mipLevel(image, full: full, map: t, rare: rare)
      else { return nil }
      plan.mip = mip.level > 0 || mip.weight > 0 ? mip : nil
    }
    return plan
  }

  /// The mip level and weight `CGContext.drawMipmapped` samples `image` filling `full`
  /// under `map` with: λ = log2(image pixels per device pixel) + the layer's bias,
  /// clamped to the chain; (0, 0) when λ ≤ 0 (drawn bilinearly, unmipmapped); nil when
  /// the placement is degenerate.
  static func mipLevel(
    _ image: CGImage, full: CGRect, map: CGAffineTransform, rare: LayerState.Rare
  ) -> (level: Int, weight: UInt32)? {
    let r = full.standardized
    let imageToDevice = CGAffineTransform(
      a: r.width / CGFloat(image.width), b: 0, c: 0, d: r.height / CGFloat(image.height),
      tx: r.minX, ty: r.minY
    ).concatenating(map)
    let det = imageToDevice.a * imageToDevice.d - imageToDevice.b * imageToDevice.c
    guard det != 0, det.isFinite else { return nil }
    let bias = CGFloat(rare.minificationFilterBias)
    let lod = CGContext.levelOfDetail(imageToDevice.inverted(), bias: bias.isFinite ? bias : 0)
    guard lod > 0 else { return (0, 0) }
    let last = MipmapCache.shared.chain(for: image).levelCount - 1
    let clamped = min(lod, CGFloat(last))
    let k = Int(clamped.rounded(.down))
    let weight = k < last ? UInt32(min(max((clamped - CGFloat(k)) * 256, 0), 255)) : 0
    return (k, weight)
  }

  /// How many device pixels one point at `p` spans under `map` (the square root of the
  /// Jacobian's determinant); 0 where that is not finite.
  static func localScale(_ map: ProjectiveTransform2D, at p: CGPoint) -> CGFloat {
    let (x, y, w) = map.homogeneous(p)
    guard w > 0 else { return 0 }
    let jx = ((map.m11 - x / w * map.m13) / w, (map.m12 - y / w * map.m13) / w)
    let jy = ((map.m21 - x / w * map.m23) / w, (map.m22 - y / w * map.m23) / w)
    let det = abs(jx.0 * jy.1 - jx.1 * jy.0)
    return det.isFinite ? det.squareRoot() : 0
  }

  /// `rect` grown by a texel and snapped outward to the grid of `1 / scale` points through
  /// `origin`, so texels meet device pixels where the layer's origin sits on one.
  static func snap(_ rect: CGRect, to origin: CGPoint, scale: CGFloat) -> CGRect {
    let x0 = ((rect.minX - origin.x) * scale).rounded(.down) - 1
    let y0 = ((rect.minY - origin.y) * scale).rounded(.down) - 1
    let x1 = ((rect.maxX - origin.x) * scale).rounded(.up) + 1
    let y1 = ((rect.maxY - origin.y) * scale).rounded(.up) + 1
    return CGRect(
      x: origin.x + x0 / scale, y: origin.y + y0 / scale, width: (x1 - x0) / scale,
      height: (y1 - y0) / scale)
  }

  /// The bitmap of a rasterized source (`.gradient`, `.shape`, `.text`) for node `n`,
  /// covering `rect` (points) at `scale` texels per point, at most `limit` texels a side;
  /// nil when it is empty or larger.
  func rasterized(
    _ n: UnsafePointer<RenderNode>, rect: CGRect, scale: (x: CGFloat, y: CGFloat), limit: Int
  ) -> CGImage? {
    switch source {
    case .image: return image
    case .gradient(let g, let bounds, let s):
      return GradientRasterizer.image(g, bounds: bounds, pixelsPerPoint: s)
    case .shape(let sh, _):
      return Self.draw(rect, scale: scale, limit: limit) { ctx in
        guard let path = sh.path, !path.isEmpty else { return }
        if let f = sh.fillColor, f.alpha > 0 {
          ctx.setFillColor(f)
          ctx.addPath(path)
          ctx.fillPath(using: sh.fillRule == .evenOdd ? .evenOdd : .winding)
        }
        if let c = sh.strokeColor, c.alpha > 0, sh.lineWidth > 0, sh.lineWidth.isFinite,
          let stroked = LayerCompositor.prepareStroke(sh, path, in: ctx)
        {
          ctx.setStrokeColor(c)
          ctx.addPath(stroked)
          ctx.strokePath()
        }
      }
    case .text(_, let bounds):
      guard let glyphs = n.pointee.glyphs, !glyphs.fills.isEmpty else { return nil }
      return Self.draw(rect, scale: scale, limit: limit) { ctx in
        ctx.clip(to: bounds)
        ctx.drawGlyphFills(glyphs.fills)
      }
    }
  }

  /// A bitmap of `rect` (points) at `scale` texels per point, drawn by `body` in the
  /// layer's coordinates.
  private static func draw(
    _ rect: CGRect, scale: (x: CGFloat, y: CGFloat), limit: Int, _ body: (CGContext) -> Void
  ) -> CGImage? {
    let w = Int((rect.width * scale.x).rounded())
    let h = Int((rect.height * scale.y).rounded())
    guard w > 0, h > 0, w <= limit, h <= limit, let ctx = CGContext(width: w, height: h) else {
      return nil
    }
    ctx.concatenate(
      CGAffineTransform(
        a: scale.x, b: 0, c: 0, d: scale.y, tx: -rect.minX * scale.x, ty: -rect.minY * scale.y))
    body(ctx)
    return ctx.makeImage()
  }
}

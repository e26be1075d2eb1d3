import Foundation
import LayerKit

/// What one layer draws itself between its background and its sublayers, as the GPU
/// backend draws it: one texture over a rectangle of the layer's own coordinates.
///
/// Contents images and backing stores are their own texture (uploaded as they are);
/// gradients, shape paths and text are rasterized by LayerKit's CPU code into a bitmap in
/// the layer's coordinates (`rasterized(scale:)`) and uploaded once. A layer whose own
/// drawing this slice does not do on the GPU (nine-part contents, tiles, particles, more
/// than one kind of content) gets no plan and is drawn by the CPU compositor.
struct GLLayerContent {
  /// What the texture holds, compared to decide whether a kept texture still shows it.
  enum Source: Equatable {
    /// A contents image or backing store, by identity.
    case image(ObjectIdentifier)
    /// A gradient rasterized at `scale` texels per point over `bounds`.
    case gradient(GradientLayerState, bounds: CGRect, scale: CGFloat)
    /// A shape layer's fill and stroke over `rect` at `scale` texels per point.
    case shape(ShapeLayerState, rect: CGRect, scale: CGFloat)
    /// A text layer's glyphs within `bounds` at `scale` texels per point.
    case text(TextLayerState, bounds: CGRect, scale: CGFloat)
  }

  var source: Source
  /// The layer rectangle (points) the texture's unit square fills.
  var textureRect: CGRect
  /// The layer rectangle (points) drawn: `textureRect`, or for contents its part inside
  /// the layer's `contentsRect` window.
  var shownRect: CGRect
  /// Magnification and minification filters (contents images only; rasterized content
  /// is sampled bilinearly).
  var magnification: CALayerContentsFilter = .linear
  var minification: CALayerContentsFilter = .linear
  var lodBias: Float = 0
  /// The contents image, for `.image` sources.
  var image: CGImage?

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
      return contents(n, image)
    }
    let scale = rasterScale(map: map, at: bounds, frameScale: frameScale)
    if let g = gradient {
      // As the CPU compositor sizes a gradient's bitmap: the map's own scale, in 64ths.
      var s = abs(map.exactAffine.map { $0.a * $0.d - $0.b * $0.c } ?? scale * scale)
        .squareRoot()
      let px = Double(bounds.width * s) * Double(bounds.height * s)
      if px > 4_194_304 { s *= (4_194_304 / px).squareRoot() }
      s = (s * 64).rounded(.up) / 64
      return GLLayerContent(
        source: .gradient(g, bounds: bounds, scale: s), textureRect: bounds, shownRect: bounds)
    }
    let rect = n.paintedRect
    let snapped = snap(rect, to: bounds.origin, scale: scale)
    if let shape {
      return GLLayerContent(
        source: .shape(shape, rect: snapped, scale: scale), textureRect: snapped,
        shownRect: snapped)
    }
    if let text {
      return GLLayerContent(
        source: .text(text, bounds: bounds, scale: scale), textureRect: snapped, shownRect: snapped)
    }
    return .some(.none)
  }

  /// The plan of contents `image`: its rectangle by gravity, `contentsRect` and scale;
  /// nil for nine-part contents.
  private static func contents(_ n: UnsafePointer<RenderNode>, _ image: CGImage)
    -> GLLayerContent??
  {
    let st = n.state
    let stored = n.pointee.backingStore != nil
    let r = n.imageRect(image)
    let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
    let cr = stored ? unit : st.pointee.contentsRect
    if !stored,
      NinePartLayout.patches(
        destination: r, contentsRect: cr, center: st.contentsCenter, imageWidth: image.width,
        imageHeight: image.height, contentsScale: st.pointee.contentsScale) != nil
    {
      return nil
    }
    guard r.width > 0, r.height > 0, cr.width != 0, cr.height != 0 else { return .some(.none) }
    let full = CGRect(
      x: r.minX - cr.minX / cr.width * r.width, y: r.minY - cr.minY / cr.height * r.height,
      width: r.width / cr.width, height: r.height / cr.height)
    let shown = unit == cr ? r : r.intersection(full.standardized)
    let rare = st.pointee.rare.value
    return GLLayerContent(
      source: .image(ObjectIdentifier(image)), textureRect: full, shownRect: shown,
      magnification: rare.magnificationFilter, minification: rare.minificationFilter,
      lodBias: Float(rare.minificationFilterBias), image: image)
  }

  /// The texels per point a rasterized layer gets under `map`: the frame's scale, doubled
  /// while the map magnifies the layer's centre more than that (at most 16 times), so a
  /// layer turned, moved or faded keeps its bitmap and one scaled up gets a sharper one.
  static func rasterScale(map: ProjectiveTransform2D, at bounds: CGRect, frameScale: CGFloat)
    -> CGFloat
  {
    let need = localScale(map, at: CGPoint(x: bounds.midX, y: bounds.midY))
    var s = frameScale
    while s < need * 0.999, s < frameScale * 16 { s *= 2 }
    return s
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
  /// at most `limit` texels a side; nil when it is empty or larger.
  func rasterized(_ n: UnsafePointer<RenderNode>, limit: Int) -> CGImage? {
    switch source {
    case .image: return image
    case .gradient(let g, let bounds, let s):
      return GradientRasterizer.image(g, bounds: bounds, pixelsPerPoint: s)
    case .shape(let sh, let rect, let s):
      return draw(rect, scale: s, limit: limit) { ctx in
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
    case .text(_, let bounds, let s):
      guard let glyphs = n.pointee.glyphs, !glyphs.fills.isEmpty else { return nil }
      return draw(textureRect, scale: s, limit: limit) { ctx in
        ctx.clip(to: bounds)
        ctx.drawGlyphFills(glyphs.fills)
      }
    }
  }

  private func draw(
    _ rect: CGRect, scale: CGFloat, limit: Int, _ body: (CGContext) -> Void
  ) -> CGImage? {
    let w = Int((rect.width * scale).rounded())
    let h = Int((rect.height * scale).rounded())
    guard w > 0, h > 0, w <= limit, h <= limit, let ctx = CGContext(width: w, height: h) else {
      return nil
    }
    ctx.scaleBy(x: scale, y: scale)
    ctx.translateBy(x: -rect.minX, y: -rect.minY)
    body(ctx)
    return ctx.makeImage()
  }
}

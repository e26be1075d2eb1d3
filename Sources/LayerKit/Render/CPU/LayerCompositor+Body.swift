import Foundation

// What one layer draws, in order: shadow, background, gradient / contents / shape,
// sublayers, border.
extension LayerCompositor {
  /// Draws node `i`'s own parts and its sublayers under the affine `map` at opacity
  /// `alpha` (not grouped: each part blends on its own).
  func drawBody(
    _ i: Int, map: CGAffineTransform, parentMap: ProjectiveTransform2D, into s: RenderSurface,
    clip: PixelRect,
    alpha: Float, shadow: Bool = true
  ) {
    let n = node(i)
    let clip = clip.intersection(s.rect)
    guard !clip.isEmpty else { return }
    if shadow, n.pointee.state.shadowOpacity > 0, !n.pointee.state.shadowOpacity.isNaN,
      let c = n.pointee.state.shadowColor, c.alpha > 0
    {
      if n.pointee.state.masksToBounds {
        withBoundsClip(RoundedBoundsShape(n.state), map: map, into: s, clip: clip) {
          sub, subClip in
          drawShadow(i, map: map, parentMap: parentMap, into: sub, clip: subClip, alpha: alpha)
        }
      } else {
        drawShadow(i, map: map, parentMap: parentMap, into: s, clip: clip, alpha: alpha)
      }
    }
    if let bg = n.pointee.state.backgroundColor, bg.alpha > 0 {
      fillBackground(
        i, key: n.pointee.key, n.state, color: bg, map: map, into: s, clip: clip,
        alpha: alpha)
    }
    if n.hasOwnContent || !n.pointee.children.isEmpty {
      if n.pointee.state.masksToBounds {
        // What the contents and sublayers can reach, without the clip (measured only when
        // the clip takes an offscreen).
        let reach = {
          self.drawsGroupsWhole
            ? nil
            : self.drawnExtent(i, map: map, parentMap: parentMap, shapes: true, ignoringClip: true)
        }
        withBoundsClip(RoundedBoundsShape(n.state), map: map, into: s, clip: clip, reach: reach) {
          sub, subClip in
          drawInner(i, map: map, into: sub, clip: subClip, alpha: alpha)
        }
      } else {
        drawInner(i, map: map, into: s, clip: clip, alpha: alpha)
      }
    }
    if n.pointee.state.borderWidth > 0, n.pointee.state.borderWidth.isFinite,
      let bc = n.pointee.state.borderColor, bc.alpha > 0
    {
      fill(
        RoundedRectPath.border(of: n.pointee.state), color: bc, rule: .evenOdd, map: map, into: s,
        clip: clip,
        alpha: alpha)
    }
  }

  /// Contents (or gradient), shape and sublayers: everything `masksToBounds` clips.
  private func drawInner(
    _ i: Int, map: CGAffineTransform, into s: RenderSurface, clip: PixelRect, alpha: Float
  ) {
    let n = node(i)
    if n.pointee.kind == .gradient, let g = n.state.gradient,
      let image = gradientImage(n.pointee, g, map: map)
    {
      drawImage(
        image, in: n.pointee.state.bounds, contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1),
        state: n.state, map: map, into: s, clip: clip, alpha: alpha)
    }
    if let image = n.image {
      let stored = n.pointee.backingStore != nil
      let r = n.imageRect(image)
      let cr = stored ? CGRect(x: 0, y: 0, width: 1, height: 1) : n.pointee.state.contentsRect
      if !stored,
        let patches = NinePartLayout.patches(
          destination: r, contentsRect: cr, center: n.state.contentsCenter,
          imageWidth: image.width,
          imageHeight: image.height, contentsScale: n.pointee.state.contentsScale)
      {
        for p in patches {
          drawImage(
            image, in: p.destination, contentsRect: p.source, state: n.state, map: map,
            into: s,
            clip: clip, alpha: alpha)
        }
      } else {
        drawImage(
          image, in: r, contentsRect: cr, state: n.state, map: map,
          into: s,
          clip: clip, alpha: alpha, node: i)
      }
    }
    if let tiles = n.pointee.tiles {
      drawTiles(i, tiles, map: map, into: s, clip: clip, alpha: alpha)
    }
    if n.pointee.kind == .shape, let shape = n.state.shape {
      drawShape(shape, map: map, into: s, clip: clip, alpha: alpha)
    }
    if let particles = n.pointee.particles {
      drawParticles(
        particles, adding: n.pointee.particlesAdd, map: map, into: s, clip: clip, alpha: alpha)
    }
    if n.pointee.kind == .text, let glyphs = n.pointee.glyphs, n.pointee.backingStore == nil {
      drawText(n.pointee, glyphs, map: map, into: s, clip: clip, alpha: alpha)
    }
    if n.pointee.kind == .replicator, n.state.replicator?.preservesDepth == true {
      drawDepthSortedSublayers(
        i, parentMap: ProjectiveTransform2D(affine: map), into: s, clip: clip, alpha: alpha)
    } else if !n.pointee.children.isEmpty {
      let p = ProjectiveTransform2D(affine: map)
      // A hidden sublayer is passed over before its placement is made.
      for c in n.pointee.children where LayerVisibility.isShown(node(c)) {
        drawNode(
          c, local: localTransform(c, parent: i), parentMap: p, into: s, clip: clip,
          alpha: alpha)
      }
    }
  }

  // MARK: - Parts

  /// Fills `path` (layer coordinates) with `color`.
  func fill(
    _ path: CGPath, color: CGColor, rule: CGPathFillRule, map: CGAffineTransform,
    into s: RenderSurface,
    clip: PixelRect, alpha: Float
  ) {
    s.flushPendingClear()
    s.beginDrawing(transform: map, clip: clip)
    s.context.setAlpha(CGFloat(alpha))
    s.context.setFillColor(color)
    s.context.addPath(path)
    s.context.fillPath(using: rule)
    s.endDrawing()
  }

  /// Fills node `i`'s rounded bounds with its background `color`. A layer drawn twice
  /// running with the same bounds, corners, map and clip has its fill's coverage
  /// recorded, and later frames repeat the recording while those stay the same (the
  /// same pixels as filling the path again, without building, flattening or
  /// scan-converting it); a layer that keeps changing is filled the ordinary way.
  func fillBackground(
    _ i: Int, key: RenderNode.Key, _ st: UnsafePointer<LayerState>, color: CGColor,
    map: CGAffineTransform,
    into s: RenderSurface,
    clip: PixelRect, alpha: Float
  ) {
    if let pending = s.pendingClear,
      Self.background(st, map: map, alpha: alpha, replaces: pending, clip: clip)
    {
      s.pendingClear = nil
    }
    s.flushPendingClear()
    let parts = nodeParts.parts(i, key: key)
    let c = clip.intersection(s.rect)
    let last = parts.background
    let shape = RoundedBoundsShape(st)
    let sameShape = last?.shape == shape
    if sameShape, let recorded = last?.fill, !c.isEmpty {
      // What `beginDrawing(transform:clip:)` would set up, without setting it up.
      let t = map.concatenating(
        CGAffineTransform(translationX: CGFloat(-s.originX), y: CGFloat(-s.originY)))
      let box = SIMD4(c.x0 - s.originX, c.y0 - s.originY, c.x1 - s.originX, c.y1 - s.originY)
      if s.context.fill(
        recorded, transform: t, clip: box, edgeRows: s.bitmapEdgeRows, color: color,
        alpha: CGFloat(alpha))
      {
        return
      }
    }
    s.beginDrawing(transform: map, clip: clip)
    defer { s.endDrawing() }
    let ctx = s.context
    ctx.setAlpha(CGFloat(alpha))
    ctx.setFillColor(color)
    if sameShape, let recorded = last?.fill, ctx.canReplay(recorded) {
      ctx.fill(recorded)
      return
    }
    let path = shape.path
    var entry = NodeParts.Background(shape: shape, map: map, clip: c, fill: nil)
    if sameShape, let last, last.map == map, last.clip == c,
      let recorded = ctx.recordFill(path, rule: .winding)
    {
      entry.fill = recorded
    } else {
      ctx.addPath(path)
      ctx.fillPath(using: .winding)
    }
    parts.background = entry
  }

  /// Whether the background of a layer in `st`, filled under `map` at `alpha` inside
  /// `clip`, covers every pixel of `pending` with an opaque colour (`ShadowOccluder`):
  /// source over of an opaque colour at full coverage is the colour, whatever was there,
  /// so the fill replaces the clear of those pixels.
  static func background(
    _ st: UnsafePointer<LayerState>, map: CGAffineTransform, alpha: Float,
    replaces pending: PixelRect,
    clip: PixelRect
  ) -> Bool {
    pending.isInside(clip) && ShadowOccluder(state: st, map: map, alpha: alpha).covers(pending)
  }

  /// Fills and strokes a shape layer's path.
  private func drawShape(
    _ sh: ShapeLayerState, map: CGAffineTransform, into s: RenderSurface, clip: PixelRect,
    alpha: Float
  ) {
    guard let path = sh.path, !path.isEmpty else { return }
    let ctx = s.context
    s.flushPendingClear()
    s.beginDrawing(transform: map, clip: clip)
    ctx.setAlpha(CGFloat(alpha))
    if let f = sh.fillColor, f.alpha > 0 {
      ctx.setFillColor(f)
      ctx.addPath(path)
      ctx.fillPath(using: sh.fillRule == .evenOdd ? .evenOdd : .winding)
    }
    if let c = sh.strokeColor, c.alpha > 0, sh.lineWidth > 0, sh.lineWidth.isFinite {
      if let stroked = Self.prepareStroke(sh, path, in: ctx) {
        ctx.setStrokeColor(c)
        ctx.addPath(stroked)
        ctx.strokePath()
      }
    }
    s.endDrawing()
  }

  /// Sets `ctx`'s line style to the shape's and returns the part of `path` its
  /// `strokeStart`…`strokeEnd` keeps, or nil when that is empty.
  package static func prepareStroke(
    _ sh: ShapeLayerState, _ path: CGPath, in ctx: CGContext
  ) -> CGPath? {
    let start = sh.strokeStart.isNaN ? 0 : sh.strokeStart
    let end = sh.strokeEnd.isNaN ? 1 : sh.strokeEnd
    let stroked = start <= 0 && end >= 1 ? path : path.trimmed(from: start, to: end)
    guard !stroked.isEmpty else { return nil }
    ctx.setLineWidth(sh.lineWidth)
    ctx.setLineCap(sh.lineCap == .round ? .round : sh.lineCap == .square ? .square : .butt)
    ctx.setLineJoin(sh.lineJoin == .round ? .round : sh.lineJoin == .bevel ? .bevel : .miter)
    ctx.setMiterLimit(sh.miterLimit)
    ctx.setLineDash(phase: sh.lineDashPhase, lengths: sh.lineDashPattern.elements)
    return stroked
  }

  /// Fills a text layer's glyph outlines as vectors (sharp under any transform and
  /// animated `fontSize`), clipped to its bounds. The glyphs were shaped before the render
  /// tree was built (`ShapedText`): compositing only fills them.
  private func drawText(
    _ n: RenderNode, _ glyphs: ShapedText, map: CGAffineTransform, into s: RenderSurface,
    clip: PixelRect, alpha: Float
  ) {
    guard !glyphs.fills.isEmpty else { return }
    s.flushPendingClear()
    s.beginDrawing(transform: map, clip: clip)
    s.context.clip(to: n.state.bounds)
    s.context.setAlpha(CGFloat(alpha))
    s.context.drawGlyphFills(glyphs.fills)
    s.endDrawing()
  }

  /// The gradient image of node `n` at the map's resolution, cached while its state,
  /// bounds and resolution stay the same.
  private func gradientImage(_ n: RenderNode, _ g: GradientLayerState, map: CGAffineTransform)
    -> CGImage?
  {
    let b = n.state.bounds
    var scale = abs(map.a * map.d - map.b * map.c).squareRoot()
    let px = Double(b.width * scale) * Double(b.height * scale)
    if px > 4_194_304 { scale *= (4_194_304 / px).squareRoot() }
    scale = (scale * 64).rounded(.up) / 64
    gradientsUsed.insert(n.key)
    if let c = gradientCache[n.key], c.state == g, c.bounds == b, c.scale == scale {
      return c.image
    }
    let image = GradientRasterizer.image(g, bounds: b, pixelsPerPoint: scale)
    gradientCache[n.key] = (g, b, scale, image)
    return image
  }

  /// Runs `body` so that what it draws is clipped to the layer's rounded bounds: on the
  /// surface itself with a narrower clip when the bounds are a pixel-aligned rectangle,
  /// otherwise into an offscreen multiplied by the bounds' coverage.
  ///
  /// With `reach` (device pixels that hold everything `body` can draw, asked for only when
  /// an offscreen is needed), the offscreen is drawn only on the rows of `reach` and
  /// cleared, multiplied and composited only inside it.
  func withBoundsClip(
    _ shape: RoundedBoundsShape, map: CGAffineTransform, into s: RenderSurface, clip: PixelRect,
    reach: () -> PixelRect? = { nil }, _ body: (RenderSurface, PixelRect) -> Void
  ) {
    let device = shape.bounds.applying(map)
    let covering = PixelRect(covering: device)
    let region = clip.intersection(covering)
    guard !region.isEmpty else { return }
    func whole(_ v: CGFloat) -> Bool { abs(v - v.rounded()) < 1e-9 }
    let aligned =
      map.b == 0 && map.c == 0 && shape.isRectangular && whole(device.minX)
      && whole(device.minY) && whole(device.maxX) && whole(device.maxY)
    if aligned {
      body(s, region)
      return
    }
    // Laid out over the whole area, drawn only inside the clip (`offscreenArea(of:)`).
    let area = offscreenArea(of: s).intersection(covering)
    // Drawn on the rows of `shown` (rows only, as for groups) and masked and composited
    // only inside it.
    let reached = reach()
    let shown = reached.map { region.intersection($0) } ?? region
    guard !shown.isEmpty else { return }
    // Everything the contents and sublayers can touch lies on pixels the bounds cover
    // wholly (a rectangle along pixel rows and columns, placed between them): the clip
    // changes none of those pixels, so they are drawn straight into the target, as for an
    // aligned rectangle. (Drawn through an offscreen they would be composited as a group,
    // which rounds differently by a level where they overlap.)
    // A rectangle whose edges run along pixel rows and columns covers the pixels wholly
    // inside it fully.
    let covered = drawsGroupsWhole ? PixelRect.empty : Self.fullyCovered(shape, map: map)
    if reached != nil, shown.isInside(covered) {
      body(s, region)
      return
    }
    let drawn = PixelRect(x0: region.x0, y0: shown.y0, x1: region.x1, y1: shown.y1)
    guard let sub = surfaces.surface(rect: area, used: shown) else { return }
    body(sub, drawn)
    // Only the ring of pixels the edges cross is multiplied by coverage.
    let inside = covered.intersection(drawn)
    // The coverage of an edge pixel depends by a level on the columns its fill is clipped
    // to (not on its rows): the ring's parts keep the columns of the region, as the clip
    // would have drawn them, and are multiplied only where they meet `shown`.
    let parts = inside.isEmpty ? [drawn] : drawn.subtracting(inside)
    let coverage = surfaces.surface(rect: area, used: .empty)
    for part in parts where !part.intersection(shown).isEmpty {
      if let coverage {
        coverage.clear(part)
        fill(
          shape.path, color: .white, rule: .winding, map: map, into: coverage,
          clip: part, alpha: 1)
      }
      PixelCompositing.applyMask(coverage, to: sub, in: part.intersection(shown))
    }
    surfaces.recycle(coverage)
    PixelCompositing.composite(sub, onto: s, clip: shown, alpha: 1)
    surfaces.recycle(sub)
  }

  /// The device pixels wholly inside the layer's bounds under `map`, when they are a
  /// rectangle with edges along pixel rows and columns (no rounded corners, no rotation
  /// or skew); empty otherwise.
  static func fullyCovered(_ shape: RoundedBoundsShape, map: CGAffineTransform) -> PixelRect {
    guard map.b == 0, map.c == 0, shape.isRectangular else { return .empty }
    let d = shape.bounds.applying(map)
    guard d.minX.isFinite, d.minY.isFinite, d.maxX.isFinite, d.maxY.isFinite,
      abs(d.minX) < 1e7, abs(d.minY) < 1e7, abs(d.maxX) < 1e7, abs(d.maxY) < 1e7
    else { return .empty }
    let r = PixelRect(
      x0: Int(d.minX.rounded(.up)), y0: Int(d.minY.rounded(.up)), x1: Int(d.maxX.rounded(.down)),
      y1: Int(d.maxY.rounded(.down)))
    return r.isEmpty ? .empty : r
  }
}

import Foundation

// Layers masked by one plain shape (how Lottie's masks, gradient fills and gradient strokes
// arrive), painted through the shape's coverage instead of through a mask offscreen.
extension LayerCompositor {
  /// The plain shape mask node `m` of node `i` (drawn under the affine `map`) comes down
  /// to, and the shape's map into device space; nil when the mask is anything else.
  ///
  /// The mask is a `PlainShapeMask`, or a plain layer (no content, background, border,
  /// shadow, mask or filter; full opacity) holding exactly one sublayer that comes down to
  /// one, as Lottie's mask groups do: masking by it multiplies by the shape's coverage.
  func plainShapeMask(_ m: Int, of i: Int, map: CGAffineTransform) -> (
    mask: PlainShapeMask, map: CGAffineTransform
  )? {
    var node = m
    var local = tree.maskTransform(m, of: i)
    var parentMap = ProjectiveTransform2D(affine: map)
    for _ in 0..<4 {
      let n = self.node(node)
      guard
        let nodeMap = ProjectiveTransform2D(flattening: local).concatenating(parentMap).exactAffine,
        nodeMap.determinant != 0, nodeMap.determinant.isFinite,
        n.pointee.state.isDoubleSided
          || Self.isFrontFacing(ProjectiveTransform2D(affine: nodeMap), at: n.pointee.state.bounds)
      else { return nil }
      if let shape = PlainShapeMask(n) { return (shape, nodeMap) }
      guard PlainShapeMask.isPlainHolder(n), let child = n.pointee.children.first else {
        return nil
      }
      local = localTransform(child, parent: node)
      parentMap = ProjectiveTransform2D(affine: nodeMap)
      node = child
    }
    return nil
  }

  /// Draws gradient node `i` under the affine `map` at opacity `alpha` by filling (or
  /// stroking) the path of its plain shape mask `mask` with the gradient evaluated at each
  /// device pixel, when that is what masking it would draw; false, drawing nothing,
  /// otherwise.
  ///
  /// For content that is one paint (a gradient layer without sublayers, background, border
  /// or shadow), content × the path's coverage is the content painted through the path.
  /// The grouped way draws the gradient's image into an offscreen, the mask into a second
  /// one, multiplies and composites; this way there is no image, no offscreen and one pass
  /// over the covered pixels. The ramp position is the same function of the point
  /// (`GradientRasterizer`), taken at the device pixel's centre rather than sampled
  /// bilinearly from the image's pixels: where the ramp changes by more than a table step
  /// within a pixel (start and end a few pixels apart), the image's bilinear blend had
  /// softened it and the two differ by more than rounding.
  ///
  /// The path (grown by the stroke's reach) must lie inside the gradient layer's bounds,
  /// so that everything it covers is gradient. The grouped drawing also anti-aliased the
  /// bounds' edge and multiplied it with the path's: where that edge passes within a pixel
  /// of the path (Lottie pads a gradient's bounds by one point around its shape, under a
  /// pixel in a composition drawn smaller), it took the path's edge pixels twice; here they
  /// take the path's coverage once.
  ///
  /// `clip` and `rows` are the clip and the offscreen area (`groupArea`) the grouped
  /// drawing would have used.
  func drawGradient(
    _ i: Int, through mask: (mask: PlainShapeMask, map: CGAffineTransform), map: CGAffineTransform,
    into s: RenderSurface, clip: PixelRect, rows: PixelRect, alpha: Float
  ) -> Bool {
    let n = node(i)
    guard Self.paintsOnlyGradient(n), let g = n.state.gradient, map.determinant != 0,
      map.determinant.isFinite
    else { return false }
    let inv = map.inverted()
    let toLayer = mask.map.concatenating(inv)
    let b = n.pointee.state.bounds
    guard b.contains(mask.mask.box.applying(toLayer)),
      let ramp = GradientRasterizer.shader(g, bounds: b)
    else { return false }
    maskedPaints += 1
    // Mask space → the gradient layer's space → the ramp.
    let placed = RampShader(
      kind: ramp.kind, userToRamp: toLayer.concatenating(ramp.userToRamp), table: ramp.table)
    paint(.ramp(placed), through: mask, onto: s, clip: clip, rows: rows, alpha: alpha)
    return true
  }

  /// Composites `group` (a layer's offscreen) onto `s` through the coverage of its plain
  /// shape mask `mask`, at opacity `alpha`, inside `clip`: the mask offscreen, the
  /// multiplication by it and the compositing pass in one fill of the mask's path.
  ///
  /// The group is multiplied by the coverage and the opacity in one rounding each, in the
  /// other order than masking then compositing, so pixels on the path's edge may differ
  /// from the grouped drawing by one level.
  func composite(
    _ group: RenderSurface, through mask: (mask: PlainShapeMask, map: CGAffineTransform),
    onto s: RenderSurface,
    clip: PixelRect, rows: PixelRect, alpha: Float
  ) {
    maskedPaints += 1
    // Rows `stride` apart: a surface may use the top-left part of a wider bitmap.
    let pixels = PathPaint.pixels(
      group.pixels, width: group.stride, height: group.height, x: group.originX - s.originX,
      y: group.originY - s.originY)
    paint(
      pixels, through: mask, onto: s, clip: clip.intersection(group.rect), rows: rows, alpha: alpha)
  }

  /// Multiplies `group` inside `clip` by one minus the coverage of the plain shape `mask`
  /// (an inverted alpha mask) by filling (or stroking) the shape onto the group with
  /// `destinationOut`: `d·(255 − c)/255` at coverage `c`.
  ///
  /// The mask offscreen would hold the shape's coverage as its alpha (an opaque paint on
  /// transparent pixels), computed on the same rows (both cover the group's area), and
  /// `applyMask` multiplies by `255 −` that with the same rounding: the same bytes, without
  /// the offscreen, its clear and the pass over it.
  func cut(
    _ mask: (mask: PlainShapeMask, map: CGAffineTransform), outOf group: RenderSurface,
    clip: PixelRect
  ) {
    let c = clip.intersection(group.rect)
    guard !c.isEmpty else { return }
    maskedPaints += 1
    group.beginDrawing(transform: mask.map, clip: c)
    defer { group.endDrawing() }
    let ctx = group.context
    ctx.setBlendMode(.destinationOut)
    ctx.setFillColor(.black)
    ctx.setStrokeColor(.black)
    Self.draw(mask.mask, in: ctx, paint: nil)
  }

  /// Fills (or strokes) the plain shape `mask` on `s` with `paint` at `alpha`, inside
  /// `clip`, with path edges cut at the rows of `rows` (the offscreen the mask would have
  /// been drawn in), so the path's coverage is the one the mask offscreen would have held.
  private func paint(
    _ paint: PathPaint, through mask: (mask: PlainShapeMask, map: CGAffineTransform),
    onto s: RenderSurface,
    clip: PixelRect, rows: PixelRect, alpha: Float
  ) {
    let c = clip.intersection(s.rect).intersection(rows)
    guard !c.isEmpty else { return }
    s.beginDrawing(transform: mask.map, clip: c)
    defer { s.endDrawing() }
    let ctx = s.context
    ctx.setEdgeRows((rows.y0 - s.originY)..<(rows.y1 - s.originY))
    ctx.setAlpha(CGFloat(alpha))
    Self.draw(mask.mask, in: ctx, paint: paint)
  }

  /// Fills (or strokes) the plain shape `mask` on `ctx`, under its transform and clip, with
  /// `paint`, or with the context's fill (stroke) colour when `paint` is nil.
  private static func draw(_ mask: PlainShapeMask, in ctx: CGContext, paint: PathPaint?) {
    let shape = mask.shape
    if mask.strokes {
      guard let stroked = prepareStroke(shape, mask.path, in: ctx) else { return }
      ctx.addPath(stroked)
      if let paint { ctx.strokePath(paint: paint) } else { ctx.strokePath() }
    } else {
      let rule: CGPathFillRule = shape.fillRule == .evenOdd ? .evenOdd : .winding
      ctx.addPath(mask.path)
      if let paint { ctx.fillPath(using: rule, paint: paint) } else { ctx.fillPath(using: rule) }
    }
  }

  /// Whether node `n` draws nothing but its gradient: a gradient layer without
  /// sublayers, contents, background, border, shadow, tint, transition or rounded clip.
  private static func paintsOnlyGradient(_ n: UnsafePointer<RenderNode>) -> Bool {
    let st = n.state
    return n.pointee.kind == .gradient && n.pointee.children.isEmpty && n.image == nil
      && n.pointee.tiles == nil && n.pointee.particles == nil && n.pointee.tint == nil
      && n.pointee.transition == nil && (st.pointee.backgroundColor?.alpha ?? 0) == 0
      && !(st.pointee.borderWidth > 0 && (st.pointee.borderColor?.alpha ?? 0) > 0)
      && !(st.pointee.shadowOpacity > 0)
      && !(st.pointee.masksToBounds && st.pointee.cornerRadius != 0)
  }
}

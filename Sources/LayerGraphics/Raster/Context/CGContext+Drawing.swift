import Foundation

/// Filling and stroking.
extension CGContext {
  /// Fills the current path (each subpath implicitly closed) and clears it.
  public func fillPath(using rule: CGPathFillRule = .winding) {
    consumeCurrentPath { p in perform { $0.fillDevicePath(p, rule: rule) } }
  }

  /// Fills the current path with `paint` instead of the fill colour, at the context's
  /// alpha, in the current blend mode, and clears the path.
  package func fillPath(using rule: CGPathFillRule, paint: PathPaint) {
    let paint = rasterPaint(paint)
    consumeCurrentPath { p in
      perform { $0.paint(p, rule: rule, paint: paint, mode: $0.state.blendMode) }
    }
  }

  /// Strokes the current path with the current line style, painting `paint` instead of
  /// the stroke colour, at the context's alpha, and clears the path.
  package func strokePath(paint: PathPaint) {
    let paint = rasterPaint(paint)
    consumeCurrentPath { p in perform { $0.strokeDevicePath(p, paint: paint) } }
  }

  /// `paint` placed under the CTM, with the context's alpha.
  private func rasterPaint(_ paint: PathPaint) -> RasterPaint {
    switch paint {
    case .ramp(let ramp):
      var r = ramp.resolved(deviceToUser: state.ctm.inverted())
      if state.alpha < 1 {
        let k = PixelMath.byte(opacity: state.alpha)
        r.table.withUnsafeMutableBufferPointer {
          PixelMath.scale($0.baseAddress!, count: $0.count, by: k)
        }
      }
      return .shader(.ramp(r))
    case .pixels(let pixels, let width, let height, let x, let y):
      let shader = ImageShader(
        pixels: pixels, width: width, height: height,
        deviceToImage: CGAffineTransform(translationX: CGFloat(-x), y: CGFloat(-y)),
        bilinear: false,
        opacity: state.alpha)
      return .shader(.image(shader))
    }
  }

  /// Fills the current path with the even-odd rule and clears it.
  public func eoFillPath() { fillPath(using: .evenOdd) }

  /// Strokes the current path with the current line style and clears it.
  public func strokePath() {
    consumeCurrentPath { p in perform { $0.strokeDevicePath(p) } }
  }

  /// Fills and/or strokes the current path, then clears it.
  public func drawPath(using mode: CGPathDrawingMode) {
    consumeCurrentPath { p in drawPath(p, using: mode) }
  }

  private func drawPath(_ p: PathStorage, using mode: CGPathDrawingMode) {
    perform { ctx in
      switch mode {
      case .fill: ctx.fillDevicePath(p, rule: .winding)
      case .eoFill: ctx.fillDevicePath(p, rule: .evenOdd)
      case .stroke: ctx.strokeDevicePath(p)
      case .fillStroke:
        ctx.fillDevicePath(p, rule: .winding)
        ctx.strokeDevicePath(p)
      case .eoFillStroke:
        ctx.fillDevicePath(p, rule: .evenOdd)
        ctx.strokeDevicePath(p)
      }
    }
  }

  /// Hands the current path to `body` and leaves the context with an empty current path
  /// that keeps the arrays' capacity, so building and drawing paths one after another
  /// allocates nothing once the arrays have grown.
  @inline(__always)
  private func consumeCurrentPath(_ body: (PathStorage) -> Void) {
    let (p, shared) = takeCurrentPath()
    body(p)
    recycle(p, shared: shared)
  }

  /// Takes the current path out of the context (which is left with an empty path), and
  /// whether it shares a `CGPath`'s arrays.
  private func takeCurrentPath() -> (PathStorage, Bool) {
    var p = PathStorage()
    swap(&p, &pathStore)
    let shared = pathIsShared
    pathIsShared = false
    return (p, shared)
  }

  /// Gives the arrays of a drawn path back to the context, emptied, unless something
  /// new was added meanwhile. A path shared with a `CGPath` (see `addPath`) is kept as
  /// `lastShared` instead (releasing the one before), and the spare arrays become the
  /// current path's again.
  private func recycle(_ drawn: consuming PathStorage, shared: Bool) {
    guard pathStore.verbs.isEmpty else { return }
    if shared {
      swap(&pathStore, &sparePath)
      lastShared = drawn
      return
    }
    var p = drawn
    p.removeAllKeepingCapacity()
    pathStore = p
  }

  /// Fills a rectangle (the current path is left alone).
  public func fill(_ rect: CGRect) {
    withScratchPath {
      $0.addFiniteRect(rect, state.ctm)
    } draw: { p in
      perform { $0.fillDevicePath(p, rule: .winding) }
    }
  }

  /// Fills rectangles (as one non-zero fill, so overlaps paint once).
  public func fill(_ rects: [CGRect]) {
    withScratchPath { p in
      for r in rects { p.addFiniteRect(r, state.ctm) }
    } draw: { p in
      perform { $0.fillDevicePath(p, rule: .winding) }
    }
  }

  /// Builds a one-off device path in the context's scratch arrays and hands it to `draw`,
  /// so the rectangle, ellipse, line-segment, image and gradient calls allocate nothing
  /// once the arrays have grown. (A call made from inside `draw` gets fresh arrays.)
  func withScratchPath(_ build: (inout PathStorage) -> Void, draw: (PathStorage) -> Void) {
    var p = PathStorage()
    swap(&p, &scratchPath)
    p.removeAllKeepingCapacity()
    build(&p)
    draw(p)
    swap(&p, &scratchPath)
  }

  /// Strokes a rectangle with the current line style.
  public func stroke(_ rect: CGRect) {
    withScratchPath {
      $0.addFiniteRect(rect, state.ctm)
    } draw: { p in
      perform { $0.strokeDevicePath(p) }
    }
  }

  /// Strokes a rectangle with the given width (the state's width is unchanged).
  public func stroke(_ rect: CGRect, width: CGFloat) {
    let saved = state.lineWidth
    setLineWidth(width)
    stroke(rect)
    state.lineWidth = saved
  }

  /// Makes the pixels under `rect` (within the clip) transparent.
  public func clear(_ rect: CGRect) {
    withScratchPath {
      $0.addFiniteRect(rect, state.ctm)
    } draw: {
      paint($0, rule: .winding, paint: .solid(0), mode: .copy)
    }
  }

  public func fillEllipse(in rect: CGRect) {
    withScratchPath {
      $0.addFiniteEllipse(rect, state.ctm)
    } draw: { p in
      perform { $0.fillDevicePath(p, rule: .winding) }
    }
  }

  public func strokeEllipse(in rect: CGRect) {
    withScratchPath {
      $0.addFiniteEllipse(rect, state.ctm)
    } draw: { p in
      perform { $0.strokeDevicePath(p) }
    }
  }

  /// Strokes independent segments: points 0–1, 2–3, … (an odd last point is ignored).
  public func strokeLineSegments(between points: [CGPoint]) {
    withScratchPath { p in
      var k = 0
      while k + 1 < points.count {
        p.move(to: points[k].applying(state.ctm))
        p.line(to: points[k + 1].applying(state.ctm))
        k += 2
      }
    } draw: { p in
      perform { $0.strokeDevicePath(p) }
    }
  }

  /// Replaces the current path with the outline of its stroke (in the current style).
  public func replacePathWithStrokedPath() {
    var out = PathBuildingSink()
    strokeOutline(currentPath, into: &out)
    currentPath = out.storage
  }

  // MARK: Internals

  /// The paint for fills in the current state.
  var fillPaint: RasterPaint {
    .solid(PixelMath.premultiplied(state.fillColor, opacity: state.alpha))
  }

  func fillDevicePath(_ p: PathStorage, rule: CGPathFillRule) {
    paint(p, rule: rule, paint: fillPaint, mode: state.blendMode)
  }

  /// Strokes a device-space path with `paint` (default: the stroke colour at the alpha).
  func strokeDevicePath(_ p: PathStorage, paint: RasterPaint? = nil) {
    let color =
      paint ?? RasterPaint.solid(PixelMath.premultiplied(state.strokeColor, opacity: state.alpha))
    guard !missesClip(p, outset: strokeReach) else { return }
    guard configureStroker() else { return }
    edges.reset(
      clipX0: state.clipX0, clipY0: state.clipY0, clipX1: state.clipX1, clipY1: state.clipY1,
      edgeRows: state.edgeY0..<state.edgeY1)
    edges.transform = state.ctm
    edges.transforms = !state.ctm.isIdentity
    if state.ctm.isIdentity && state.dashLengths.isEmpty {
      // User space is device space: the path itself, not a copy.
      strokeScratch.stroke(p, into: &edges)
    } else {
      strokeScratch.stroke(userStrokePath(p), into: &edges)
    }
    edges.finish()
    blit(rule: .winding, paint: color, mode: state.blendMode)
  }

  /// Strokes a device-space path in user space (the pen is shaped by the CTM) and sends
  /// the device-space outline to `sink`.
  func strokeOutline<S: PathFlatteningSink>(_ devicePath: PathStorage, into sink: inout S) {
    guard let user = prepareStroke(devicePath) else { return }
    var t = TransformingSink(base: sink, transform: state.ctm)
    strokeScratch.stroke(user, into: &t)
    sink = t.base
  }

  /// Maps a device-space path back to user space, dashes it, and configures the stroker;
  /// nil when nothing would be drawn.
  func prepareStroke(_ devicePath: PathStorage) -> PathStorage? {
    guard configureStroker() else { return nil }
    return userStrokePath(devicePath)
  }

  /// Sets the stroker's style from the current state, with a flattening tolerance of
  /// 0.1 device pixel in user units; false when nothing would be drawn (a singular CTM or
  /// a zero line width).
  func configureStroker() -> Bool {
    let m = state.ctm
    guard m.determinant != 0, m.determinant.isFinite, state.lineWidth > 0 else { return false }
    let scale = Swift.max(
      (m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
    strokeScratch.lineWidth = state.lineWidth
    strokeScratch.lineCap = state.lineCap
    strokeScratch.lineJoin = state.lineJoin
    strokeScratch.miterLimit = state.miterLimit
    strokeScratch.tolerance = 0.1 / Swift.max(scale, 1e-9)
    return true
  }

  /// The path the stroker strokes: `devicePath` mapped back to user space, and dashed
  /// (at the stroker's tolerance) when a dash pattern is set. Call after
  /// `configureStroker`.
  func userStrokePath(_ devicePath: PathStorage) -> PathStorage {
    let m = state.ctm
    var user = devicePath
    if !m.isIdentity {
      let inv = m.inverted()
      for k in user.points.indices { user.points[k] = user.points[k].applying(inv) }
    }
    if !state.dashLengths.isEmpty,
      let dashed = PathDasher.dash(
        user, phase: state.dashPhase, lengths: state.dashLengths,
        tolerance: strokeScratch.tolerance,
        visible: visibleUserRect(grownBy: state.lineWidth * Swift.max(state.miterLimit, 2) + 1))
    {
      user = dashed
    }
    return user
  }

  /// The clip box in user space (its bounding box under the inverse CTM), grown by
  /// `margin` user units; nil when the CTM cannot be inverted.
  func visibleUserRect(grownBy margin: CGFloat) -> CGRect? {
    let m = state.ctm
    guard m.determinant != 0, m.determinant.isFinite, margin.isFinite else { return nil }
    // The edge rows, not only the clip's: the dashes do not depend on a band's clip.
    let box = CGRect(
      x: state.clipX0, y: state.edgeY0, width: state.clipX1 - state.clipX0,
      height: state.edgeY1 - state.edgeY0)
    let r = box.applying(m.inverted()).insetBy(dx: -margin, dy: -margin)
    return r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite ? r : nil
  }

  /// Fills a device-space path with `paint`.
  func paint(_ p: PathStorage, rule: CGPathFillRule, paint: RasterPaint, mode: CGBlendMode) {
    if missesClip(p, outset: 0) { return }
    buildFillEdges(p)
    blit(rule: rule, paint: paint, mode: mode)
  }

  /// Stages 1 and 2 of a fill: the device-space path `p` flattened at the fill
  /// tolerance into `edges`, clipped to the current clip box.
  func buildFillEdges(_ p: PathStorage) {
    edges.reset(
      clipX0: state.clipX0, clipY0: state.clipY0, clipX1: state.clipX1, clipY1: state.clipY1,
      edgeRows: state.edgeY0..<state.edgeY1)
    PathFlattener.flatten(p, tolerance: CGContext.fillTolerance, into: &edges)
    edges.finish()
  }

  /// Scan-converts the collected edges and blends them with `paint`.
  func blit(rule: CGPathFillRule, paint: RasterPaint, mode: CGBlendMode) {
    if case .solid(let color) = paint, mode == .normal, state.clipMask == nil {
      var solid = SolidBlitter(pixels: pixels, stride: stride, color: color)
      rasterizer.fill(edges, rule: rule, antialias: state.antialias, into: &solid)
      return
    }
    var blitter = PaintBlitter(
      pixels: pixels, stride: stride, paint: paint, mode: mode,
      clip: state.clipMask.map { UnsafePointer($0.bytes) }, colorRow: colorRow,
      coverageRow: coverageRow)
    rasterizer.fill(edges, rule: rule, antialias: state.antialias, into: &blitter)
  }
}

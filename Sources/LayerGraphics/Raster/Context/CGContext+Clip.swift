import Foundation

/// Clipping. The clip only ever shrinks (until `restoreGState`); it is an integer device
/// box plus, for anything that is not a pixel-aligned rectangle, an anti-aliased mask.
extension CGContext {
  /// Intersects the clip with the current path (non-zero rule) and clears the path.
  public func clip() { clip(using: .winding) }

  /// Intersects the clip with the current path and clears the path.
  public func clip(using rule: CGPathFillRule) {
    let p = currentPath
    currentPath = PathStorage()
    clipToDevicePath(p, rule: rule)
  }

  /// Intersects the clip with a rectangle.
  public func clip(to rect: CGRect) { clip(to: [rect]) }

  /// Intersects the clip with the union of rectangles.
  public func clip(to rects: [CGRect]) {
    // One rectangle landing on whole device pixels only shrinks the box: no path is built.
    if rects.count == 1, let r = rects.first,
      r.origin.x.isFinite, r.origin.y.isFinite, r.size.width.isFinite, r.size.height.isFinite
    {
      let s = r.standardized
      let t = state.ctm
      let corners = (
        CGPoint(x: s.minX, y: s.minY).applying(t), CGPoint(x: s.maxX, y: s.minY).applying(t),
        CGPoint(x: s.maxX, y: s.maxY).applying(t), CGPoint(x: s.minX, y: s.maxY).applying(t)
      )
      if let box = Self.alignedRect(corners) {
        clipToBox(box)
        return
      }
    }
    var p = PathStorage()
    for r in rects { p.addFiniteRect(r, state.ctm) }
    clipToDevicePath(p, rule: .winding)
  }

  /// The clip's bounding box in user space.
  public var boundingBoxOfClipPath: CGRect {
    let r = CGRect(
      x: state.clipX0, y: state.clipY0, width: state.clipX1 - state.clipX0,
      height: state.clipY1 - state.clipY0)
    return r.applying(state.ctm.inverted())
  }

  /// Clips to a device-space path: pixel-aligned single rectangles only shrink the box;
  /// anything else is rasterized into a new mask multiplied with the old one.
  func clipToDevicePath(_ p: PathStorage, rule: CGPathFillRule) {
    if let r = alignedRect(p) {
      clipToBox(r)
      return
    }
    buildFillEdges(p)
    let mask = ClipMask(width: width, height: height, stride: stride)
    var blitter = MaskBlitter(
      target: mask.bytes, previous: state.clipMask.map { UnsafePointer($0.bytes) },
      stride: stride)
    rasterizer.fill(edges, rule: rule, antialias: state.antialias, into: &blitter)
    state.clipMask = mask
    // Shrink the box to the path's bounds (its points' hull contains its curves).
    var lo = CGPoint(x: CGFloat.infinity, y: CGFloat.infinity)
    var hi = CGPoint(x: -CGFloat.infinity, y: -CGFloat.infinity)
    for q in p.points where q.x.isFinite && q.y.isFinite {
      lo = CGPoint(x: Swift.min(lo.x, q.x), y: Swift.min(lo.y, q.y))
      hi = CGPoint(x: Swift.max(hi.x, q.x), y: Swift.max(hi.y, q.y))
    }
    if edges.edges.isEmpty || lo.x > hi.x {
      state.clipX1 = state.clipX0
      state.clipY1 = state.clipY0
    } else {
      state.clipX0 = Swift.max(state.clipX0, Int(geometric: lo.x, .down))
      state.clipY0 = Swift.max(state.clipY0, Int(geometric: lo.y, .down))
      state.clipX1 = Swift.min(state.clipX1, Int(geometric: hi.x, .up))
      state.clipY1 = Swift.min(state.clipY1, Int(geometric: hi.y, .up))
      cutEdgeRows(Int(geometric: lo.y, .down), Int(geometric: hi.y, .up))
    }
    normalizeClip()
  }

  /// Widens the rows path edges are cut to, beyond the clip box, to `rows` (device
  /// pixels, kept inside the bitmap and never narrower than the clip box's rows), until
  /// `restoreGState`; clipping narrows them again like the box.
  ///
  /// A scan converter cuts every edge at the top and bottom of the rows it works on and
  /// steps along it from there, so where it cuts changes a coverage by a rounding step.
  /// Drawing one band of a larger area with the whole area's rows here cuts the edges
  /// exactly as drawing the whole area does, and the band's pixels are the same bytes;
  /// only the clip box's rows are written.
  package func setEdgeRows(_ rows: Range<Int>) {
    state.edgeY0 = Swift.min(Swift.max(rows.lowerBound, 0), state.clipY0)
    state.edgeY1 = Swift.max(Swift.min(rows.upperBound, height), state.clipY1)
  }

  /// Narrows the edge rows by a clip's rows `y0..<y1`, as the box is narrowed.
  private func cutEdgeRows(_ y0: Int, _ y1: Int) {
    state.edgeY0 = Swift.max(state.edgeY0, y0)
    state.edgeY1 = Swift.min(state.edgeY1, y1)
  }

  private func normalizeClip() {
    if state.clipX1 < state.clipX0 { state.clipX1 = state.clipX0 }
    if state.clipY1 < state.clipY0 { state.clipY1 = state.clipY0 }
    // The edge rows always hold the clip box's rows.
    state.edgeY0 = Swift.min(state.edgeY0, state.clipY0)
    state.edgeY1 = Swift.max(state.edgeY1, state.clipY1)
  }

  /// Narrows the clip box to `r`, a device rectangle on whole pixels.
  private func clipToBox(_ r: CGRect) {
    state.clipX0 = Swift.max(state.clipX0, Int(geometric: r.minX, nan: width))
    state.clipY0 = Swift.max(state.clipY0, Int(geometric: r.minY, nan: height))
    state.clipX1 = Swift.min(state.clipX1, Int(geometric: r.maxX))
    state.clipY1 = Swift.min(state.clipY1, Int(geometric: r.maxY))
    cutEdgeRows(Int(geometric: r.minY, nan: height), Int(geometric: r.maxY))
    normalizeClip()
  }

  /// The rectangle when `p` is one axis-aligned rectangle on whole pixels.
  private func alignedRect(_ p: PathStorage) -> CGRect? {
    let v = p.verbs
    guard v.count >= 4, v[0] == .moveToPoint else { return nil }
    for k in 1..<v.count {
      let ok = v[k] == .addLineToPoint || (v[k] == .closeSubpath && k == v.count - 1)
      if !ok { return nil }
    }
    let pts = p.points
    guard pts.count == 4 || (pts.count == 5 && pts[4] == pts[0]) else { return nil }
    return Self.alignedRect((pts[0], pts[1], pts[2], pts[3]))
  }

  /// The rectangle with corners `q`, in order around it, when they lie on whole pixels
  /// and every side is horizontal or vertical (at most two distinct x and two distinct y).
  private static func alignedRect(_ q: (CGPoint, CGPoint, CGPoint, CGPoint)) -> CGRect? {
    let xs = SIMD4<Double>(Double(q.0.x), Double(q.1.x), Double(q.2.x), Double(q.3.x))
    let ys = SIMD4<Double>(Double(q.0.y), Double(q.1.y), Double(q.2.y), Double(q.3.y))
    // Finite (x − x is 0 only then) and whole.
    guard all(xs - xs .== 0), all(ys - ys .== 0), all(xs.rounded(.toNearestOrAwayFromZero) .== xs),
      all(ys.rounded(.toNearestOrAwayFromZero) .== ys)
    else { return nil }
    let x0 = xs.min()
    let x1 = xs.max()
    let y0 = ys.min()
    let y1 = ys.max()
    let nx = SIMD4(xs[1], xs[2], xs[3], xs[0])
    let ny = SIMD4(ys[1], ys[2], ys[3], ys[0])
    guard all((xs .== x0) .| (xs .== x1)), all((ys .== y0) .| (ys .== y1)),
      all((xs .== nx) .| (ys .== ny))
    else { return nil }
    return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

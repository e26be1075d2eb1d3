import CEGL
import Foundation
import LayerKit

/// One frame's walk over its render tree, back to front, drawing each layer on the GPU
/// or handing its subtree to the CPU compositor (`GLFrameWalk+CPU`).
///
/// Per layer, in the CPU compositor's order: background, content, sublayers, border.
/// `masksToBounds` to a rectangle on whole device pixels narrows the scissor; any other
/// bounds clip (rounded, turned, fractional, under perspective) draws the content and
/// sublayers into an offscreen that is composited through the bounds' coverage, one
/// group, as `LayerCompositor.withBoundsClip` does. Opacity is handed down as the CPU
/// compositor hands it (a layer's own times what it inherits); group opacity draws the
/// layer and its sublayers opaque into an offscreen composited once at its opacity.
struct GLFrameWalk {
  let backend: GLRenderBackend
  let frame: RenderFrame
  /// Subtrees drawn by the CPU compositor, and the bytes their textures uploaded.
  var cpuSubtrees = 0
  var uploadedBytes = 0
  /// The tree's nodes and their placements while `draw(in:)` runs (valid only then).
  var nodes: UnsafePointer<RenderNode>!
  var placed: UnsafePointer<NodePlacement>!
  /// The device pixels being drawn: the damaged rectangle, cut by pixel-rectangle clips
  /// and offscreen groups (the scissor).
  var rect = PixelRect.empty
  /// The damaged rectangle being drawn: offscreens are laid out inside it, as the CPU
  /// compositor lays its groups out inside the rectangle it renders (`offscreenArea`).
  var damage = PixelRect.empty
  /// While a content-shaped shadow's body is drawn, the device pixels of its mask: the
  /// body is drawn whole there, past the frame and its superlayers' clips, so extents
  /// are measured against it instead of the placement's (``extent(_:)``).
  var bodyClip: PixelRect? = nil
  /// The render targets being drawn into, outermost first: the frame's framebuffer, then
  /// the offscreen of each bounds clip group open (device rectangles they cover).
  var targets: [(framebuffer: GLuint, rect: PixelRect)] = []
  /// The node whose blend group is being drawn (its blend mode is applied when the group
  /// is composited, not again inside it); -1 for none.
  var blendGroup = -1

  init(backend: GLRenderBackend, frame: RenderFrame) {
    self.backend = backend
    self.frame = frame
  }

  /// Draws the tree inside the device rectangle `rect` (the scissor is set to it).
  mutating func draw(in rect: PixelRect) {
    guard let root = frame.tree.root else { return }
    self.rect = rect
    damage = rect
    targets = [(backend.framebuffer, PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height))]
    let device = ProjectiveTransform2D(
      m11: frame.scale, m12: 0, m13: 0, m21: 0, m22: frame.scale, m23: 0, m31: 0, m32: 0, m33: 1)
    let tree = frame.tree
    let placement = frame.placement
    tree.nodes.withUnsafeBufferPointer { n in
      placement.nodes.withUnsafeBufferPointer { p in
        nodes = n.baseAddress
        placed = p.baseAddress
        defer {
          nodes = nil
          placed = nil
        }
        drawNode(root, parentMap: device, alpha: 1)
      }
    }
  }

  /// Draws node `i` (its superlayer's plane mapped by `parentMap`) at inherited opacity
  /// `alpha`; with `body`, only its body (no shadow of its own, no mask, no group: the
  /// coverage a content-shaped shadow blurs).
  mutating func drawNode(
    _ i: Int, parentMap: ProjectiveTransform2D, alpha: Float, body: Bool = false
  ) {
    let n = nodes + i
    guard LayerVisibility.isShown(n), let own = LayerVisibility.ownOpacity(n.state) else { return }
    // A body is drawn opaque, at the opacity handed in (`LayerCompositor.drawBody`).
    let a = n.pointee.transition != nil || body ? alpha : alpha * own
    guard a > 0 else { return }
    let p = placed + i
    guard !(bodyClip ?? p.pointee.clip).intersection(rect).isEmpty else { return }
    if !body, let mode = CompositingFilter.blendMode(named: n.state.compositingFilter),
      blendGroup != i
    {
      drawBlendGroup(i, mode: mode, parentMap: parentMap, alpha: alpha)
      return
    }
    if n.pointee.kind == .transform, n.pointee.transition == nil {
      drawTransformLayer(i, parentMap: parentMap, alpha: a)
      return
    }
    let map = p.pointee.map
    if n.state.pointee.shouldRasterize, n.pointee.transition == nil {
      // The layer and its subtree, drawn once into a kept bitmap, composited as one.
      guard map.isFinite, map.inverse != nil else { return }
      let st = n.state
      if !st.pointee.isDoubleSided && !LayerCompositor.isFrontFacing(map, at: st.pointee.bounds) {
        return
      }
      if drawRasterized(i, map: map, alpha: a) { return }
    }
    guard !needsCPU(n, alpha: a, affine: map.exactAffine != nil),
      let plan = GLLayerContent.plan(n, map: map, frameScale: frame.scale)
    else {
      drawOnCPU(i, parentMap: parentMap, alpha: alpha)
      return
    }
    guard map.isFinite, let inverse = map.inverse else { return }
    let st = n.state
    if !st.pointee.isDoubleSided && !LayerCompositor.isFrontFacing(map, at: st.pointee.bounds) {
      return
    }
    var texture: GLTextureCache.Entry? = nil
    if let plan {
      texture = backend.textures.texture(
        for: n.pointee.key, n, content: plan, limit: backend.context.maxTextureSize)
      // Too large for a texture or the budget: the CPU compositor draws it.
      guard texture != nil else {
        drawOnCPU(i, parentMap: parentMap, alpha: alpha)
        return
      }
    }
    let inv = GLQuadDrawer.matrix(inverse)
    let quad = extent(i).intersection(rect)
    let affine = map.exactAffine
    guard let parts = Self.parts(st, affine: affine) else {
      // An outline with more points than the shader takes.
      drawOnCPU(i, parentMap: parentMap, alpha: alpha)
      return
    }
    // Group opacity: the layer and its sublayers drawn opaque into an offscreen that is
    // composited once at the layer's opacity, as the CPU compositor's group.
    // A masked layer is a group too, composited through its mask (`GLFrameWalk+Masks`).
    let fades = a < 1 && st.pointee.allowsGroupOpacity && !n.pointee.children.isEmpty
    let mask = body ? nil : n.pointee.mask
    // A replicator copy's tint multiplies its group as it is composited.
    let tint = body ? nil : n.pointee.tint
    if (fades || mask != nil || tint != nil) && groupReachesPerspective(i) {
      // The CPU compositor lays a projective sublayer's flat bitmap out over the group's
      // offscreen; drawn through its map here, its edge rows differ by more than the
      // contrast there: such a group is drawn by the CPU compositor.
      drawOnCPU(i, parentMap: parentMap, alpha: alpha)
      return
    }
    let outermost = rect
    var fade: (GLOffscreenPool.Target, PixelRect)? = nil
    if fades || mask != nil || tint != nil {
      fade = beginGroup(subtreeExtent(i).intersection(rect))
      guard fade != nil else { return }
    }
    // The opacity its parts are drawn at (inside its group, opaque).
    let drawn: Float = fade != nil ? 1 : a
    let drawer = backend.drawer
    if !body, Self.castsShadow(st), let affine {
      drawShadow(
        i, bounds: parts.bounds, inverse: inv, map: affine, parentMap: parentMap, alpha: drawn)
    }
    if let bg = st.pointee.backgroundColor, bg.alpha > 0, !quad.isEmpty {
      drawer.fill(parts.bounds, color: Self.premultiplied(bg, drawn), inverse: inv, quad: quad)
    }
    let outer = rect
    var group: (GLOffscreenPool.Target, PixelRect)? = nil
    if st.pointee.masksToBounds {
      if let pixels = Self.pixelRect(parts.bounds.rect, affine: affine, rounded: parts.rounded) {
        setScissor(rect.intersection(pixels))
      } else {
        group = beginGroup(extent(i).intersection(rect))
        if group == nil { setScissor(.empty) }
      }
    }
    if let plan, let texture, !rect.intersection(quad).isEmpty {
      drawContent(
        plan, texture, of: i, map: map, affine: affine, inverse: inv, quad: quad.intersection(rect),
        alpha: drawn)
    }
    if !rect.isEmpty {
      for c in drawingOrder(i) { drawNode(c, parentMap: map, alpha: drawn) }
    }
    if let (target, region) = group {
      endGroup(target, region: region, outer: outer, shape: parts.bounds, inverse: inv)
    } else if rect != outer {
      setScissor(outer)
    }
    if let border = parts.border, let bc = st.pointee.borderColor, !quad.isEmpty {
      drawer.fill(
        parts.bounds, inner: border, color: Self.premultiplied(bc, drawn), inverse: inv, quad: quad)
    }
    if let (target, region) = fade, let mask {
      endMaskedGroup(target, mask: mask, of: i, region: region, outer: outermost, opacity: a)
    } else if let (target, region) = fade, let tint {
      targets.removeLast()
      bindTop(scissor: outermost)
      backend.drawer.tinted(
        target.texture, origin: (region.x0, region.y0), tint: Self.tintBytes(tint, opacity: a),
        quad: region.intersection(outermost))
      backend.offscreens.give(target)
    } else if let (target, region) = fade {
      let box = CGRect(x: region.x0, y: region.y0, width: region.width, height: region.height)
      endGroup(
        target, region: region, outer: outermost,
        shape: GLQuadDrawer.Shape(rect: box, radii: .zero), inverse: GLQuadDrawer.matrix(.identity),
        opacity: a)
    }
  }

  /// The device pixels node `i` can touch itself: its placement's extent, or, while a
  /// shadow's body is drawn, the same measure cut only to that body's mask
  /// (``bodyClip``).
  func extent(_ i: Int) -> PixelRect {
    guard let clip = bodyClip else { return placed[i].extent }
    return RenderPlacement.extent(
      of: nodes + i, painted: (nodes + i).paintedRect, map: placed[i].map, clip: clip)
  }

  /// The device pixels of `rect` (layer points) under `affine`, when it is a rectangle
  /// on whole pixels and not `rounded` (a clip to it covers pixels wholly or not at all).
  static func pixelRect(_ rect: CGRect, affine: CGAffineTransform?, rounded: Bool) -> PixelRect? {
    guard !rounded, let t = affine, t.b == 0, t.c == 0 else { return nil }
    let d = rect.applying(t)
    func whole(_ v: CGFloat) -> Bool { abs(v - v.rounded()) < 1e-9 && abs(v) < 1e7 }
    guard whole(d.minX), whole(d.minY), whole(d.maxX), whole(d.maxY) else { return nil }
    return PixelRect(
      x0: Int(d.minX.rounded()), y0: Int(d.minY.rounded()), x1: Int(d.maxX.rounded()),
      y1: Int(d.maxY.rounded()))
  }

  /// A layer's rounded bounds and, when it draws a border, the border's inner edge; with
  /// their device outlines under an `affine` map. Nil when an outline has more points
  /// than the shader takes.
  static func parts(_ st: UnsafePointer<LayerState>, affine: CGAffineTransform?)
    -> (bounds: GLQuadDrawer.Shape, border: GLQuadDrawer.Shape?, rounded: Bool)?
  {
    let b = st.pointee.bounds
    let r = RoundedRectPath.clampedRadius(st.pointee.cornerRadius, in: b)
    let corners = st.pointee.maskedCorners
    let curve = st.pointee.rare.value.cornerCurve
    func shape(_ rect: CGRect, _ radius: CGFloat) -> GLQuadDrawer.Shape? {
      let k = Float(RoundedRectPath.clampedRadius(radius, in: rect))
      var s = GLQuadDrawer.Shape(
        rect: rect,
        radii: SIMD4(
          corners.contains(.layerMinXMinYCorner) ? k : 0,
          corners.contains(.layerMaxXMinYCorner) ? k : 0,
          corners.contains(.layerMaxXMaxYCorner) ? k : 0,
          corners.contains(.layerMinXMaxYCorner) ? k : 0))
      if let affine, rect.width > 0, rect.height > 0 {
        guard
          let o = GLOutline(
            roundedRect: rect, radius: radius, corners: corners, curve: curve, map: affine)
        else { return nil }
        s.outline = o
      }
      return s
    }
    guard let bounds = shape(b, r) else { return nil }
    guard st.pointee.borderWidth > 0, st.pointee.borderWidth.isFinite,
      let bc = st.pointee.borderColor, bc.alpha > 0
    else { return (bounds, nil, r > 0 && !corners.isEmpty) }
    let w = min(st.pointee.borderWidth, min(b.width, b.height) / 2)
    guard let inner = shape(b.insetBy(dx: w, dy: w), max(r - w, 0)) else { return nil }
    return (bounds, inner, r > 0 && !corners.isEmpty)
  }

  /// Whether node `n`, drawn at opacity `alpha` under `clips` bounds clips, needs what
  /// the GPU path does not draw: then the CPU compositor draws its subtree.
  private func needsCPU(_ n: UnsafePointer<RenderNode>, alpha: Float, affine: Bool) -> Bool {
    let st = n.state
    if n.pointee.transition != nil { return true }
    // Group opacity, masks and tints are offscreens of the GPU's own; a tinted copy with
    // a mask is not yet.
    if n.pointee.tint != nil && n.pointee.mask != nil { return true }
    if Self.castsShadow(st), !drawsShadow(n - nodes, affine: affine) { return true }
    // Continuous corners are drawn from their outline, which needs an affine map.
    let rounded =
      RoundedRectPath.clampedRadius(st.pointee.cornerRadius, in: st.pointee.bounds) > 0
      && !st.pointee.maskedCorners.isEmpty
    if affine { return false }
    // Under perspective the CPU compositor flattens a layer's sublayers into its plane
    // before warping it (one resampling of the group); the GPU path draws only leaves
    // there, each through its own projective map.
    return !n.pointee.children.isEmpty || st.pointee.masksToBounds || n.pointee.mask != nil
      || (rounded && st.pointee.rare.value.cornerCurve == .continuous)
  }

  /// Whether the layer state `st` casts a shadow (as `LayerCompositor.drawBody` asks).
  static func castsShadow(_ st: UnsafePointer<LayerState>) -> Bool {
    st.pointee.shadowOpacity > 0 && !st.pointee.shadowOpacity.isNaN
      && (st.pointee.shadowColor?.alpha ?? 0) > 0
  }

  /// `color` premultiplied, times `opacity`.
  static func premultiplied(_ color: CGColor, _ opacity: Float) -> SIMD4<Float> {
    let k = color.clamped
    let a = Float(k.alpha) * opacity
    return SIMD4(Float(k.red) * a, Float(k.green) * a, Float(k.blue) * a, a)
  }

}

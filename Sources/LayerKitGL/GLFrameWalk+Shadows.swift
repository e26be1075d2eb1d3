import CEGL
import Foundation
@_spi(Benchmarks) import LayerGraphics
import LayerKit

// Shadows: coverage drawn or filled, blurred by box passes and tinted on the GPU.
extension GLFrameWalk {
  /// Whether node `i` (under an affine map when `affine`) casts a shadow this walk draws:
  /// every shadow under an affine map (rounded bounds, `shadowPath`, the layer's
  /// content), but a content-shaped one whose layer draws past the frame or whose mask
  /// would pass `ShadowCache.maximumContentMaskPixels`. Those, and shadows under
  /// perspective, are the CPU compositor's (it lays the offscreen groups and projected
  /// bitmaps inside a shadow's body out over the frame only, so what such a body draws
  /// past the frame's border depends on how it is drawn).
  func drawsShadow(_ i: Int, affine: Bool) -> Bool {
    guard affine, let map = placed[i].map.exactAffine else { return false }
    if Self.pathShaped(i, nodes + i, tree: frame.tree) { return true }
    guard let (whole, _) = contentMaskRegion(i, map: map),
      whole.area <= ShadowCache.maximumContentMaskPixels
    else { return false }
    // What the body draws (`RenderTree.contentExtent` without the layer's own shadow).
    let n = nodes + i
    var body = n.paintedRect
    if !n.state.pointee.masksToBounds {
      for c in n.pointee.children {
        let m = ProjectiveTransform2D(flattening: placed[c].local)
        guard
          let box = LayerGeometry.boundingBox(
            of: frame.tree.contentExtent(c, depth: 1), through: m)
        else { return false }
        body = body.union(box)
      }
    }
    guard
      let box = LayerGeometry.boundingBox(of: body, through: ProjectiveTransform2D(affine: map))
    else { return false }
    return CGRect(x: 0, y: 0, width: frame.width, height: frame.height).contains(box)
  }

  /// Whether node `n`'s shadow is shaped by a path (its `shadowPath`, or its rounded
  /// bounds when it draws exactly them), as `LayerCompositor.drawShadow` decides.
  static func pathShaped(_ i: Int, _ n: UnsafePointer<RenderNode>, tree: RenderTree) -> Bool {
    n.state.pointee.shadowPath != nil || tree.shadowFollowsRoundedBounds(i)
  }

  /// The device pixels of a content-shaped shadow's mask of node `i` under `map`: the
  /// box of what its subtree draws, grown by the blur's reach (`LayerCompositor`'s
  /// layout), and that box (device pixels); nil when nothing bounds it.
  func contentMaskRegion(_ i: Int, map: CGAffineTransform) -> (PixelRect, box: CGRect)? {
    let st = (nodes + i).state
    let scale = abs(map.a * map.d - map.b * map.c).squareRoot()
    let sigma = Double(st.pointee.shadowSigma * scale)
    guard sigma.isFinite, sigma < 1e5,
      let box = LayerGeometry.boundingBox(
        of: frame.tree.contentExtent(i, depth: 0), through: ProjectiveTransform2D(affine: map)),
      box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite,
      abs(box.minX) < 1e7, abs(box.minY) < 1e7, abs(box.maxX) < 1e7, abs(box.maxY) < 1e7
    else { return nil }
    let reach = Int((sigma * 3).rounded(.up)) + 1
    let whole = PixelRect(covering: box).insetBy(-reach)
    return whole.isEmpty ? nil : (whole, box)
  }

  /// Draws node `i`'s shadow under it, as `LayerCompositor.drawShadow` draws it: the
  /// shape's coverage in an offscreen blurred by `GaussianBlur`'s three box passes along
  /// x then three along y (σ = `shadowRadius / 2` device pixels), then the premultiplied
  /// `shadowColor` at `shadowOpacity × alpha` through it, moved by `shadowOffset` (in the
  /// superlayer's space, `parentMap`) in whole device pixels.
  ///
  /// The shape is the layer's rounded bounds (`bounds`, its outline filled by the shader),
  /// its `shadowPath` (filled by LayerKit's rasterizer and uploaded, as the CPU
  /// compositor fills it), or what the layer's body draws (drawn opaque into the
  /// offscreen by this walk: background, content, sublayers, border). The blurred mask is
  /// kept (``GLShadowCache``) while its shape relative to its origin and σ stay the same.
  /// Under the layer's own bounds clip the shadow is drawn through that clip, as the CPU
  /// compositor draws it.
  mutating func drawShadow(
    _ i: Int, bounds: GLQuadDrawer.Shape, inverse: [Float], map: CGAffineTransform,
    parentMap: ProjectiveTransform2D, alpha: Float
  ) {
    let n = nodes + i
    let st = n.state
    guard let color = st.pointee.shadowColor else { return }
    let opacity = CGFloat(min(max(st.pointee.shadowOpacity, 0), 1) * alpha)
    let tint = PixelMath.premultiplied(color, opacity: opacity)
    guard tint >> 24 > 0 else { return }
    let o = st.pointee.shadowOffset
    guard o.width.isFinite, o.height.isFinite, st.pointee.shadowRadius.isFinite else { return }
    func whole(_ v: CGFloat) -> Int {
      Int(min(max(v.rounded(.toNearestOrAwayFromZero), -1e9), 1e9))
    }
    let dx = whole(o.width * parentMap.m11 + o.height * parentMap.m21)
    let dy = whole(o.width * parentMap.m12 + o.height * parentMap.m22)
    let outer = rect
    var clipGroup: (GLOffscreenPool.Target, PixelRect)? = nil
    if st.pointee.masksToBounds {
      // Drawn through the layer's bounds clip (`LayerCompositor.drawBody`).
      let pixels = Self.pixelRect(
        bounds.rect, affine: map,
        rounded: bounds.radii != .zero)
      if let pixels {
        setScissor(rect.intersection(pixels))
      } else {
        clipGroup = beginGroup(extent(i).intersection(rect))
        guard clipGroup != nil else { return }
      }
    }
    if let (mask, origin, size, spare) = blurredMask(
      i, bounds: bounds, inverse: inverse, map: map, parentMap: parentMap)
    {
      let shown = PixelRect(
        x0: origin.x + dx, y0: origin.y + dy, x1: origin.x + dx + size.width,
        y1: origin.y + dy + size.height
      ).intersection(rect)
      if !shown.isEmpty {
        backend.drawer.shadow(
          mask.texture, origin: (origin.x + dx, origin.y + dy), size: size,
          tint: SIMD4(
            Float(tint & 0xFF), Float((tint >> 8) & 0xFF), Float((tint >> 16) & 0xFF),
            Float(tint >> 24)) / 255,
          quad: shown)
      }
      if let spare { backend.offscreens.give(spare) }
    }
    if let (target, region) = clipGroup {
      endGroup(target, region: region, outer: outer, shape: bounds, inverse: inverse)
    } else if rect != outer {
      setScissor(outer)
    }
  }

  /// Node `i`'s blurred shadow mask: the offscreen, the device pixel of its texel (0, 0),
  /// the texels used, and the offscreen again when the cache had no room for it (to hand
  /// back after drawing). Leaves the walk's target bound with the scissor at `rect`.
  private mutating func blurredMask(
    _ i: Int, bounds: GLQuadDrawer.Shape, inverse: [Float], map: CGAffineTransform,
    parentMap: ProjectiveTransform2D
  ) -> (
    GLOffscreenPool.Target, (x: Int, y: Int), (width: Int, height: Int), GLOffscreenPool.Target?
  )? {
    let n = nodes + i
    let st = n.state
    let scale = abs(map.a * map.d - map.b * map.c).squareRoot()
    let cache = backend.shadows
    let key = n.pointee.key
    if !Self.pathShaped(i, n, tree: frame.tree) {
      // The content's shape: σ as the CPU compositor blurs it (not rounded), the mask over
      // the box of what the subtree draws, kept while the subtree and the map's linear
      // part and fraction stay the same.
      let sigma = Double(st.pointee.shadowSigma * scale)
      guard let (region, _) = contentMaskRegion(i, map: map) else { return nil }
      let fx = map.tx - map.tx.rounded(.down)
      let fy = map.ty - map.ty.rounded(.down)
      let shape: [CGFloat] = [
        map.a, map.b, map.c, map.d, fx, fy, CGFloat(sublayerStamp(i)),
      ]
      let body = Self.bodyState(n)
      let origin = (x: region.x0, y: region.y0)
      let size = (width: region.width, height: region.height)
      if let kept = cache.mask(for: key, shape: shape, sigma: sigma, body: body) {
        return (kept, origin, size, nil)
      }
      let made = blurredContent(i, region: region, sigma: sigma)
      bindTop(scissor: rect)
      guard let made else { return nil }
      let kept = cache.keep(made, for: key, shape: shape, sigma: sigma, body: body)
      return (made, origin, size, kept ? nil : made)
    }
    let sigma = (Double(st.pointee.shadowSigma * scale) * 64).rounded() / 64
    let device = CGMutablePath()
    let path = st.pointee.shadowPath
    device.addPath(path ?? RoundedRectPath.bounds(of: st.pointee), transform: map)
    let storage = device.storage
    let points = storage.points
    guard let lo = points.first else { return nil }
    var lx = lo.x
    var ly = lo.y
    var hx = lo.x
    var hy = lo.y
    for p in points {
      guard p.x.isFinite, p.y.isFinite else { return nil }
      lx = min(lx, p.x)
      ly = min(ly, p.y)
      hx = max(hx, p.x)
      hy = max(hy, p.y)
    }
    guard lx < hx, ly < hy, hx - lx < 16384, hy - ly < 16384, abs(lx) < 1e7, abs(ly) < 1e7
    else { return nil }
    let ox = Int(lx.rounded(.down))
    let oy = Int(ly.rounded(.down))
    let reach = Int((sigma * 3).rounded(.up)) + 1
    let w = Int((hx - CGFloat(ox)).rounded(.up)) + 2 * reach
    let h = Int((hy - CGFloat(oy)).rounded(.up)) + 2 * reach
    let origin = (x: ox - reach, y: oy - reach)
    var shape = points.flatMap { [$0.x - CGFloat(ox), $0.y - CGFloat(oy)] }
    if path != nil { shape += storage.verbs.map { CGFloat($0.rawValue) } }
    if let kept = cache.mask(for: key, shape: shape, sigma: sigma) {
      return (kept, origin, (w, h), nil)
    }
    let made: GLOffscreenPool.Target?
    if path != nil {
      made = blurredPath(storage, offset: (ox, oy), origin: origin, size: (w, h), sigma: sigma)
    } else {
      made = blurredCoverage(bounds, inverse: inverse, origin: origin, size: (w, h), sigma: sigma)
    }
    bindTop(scissor: rect)
    guard let made else { return nil }
    let spare = cache.keep(made, for: key, shape: shape, sigma: sigma) ? nil : made
    return (made, origin, (w, h), spare)
  }

  /// The newest change stamp of node `i`'s sublayers' subtrees (0 without sublayers).
  private func sublayerStamp(_ i: Int) -> UInt64 {
    (nodes + i).pointee.children.reduce(0) { max($0, nodes[$1].subtreeChangeStamp) }
  }

  /// What node `n`'s own body draws from: its state without what places it (position,
  /// transform, opacity: the map and the shadow's tint carry those) and without its
  /// shadow's colour, opacity and offset, which the mask does not hold; its backing
  /// store's identity rides in its `contents` slot. Two equal values draw the same body.
  static func bodyState(_ n: UnsafePointer<RenderNode>) -> LayerState {
    var s = n.pointee.state
    s.position = .zero
    s.zPosition = 0
    s.transform = .identity
    s.opacity = 1
    s.shadowColor = nil
    s.shadowOpacity = 0
    s.shadowOffset = .zero
    s.beginTime = 0
    s.timeOffset = 0
    if let b = n.pointee.backingStore { s.contents = b }
    return s
  }
}

import CEGL
import Foundation
@_spi(Benchmarks) import LayerGraphics
import LayerKit

// Shadows of rounded bounds: coverage drawn, blurred and tinted on the GPU.
extension GLFrameWalk {
  /// Whether node `i` (under an affine map when `affine`) casts a shadow this walk draws:
  /// one shaped by its rounded bounds (`RenderTree.shadowFollowsRoundedBounds`), without
  /// a `shadowPath` or a bounds clip. Other shadows are the CPU compositor's.
  func drawsShadow(_ i: Int, affine: Bool) -> Bool {
    let st = (nodes + i).state
    return affine && st.pointee.shadowPath == nil && !st.pointee.masksToBounds
      && frame.tree.shadowFollowsRoundedBounds(i)
  }

  /// Draws node `i`'s shadow under it, as `LayerCompositor.drawShadow` draws a shadow of
  /// rounded bounds: the bounds' outline under the affine `map` (`bounds`, with the
  /// layer's `inverse`) filled opaque into an offscreen laid out over the outline's
  /// points floored, grown by the blur's reach; blurred by `GaussianBlur`'s three box
  /// passes along x then three along y (σ = `shadowRadius / 2` device pixels, in 64ths);
  /// then the premultiplied `shadowColor` at `shadowOpacity × alpha` through it, moved by
  /// `shadowOffset` (in the superlayer's space, `parentMap`) in whole device pixels.
  ///
  /// The blurred mask is kept (``GLShadowCache``) while the outline relative to its origin
  /// and σ stay the same; nothing is uploaded either way.
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
    let scale = abs(map.a * map.d - map.b * map.c).squareRoot()
    let sigma = (Double(st.pointee.shadowSigma * scale) * 64).rounded() / 64
    let device = CGMutablePath()
    device.addPath(RoundedRectPath.bounds(of: st.pointee), transform: map)
    let points = device.storage.points
    guard let lo = points.first else { return }
    var lx = lo.x
    var ly = lo.y
    var hx = lo.x
    var hy = lo.y
    for p in points {
      guard p.x.isFinite, p.y.isFinite else { return }
      lx = min(lx, p.x)
      ly = min(ly, p.y)
      hx = max(hx, p.x)
      hy = max(hy, p.y)
    }
    guard lx < hx, ly < hy, hx - lx < 16384, hy - ly < 16384, abs(lx) < 1e7, abs(ly) < 1e7
    else { return }
    let ox = Int(lx.rounded(.down))
    let oy = Int(ly.rounded(.down))
    let reach = Int((sigma * 3).rounded(.up)) + 1
    let w = Int((hx - CGFloat(ox)).rounded(.up)) + 2 * reach
    let h = Int((hy - CGFloat(oy)).rounded(.up)) + 2 * reach
    let origin = (x: ox - reach, y: oy - reach)
    let shown = PixelRect(
      x0: origin.x + dx, y0: origin.y + dy, x1: origin.x + dx + w, y1: origin.y + dy + h
    ).intersection(rect)
    guard !shown.isEmpty else { return }
    let shape = points.flatMap { [$0.x - CGFloat(ox), $0.y - CGFloat(oy)] }
    let cache = backend.shadows
    // A mask made for this frame that the cache has no room for, handed back after use.
    var spare: GLOffscreenPool.Target? = nil
    var kept = cache.mask(for: n.pointee.key, shape: shape, sigma: sigma)
    if kept == nil {
      let made = blurredCoverage(
        bounds, inverse: inverse, origin: origin, size: (w, h), sigma: sigma)
      bindTop(scissor: rect)
      guard let made else { return }
      kept = made
      if !cache.keep(made, for: n.pointee.key, shape: shape, sigma: sigma) { spare = made }
    }
    guard let mask = kept else { return }
    backend.drawer.shadow(
      mask.texture, origin: (origin.x + dx, origin.y + dy), size: (w, h),
      tint: SIMD4(
        Float(tint & 0xFF), Float((tint >> 8) & 0xFF), Float((tint >> 16) & 0xFF),
        Float(tint >> 24)) / 255,
      quad: shown)
    if let spare { backend.offscreens.give(spare) }
  }

  /// The outline `bounds` (device coordinates, the layer's `inverse`) filled opaque into
  /// an offscreen whose texel (0, 0) is the device pixel `origin`, `size` texels used,
  /// and its alpha blurred by the box passes for `sigma`; nil when no offscreen can be
  /// made. Leaves another framebuffer bound (`bindTop(scissor:)` binds the walk's).
  private func blurredCoverage(
    _ bounds: GLQuadDrawer.Shape, inverse: [Float], origin: (x: Int, y: Int),
    size: (width: Int, height: Int), sigma: Double
  ) -> GLOffscreenPool.Target? {
    let pool = backend.offscreens
    guard let a = pool.take(width: size.width, height: size.height) else { return nil }
    let used = PixelRect(
      x0: origin.x, y0: origin.y, x1: origin.x + size.width, y1: origin.y + size.height)
    let drawer = backend.drawer
    bind(a, origin: origin)
    drawer.fill(bounds, color: SIMD4(1, 1, 1, 1), inverse: inverse, quad: used)
    let passes = GaussianBlur.boxes(sigma: sigma)
    guard passes.count == 3, let b = pool.take(width: size.width, height: size.height) else {
      return a
    }
    // Three passes along x, then three along y, A → B → A …: the last lands in A.
    for k in 0..<6 {
      let (source, target) = k % 2 == 0 ? (a, b) : (b, a)
      bind(target, origin: origin)
      drawer.boxPass(
        source.texture, origin: origin, size: size, reach: passes[k % 3], vertical: k >= 3,
        quad: used)
    }
    pool.give(b)
    return a
  }

  /// Binds `target` (texel (0, 0) at the device pixel `origin`), cleared whole, for the
  /// drawer.
  private func bind(_ target: GLOffscreenPool.Target, origin: (x: Int, y: Int)) {
    let gl = backend.context.gl
    gl.glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
    gl.glViewport(0, 0, GLsizei(target.width), GLsizei(target.height))
    gl.glScissor(0, 0, GLsizei(target.width), GLsizei(target.height))
    gl.glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    backend.drawer.begin(
      target: PixelRect(
        x0: origin.x, y0: origin.y, x1: origin.x + target.width, y1: origin.y + target.height))
  }
}

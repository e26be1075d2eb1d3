import CEGL
import Foundation
@_spi(Benchmarks) import LayerGraphics
import LayerKit

// A shadow's coverage made in an offscreen and blurred by the box passes on the GPU.
extension GLFrameWalk {
  /// The outline `bounds` (device coordinates, the layer's `inverse`) filled opaque into
  /// an offscreen whose texel (0, 0) is the device pixel `origin`, `size` texels used,
  /// and blurred (`blur`); nil when no offscreen can be made. Leaves another framebuffer
  /// bound (`bindTop(scissor:)` binds the walk's).
  func blurredCoverage(
    _ bounds: GLQuadDrawer.Shape, inverse: [Float], origin: (x: Int, y: Int),
    size: (width: Int, height: Int), sigma: Double
  ) -> GLOffscreenPool.Target? {
    guard let a = backend.offscreens.take(width: size.width, height: size.height) else {
      return nil
    }
    let used = PixelRect(
      x0: origin.x, y0: origin.y, x1: origin.x + size.width, y1: origin.y + size.height)
    bind(a, origin: origin)
    backend.drawer.fill(bounds, color: SIMD4(1, 1, 1, 1), inverse: inverse, quad: used)
    return blur(a, origin: origin, size: size, sigma: sigma)
  }

  /// The device path `path` less `offset` filled by LayerKit's rasterizer into a bitmap
  /// laid out as `ShadowCache.mask(for:sigma:)` lays it out (texel (0, 0) at the device
  /// pixel `origin`, `size` texels), uploaded into an offscreen and blurred (`blur`); nil
  /// when no bitmap or offscreen can be made. Counts the bytes uploaded.
  mutating func blurredPath(
    _ path: PathStorage, offset: (x: Int, y: Int), origin: (x: Int, y: Int),
    size: (width: Int, height: Int), sigma: Double
  ) -> GLOffscreenPool.Target? {
    let area = size.width * size.height
    guard area <= CGContext.maximumPixelCount,
      let ctx = CGContext(width: size.width, height: size.height),
      let a = backend.offscreens.take(width: size.width, height: size.height)
    else { return nil }
    var local = path
    for k in local.points.indices {
      local.points[k].x -= CGFloat(offset.x)
      local.points[k].y -= CGFloat(offset.y)
    }
    ctx.translateBy(x: CGFloat(offset.x - origin.x), y: CGFloat(offset.y - origin.y))
    ctx.addPath(CGPath(storage: local))
    ctx.setFillColor(.white)
    ctx.fillPath()
    backend.drawer.flush()
    let gl = backend.context.gl
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), a.texture)
    gl.glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(ctx.bytesPerRow / 4))
    gl.glTexSubImage2D(
      GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(size.width), GLsizei(size.height),
      GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), ctx.data)
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    uploadedBytes += area * 4
    return blur(a, origin: origin, size: size, sigma: sigma)
  }

  /// Node `i`'s body (background, content, sublayers and border, no shadow of its own,
  /// no mask) drawn opaque by this walk into an offscreen over the device pixels
  /// `region`, as `LayerCompositor.blurredContent` draws it, and blurred (`blur`); nil
  /// when no offscreen can be made.
  mutating func blurredContent(_ i: Int, region: PixelRect, sigma: Double)
    -> GLOffscreenPool.Target?
  {
    let outer = rect
    let parent = placed[i].parent
    let parentMap =
      parent >= 0
      ? placed[parent].map
      : ProjectiveTransform2D(
        m11: frame.scale, m12: 0, m13: 0, m21: 0, m22: frame.scale, m23: 0, m31: 0, m32: 0,
        m33: 1)
    guard let (a, _) = beginGroup(region, cut: false) else { return nil }
    let enclosing = (blendGroup, bodyClip)
    blendGroup = i
    bodyClip = region
    drawNode(i, parentMap: parentMap, alpha: 1, body: true)
    (blendGroup, bodyClip) = enclosing
    targets.removeLast()
    rect = outer
    return blur(
      a, origin: (region.x0, region.y0), size: (region.width, region.height), sigma: sigma)
  }

  /// Blurs the alpha of `a` (texel (0, 0) at the device pixel `origin`, `size` texels)
  /// by `GaussianBlur`'s recipe for `sigma`: three box passes along x, then three along y,
  /// between `a` and a second offscreen; the result lands in `a`.
  private func blur(
    _ a: GLOffscreenPool.Target, origin: (x: Int, y: Int), size: (width: Int, height: Int),
    sigma: Double
  ) -> GLOffscreenPool.Target {
    let pool = backend.offscreens
    let used = PixelRect(
      x0: origin.x, y0: origin.y, x1: origin.x + size.width, y1: origin.y + size.height)
    let passes = GaussianBlur.boxes(sigma: sigma)
    guard passes.count == 3, let b = pool.take(width: size.width, height: size.height) else {
      return a
    }
    // Three passes along x, then three along y, A → B → A …: the last lands in A.
    for k in 0..<6 {
      let (source, target) = k % 2 == 0 ? (a, b) : (b, a)
      bind(target, origin: origin)
      backend.drawer.boxPass(
        source.texture, origin: origin, size: size, reach: passes[k % 3], vertical: k >= 3,
        quad: used)
    }
    pool.give(b)
    return a
  }

  /// Binds `target` (texel (0, 0) at the device pixel `origin`), cleared whole, for the
  /// drawer.
  private func bind(_ target: GLOffscreenPool.Target, origin: (x: Int, y: Int)) {
    backend.drawer.flush()
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

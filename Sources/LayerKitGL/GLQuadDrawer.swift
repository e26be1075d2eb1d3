import CEGL
import Foundation
import LayerKit

/// Issues the backend's draw calls: one device-space rectangle per layer part through
/// ``GLLayerProgram``, with the part's inverse map, shape (and its outline), colour or
/// texture. Counts the draw calls.
final class GLQuadDrawer {
  /// One rounded rectangle in a layer's coordinates.
  struct Shape {
    var rect: CGRect
    /// Top-left, top-right, bottom-right, bottom-left, in points.
    var radii: SIMD4<Float>
    /// Its device-space outline, under an affine map (else coverage is computed
    /// analytically in the layer's plane).
    var outline: GLOutline? = nil
  }

  private let gl: GLFunctions
  private let program: GLLayerProgram
  /// Draw calls issued since the counter was last taken.
  private(set) var drawCalls = 0

  init(_ gl: GLFunctions, program: GLLayerProgram) {
    self.gl = gl
    self.program = program
  }

  /// Hands over the draw calls counted since the last call.
  func takeDrawCalls() -> Int {
    defer { drawCalls = 0 }
    return drawCalls
  }

  /// Binds the program for the target `target` (device pixels).
  func begin(target: PixelRect) {
    gl.glUseProgram(program.id)
    gl.glBindVertexArray(program.vertexArray)
    gl.glUniform1i(program.texture, 0)
    gl.glUniform1i(program.maskTexture, 1)
    gl.glUniform2f(program.viewport, Float(target.width), Float(target.height))
    gl.glUniform2f(program.origin, Float(target.x0), Float(target.y0))
  }

  /// The column-major 3×3 matrix of `m` as the shader reads it (`inv * vec3(d, 1)` with
  /// the row-vector map's rows as columns).
  static func matrix(_ m: ProjectiveTransform2D) -> [Float] {
    [m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33].map { Float($0) }
  }

  static func vector(_ r: CGRect) -> SIMD4<Float> {
    SIMD4(Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY))
  }

  /// Fills `shape` (or, with `inner`, the ring between it and `inner`) with the
  /// premultiplied `color`, over the device pixels `quad`.
  func fill(
    _ shape: Shape, inner: Shape? = nil, color: SIMD4<Float>, inverse: [Float], quad: PixelRect
  ) {
    setCommon(shape, inverse: inverse, quad: quad)
    setOutlines(shape.outline, inner: inner?.outline)
    gl.glUniform1i(program.mode, inner == nil ? 0 : 2)
    if let inner {
      let r = Self.vector(inner.rect)
      gl.glUniform4f(program.inner, r.x, r.y, r.z, r.w)
      gl.glUniform4f(program.innerRadii, inner.radii.x, inner.radii.y, inner.radii.z, inner.radii.w)
    }
    gl.glUniform4f(program.color, color.x, color.y, color.z, color.w)
    draw()
  }

  /// Draws texture `texture` filling the layer rectangle `textureRect`, shown inside
  /// `shape`, at `opacity`, over the device pixels `quad`; sampled `nearest` or
  /// bilinearly (``GLLayerShader``).
  ///
  /// `textureInverse` maps device pixels into the plane of `textureRect` (default
  /// `inverse`, the shape's: a layer's content); a device-space texture (an offscreen)
  /// passes the identity. With `filled` (`textureRect` as a shape, in the layer's plane),
  /// the coverage of `shape` is multiplied by that of `filled`: a nine-part patch. With
  /// `mip`, `texture` is a mip level and `mip.next` the next, mixed by `mip.weight`
  /// (0…255; trilinear minification).
  func texture(
    _ texture: GLuint, textureRect: CGRect, shape: Shape, opacity: Float, nearest: Bool,
    inverse: [Float], textureInverse: [Float]? = nil, filled: Shape? = nil,
    mip: (next: GLuint, weight: UInt32)? = nil, quad: PixelRect
  ) {
    setCommon(shape, inverse: inverse, quad: quad)
    var t = textureInverse ?? inverse
    gl.glUniformMatrix3fv(program.texInverse, 1, GLboolean(GL_FALSE), &t)
    setOutlines(shape.outline, inner: filled?.outline)
    if let filled {
      let r = Self.vector(filled.rect)
      gl.glUniform4f(program.inner, r.x, r.y, r.z, r.w)
      gl.glUniform4f(program.innerRadii, 0, 0, 0, 0)
    }
    gl.glUniform1i(program.mode, mip != nil ? 7 : filled == nil ? 1 : 6)
    if let mip {
      gl.glUniform1f(program.mipWeight, Float(mip.weight))
      gl.glActiveTexture(GLenum(GL_TEXTURE1))
      gl.glBindTexture(GLenum(GL_TEXTURE_2D), mip.next)
    }
    gl.glUniform4f(program.color, 0, 0, 0, opacity)
    let r = Self.vector(textureRect)
    gl.glUniform4f(program.texRect, r.x, r.y, r.z, r.w)
    gl.glUniform1i(program.sampling, nearest ? 0 : 1)
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    draw()
  }

  /// Composites the offscreen `group` through the offscreen `mask` (both with texel
  /// (0, 0) at the device pixel `origin`) over the device pixels `quad`: each pixel
  /// multiplied by the coverage `mode` takes from its mask pixel, then by `opacity`.
  func masked(
    _ group: GLuint, mask: GLuint, origin: (x: Int, y: Int), mode: LayerMaskMode,
    opacity: Float, quad: PixelRect
  ) {
    let box = CGRect(x: quad.x0, y: quad.y0, width: quad.width, height: quad.height)
    setCommon(Shape(rect: box, radii: .zero), inverse: Self.matrix(.identity), quad: quad)
    setOutlines(nil, inner: nil)
    gl.glUniform1i(program.mode, 3)
    gl.glUniform1i(program.maskMode, Self.maskModeBits(mode))
    gl.glUniform4f(program.color, 0, 0, 0, opacity)
    gl.glUniform4f(program.texRect, Float(origin.x), Float(origin.y), 0, 0)
    gl.glActiveTexture(GLenum(GL_TEXTURE1))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), mask)
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), group)
    draw()
  }

  /// Composites the offscreen `group` (texel (0, 0) at the device pixel `origin`) over
  /// the device pixels `quad`, each pixel's colour multiplied by `tint`'s red, green and
  /// blue bytes and the whole by its alpha byte (0…255; a replicator copy's tint times
  /// its opacity), rounded as `RowKernels.srcOverTintedRow` rounds.
  func tinted(_ group: GLuint, origin: (x: Int, y: Int), tint: SIMD4<Float>, quad: PixelRect) {
    let box = CGRect(x: quad.x0, y: quad.y0, width: quad.width, height: quad.height)
    setCommon(Shape(rect: box, radii: .zero), inverse: Self.matrix(.identity), quad: quad)
    setOutlines(nil, inner: nil)
    gl.glUniform1i(program.mode, 8)
    gl.glUniform4f(program.color, tint.x, tint.y, tint.z, tint.w)
    gl.glUniform4f(program.texRect, Float(origin.x), Float(origin.y), 0, 0)
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), group)
    draw()
  }

  /// One box pass (``GLLayerShader``) over the device pixels `quad`, reading the alpha
  /// of `source` (texel (0, 0) at device `origin`, `size` texels) from `reach.left` before
  /// to `reach.right` after each pixel, along y when `vertical`, else x.
  func boxPass(
    _ source: GLuint, origin: (x: Int, y: Int), size: (width: Int, height: Int),
    reach: (left: Int, right: Int), vertical: Bool, quad: PixelRect
  ) {
    setByteSource(source, origin: origin, size: size, quad: quad, mode: 4)
    gl.glUniform3i(program.box, GLint(reach.left), GLint(reach.right), vertical ? 1 : 0)
    draw()
  }

  /// The premultiplied colour `tint` (0…1, opacity applied) through the blurred coverage
  /// in the alpha of `mask` (texel (0, 0) at device `origin`, `size` texels), over the
  /// device pixels `quad`.
  func shadow(
    _ mask: GLuint, origin: (x: Int, y: Int), size: (width: Int, height: Int),
    tint: SIMD4<Float>, quad: PixelRect
  ) {
    setByteSource(mask, origin: origin, size: size, quad: quad, mode: 5)
    gl.glUniform4f(program.color, tint.x, tint.y, tint.z, tint.w)
    draw()
  }

  private func setByteSource(
    _ texture: GLuint, origin: (x: Int, y: Int), size: (width: Int, height: Int),
    quad: PixelRect, mode: GLint
  ) {
    let box = CGRect(x: quad.x0, y: quad.y0, width: quad.width, height: quad.height)
    setCommon(Shape(rect: box, radii: .zero), inverse: Self.matrix(.identity), quad: quad)
    setOutlines(nil, inner: nil)
    gl.glUniform1i(program.mode, mode)
    gl.glUniform4f(program.texRect, Float(origin.x), Float(origin.y), 0, 0)
    gl.glUniform2i(program.boxSize, GLint(size.width), GLint(size.height))
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), texture)
  }

  /// The shader's `uMaskMode` for `mode`: bit 0 inverse, bit 1 luminance (an unknown
  /// mode never reaches a layer; it reads as alpha).
  static func maskModeBits(_ mode: LayerMaskMode) -> GLint {
    (mode == .luminance || mode == .inverseLuminance ? 2 : 0)
      | (mode == .inverseAlpha || mode == .inverseLuminance ? 1 : 0)
  }

  /// Loads `outline` into outline slot `slot` of the shader's `uPoints` and `uInside`.
  private func setOutline(_ outline: GLOutline, slot: Int) {
    var packed = outline.points.flatMap { [$0.x, $0.y] }
    if packed.count % 4 != 0 { packed += [0, 0] }
    gl.glUniform4fv(program.outlines[slot], GLsizei(packed.count / 4), &packed)
    var box = [outline.inside.x, outline.inside.y, outline.inside.z, outline.inside.w]
    gl.glUniform4fv(program.insides[slot], 1, &box)
  }

  /// Sets the outline counts of the next draw: `shape`'s and `inner`'s (0 for none),
  /// loading their points.
  private func setOutlines(_ shape: GLOutline?, inner: GLOutline?) {
    if let shape { setOutline(shape, slot: 0) }
    if let inner { setOutline(inner, slot: 1) }
    gl.glUniform2i(
      program.counts, Int32(shape?.points.count ?? 0), Int32(inner?.points.count ?? 0))
  }

  private func setCommon(_ shape: Shape, inverse: [Float], quad: PixelRect) {
    var m = inverse
    gl.glUniformMatrix3fv(program.inverse, 1, GLboolean(GL_FALSE), &m)
    let r = Self.vector(shape.rect)
    gl.glUniform4f(program.rect, r.x, r.y, r.z, r.w)
    gl.glUniform4f(program.radii, shape.radii.x, shape.radii.y, shape.radii.z, shape.radii.w)
    gl.glUniform4f(
      program.quad, Float(quad.x0), Float(quad.y0), Float(quad.x1), Float(quad.y1))
  }

  private func draw() {
    gl.glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
    drawCalls += 1
  }
}

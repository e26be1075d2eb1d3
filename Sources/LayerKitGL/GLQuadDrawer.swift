import CEGL
import Foundation
import LayerKit

/// Issues the backend's draw calls: one device-space rectangle per layer part through
/// ``GLLayerProgram``, with the part's inverse map, shape, colour or texture and the
/// bounds clips it is under. Counts the draw calls.
final class GLQuadDrawer {
  /// A `masksToBounds` ancestor's rounded bounds, in its own plane.
  struct Clip {
    /// Device pixel → the clipping layer's points (``GLQuadDrawer/matrix(_:)``).
    var inverse: [Float]
    var rect: SIMD4<Float>
    var radii: SIMD4<Float>
    /// Its device-space outline, under an affine map (else the shader clips analytically
    /// in its plane).
    var outline: GLOutline?
  }

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
  /// The point counts of the clips' outlines set last (0: analytic).
  private var clipCounts: (Int32, Int32) = (0, 0)
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

  /// Binds the program for a `width × height` framebuffer.
  func begin(width: Int, height: Int) {
    gl.glUseProgram(program.id)
    gl.glBindVertexArray(program.vertexArray)
    gl.glUniform1i(program.texture, 0)
    gl.glUniform2f(program.viewport, Float(width), Float(height))
  }

  /// The column-major 3×3 matrix of `m` as the shader reads it (`inv * vec3(d, 1)` with
  /// the row-vector map's rows as columns).
  static func matrix(_ m: ProjectiveTransform2D) -> [Float] {
    [m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33].map { Float($0) }
  }

  /// The `Clip` of a layer's rounded bounds `shape` under `inverse` (device → layer).
  static func clip(_ shape: Shape, inverse: ProjectiveTransform2D) -> Clip {
    Clip(
      inverse: matrix(inverse), rect: vector(shape.rect), radii: shape.radii,
      outline: shape.outline)
  }

  static func vector(_ r: CGRect) -> SIMD4<Float> {
    SIMD4(Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY))
  }

  /// Sets the bounds clips the next draws are under.
  func setClips(_ clips: [Clip]) {
    gl.glUniform1i(program.clipCount, GLint(clips.count))
    clipCounts = (0, 0)
    guard !clips.isEmpty else { return }
    for (k, c) in clips.enumerated() {
      guard let o = c.outline else { continue }
      setOutline(o, slot: 2 + k)
      if k == 0 {
        clipCounts.0 = Int32(o.points.count)
      } else {
        clipCounts.1 = Int32(o.points.count)
      }
    }
    var m = clips.flatMap(\.inverse)
    var r = clips.flatMap { [$0.rect.x, $0.rect.y, $0.rect.z, $0.rect.w] }
    var k = clips.flatMap { [$0.radii.x, $0.radii.y, $0.radii.z, $0.radii.w] }
    gl.glUniformMatrix3fv(program.clipInverse, GLsizei(clips.count), GLboolean(GL_FALSE), &m)
    gl.glUniform4fv(program.clipRect, GLsizei(clips.count), &r)
    gl.glUniform4fv(program.clipRadii, GLsizei(clips.count), &k)
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
  func texture(
    _ texture: GLuint, textureRect: CGRect, shape: Shape, opacity: Float, nearest: Bool,
    inverse: [Float], quad: PixelRect
  ) {
    setCommon(shape, inverse: inverse, quad: quad)
    setOutlines(shape.outline, inner: nil)
    gl.glUniform1i(program.mode, 1)
    gl.glUniform4f(program.color, 0, 0, 0, opacity)
    let t = Self.vector(textureRect)
    gl.glUniform4f(program.texRect, t.x, t.y, t.z, t.w)
    gl.glUniform1i(program.sampling, nearest ? 0 : 1)
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    draw()
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
  /// loading their points, and the clips' from the last `setClips`.
  private func setOutlines(_ shape: GLOutline?, inner: GLOutline?) {
    if let shape { setOutline(shape, slot: 0) }
    if let inner { setOutline(inner, slot: 1) }
    gl.glUniform4i(
      program.counts, Int32(shape?.points.count ?? 0), Int32(inner?.points.count ?? 0),
      clipCounts.0, clipCounts.1)
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

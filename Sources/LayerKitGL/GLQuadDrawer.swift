import CEGL
import Foundation
import LayerKit

/// Draws the backend's layer parts through ``GLLayerProgram``, in batches: each part (one
/// device-space rectangle, with its inverse map, shape and outline, colour or texture) is
/// written as a record (``GLDrawRecord``) into its batch's record texture, and the parts
/// recorded since the last ``flush()`` go to the GPU as one instanced draw call. The
/// walk flushes before it changes any GL state the pending parts depend on; a part that
/// samples another texture than the batch's flushes it itself. Counts the draw calls and
/// the parts.
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
  /// The context the record texture and instance buffer live in: deleted only there.
  private let context: any GLDrawingContext
  /// Draw calls issued since the counter was last taken.
  private(set) var drawCalls = 0
  /// Draws recorded since the counter was last taken.
  private(set) var draws = 0

  /// The pending draws' records (``GLDrawRecord``), four floats a texel, in whole rows
  /// of ``GLLayerShader/recordWidth`` texels, from texel 0.
  private var records: [Float] = []
  /// Texels of `records` written.
  private var cursor = 0
  /// Record textures (RGBA32F, ``GLLayerShader/recordWidth`` wide): each batch of a frame
  /// gets the next one, its storage specified again with the batch's rows. A texture an
  /// issued draw may still read is never written: a driver would wait for that draw
  /// (Mesa's llvmpipe waits for the whole queued frame) before the upload.
  private var recordTextures: [GLuint] = []
  /// The record textures kept now.
  var recordTextureCount: Int { recordTextures.count }
  /// The next of `recordTextures` a batch takes, and the batches the frame has issued.
  private var nextRecordTexture = 0
  private var batchesThisFrame = 0
  /// The most record textures kept: a frame with more batches takes the pool's textures
  /// again from the first (a driver may then wait for the draws that read them).
  static let recordTexturePool = 32
  /// The most rows of records one batch takes (4 MiB); a batch is issued when full.
  static let recordRowsPerBatch = 256
  /// The per-instance buffer: each pending draw's first record texel.
  private var instanceBuffer: GLuint = 0
  /// The draws not yet issued: their first texels, in drawing order, and the textures
  /// they sample on units 0 and 1 (0 where none needs one yet).
  private var pending: [Int32] = []
  private var bound: (GLuint, GLuint) = (0, 0)
  /// The target's device rectangle (``begin(target:)``).
  private var target = PixelRect.empty

  init(_ context: any GLDrawingContext, program: GLLayerProgram) {
    self.context = context
    gl = context.gl
    self.program = program
    gl.glGenBuffers(1, &instanceBuffer)
    gl.glBindVertexArray(program.vertexArray)
    gl.glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
    gl.glEnableVertexAttribArray(0)
    gl.glVertexAttribIPointer(0, 1, GLenum(GL_INT), 0, nil)
    gl.glVertexAttribDivisor(0, 1)
    gl.glBindVertexArray(0)
    gl.glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
  }

  deinit {
    // Only in their own context (see `GLLayerProgram`'s deinit).
    guard context.makeCurrent() else { return }
    gl.glDeleteTextures(GLsizei(recordTextures.count), recordTextures)
    gl.glDeleteBuffers(1, &instanceBuffer)
  }

  /// Hands over the draw calls issued since the last call.
  func takeDrawCalls() -> Int {
    flush()
    defer { drawCalls = 0 }
    return drawCalls
  }

  /// Hands over the draws recorded since the last call.
  func takeDraws() -> Int {
    defer { draws = 0 }
    return draws
  }

  /// Starts a frame: its batches take the record textures from the first again (the last
  /// frame's draws are done, or the driver keeps what they read).
  func beginFrame() {
    flush()
    // Textures the last frame did not use are deleted: the pool holds what frames need.
    let used = min(batchesThisFrame, recordTextures.count)
    if used < recordTextures.count {
      let unused = Array(recordTextures[used...])
      gl.glDeleteTextures(GLsizei(unused.count), unused)
      recordTextures.removeSubrange(used...)
    }
    nextRecordTexture = 0
    batchesThisFrame = 0
  }

  /// Draws into the target whose device rectangle is `target` from now on (the caller
  /// binds its framebuffer after ``flush()``).
  func begin(target: PixelRect) {
    flush()
    self.target = target
  }

  /// Issues the pending draws as one instanced call. Called before any other GL work
  /// that could change what they draw into or read: a framebuffer, scissor, viewport or
  /// blend change, an upload, a copy or a read of the target.
  func flush() {
    guard !pending.isEmpty else { return }
    uploadRecords()
    gl.glUseProgram(program.id)
    gl.glBindVertexArray(program.vertexArray)
    gl.glUniform1i(program.texture, 0)
    gl.glUniform1i(program.maskTexture, 1)
    gl.glUniform1i(program.records, 2)
    gl.glUniform2f(program.viewport, Float(target.width), Float(target.height))
    gl.glUniform2f(program.origin, Float(target.x0), Float(target.y0))
    if bound.1 != 0 {
      gl.glActiveTexture(GLenum(GL_TEXTURE1))
      gl.glBindTexture(GLenum(GL_TEXTURE_2D), bound.1)
    }
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    if bound.0 != 0 { gl.glBindTexture(GLenum(GL_TEXTURE_2D), bound.0) }
    gl.glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
    pending.withUnsafeBytes { raw in
      gl.glBufferData(
        GLenum(GL_ARRAY_BUFFER), GLsizeiptr(raw.count), raw.baseAddress,
        GLenum(GL_STREAM_DRAW))
    }
    gl.glDrawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, GLsizei(pending.count))
    gl.glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
    drawCalls += 1
    pending.removeAll(keepingCapacity: true)
    bound = (0, 0)
  }

  /// Specifies the next record texture with the pending draws' records, bound to unit 2.
  private func uploadRecords() {
    let w = GLLayerShader.recordWidth
    let rows = (cursor + w - 1) / w
    if nextRecordTexture == Self.recordTexturePool { nextRecordTexture = 0 }
    if nextRecordTexture == recordTextures.count {
      var t: GLuint = 0
      gl.glGenTextures(1, &t)
      recordTextures.append(t)
    }
    gl.glActiveTexture(GLenum(GL_TEXTURE2))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), recordTextures[nextRecordTexture])
    nextRecordTexture += 1
    batchesThisFrame += 1
    gl.glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
    gl.glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
    gl.glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    // GL copies the rows before the call returns; the pointer is not kept.
    records.withUnsafeBufferPointer { p in
      gl.glTexImage2D(
        GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(w), GLsizei(rows), 0, GLenum(GL_RGBA),
        GLenum(GL_FLOAT), p.baseAddress)
    }
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    cursor = 0
  }

  /// Adds `record` to the pending draws, sampling `textures` (units 0 and 1; 0 for none):
  /// the pending draws are issued first when they sample other textures there.
  private func add(_ record: GLDrawRecord, textures: (GLuint, GLuint) = (0, 0)) {
    if (textures.0 != 0 && bound.0 != 0 && bound.0 != textures.0)
      || (textures.1 != 0 && bound.1 != 0 && bound.1 != textures.1)
    {
      flush()
    }
    let w = GLLayerShader.recordWidth
    let n = record.texels
    // A batch's records fill at most `recordRowsPerBatch` rows (fewer where the driver's
    // largest texture has fewer).
    if (cursor + n + w - 1) / w > min(Self.recordRowsPerBatch, context.maxTextureSize) {
      flush()
    }
    let needed = ((cursor + n + w - 1) / w) * w * 4
    if records.count < needed {
      records.append(contentsOf: repeatElement(0, count: needed - records.count))
    }
    record.write(into: &records, at: cursor)
    pending.append(Int32(cursor))
    cursor += n
    if textures.0 != 0 { bound.0 = textures.0 }
    if textures.1 != 0 { bound.1 = textures.1 }
    draws += 1
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
    var r = record(inner == nil ? 0 : 2, shape, inverse: inverse, quad: quad)
    if let inner {
      r.inner = Self.vector(inner.rect)
      r.innerRadii = inner.radii
      r.innerOutline = inner.outline
    }
    r.color = color
    add(r)
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
  /// (0…255; trilinear minification). `slot` is where the image lies on `texture` when
  /// that is an atlas page (``GLTextureAtlas``). With `clearOutside`, samples outside the
  /// image are transparent rather than its edge texels.
  func texture(
    _ texture: GLuint, slot: PixelRect? = nil, textureRect: CGRect, shape: Shape,
    opacity: Float, nearest: Bool, inverse: [Float], textureInverse: [Float]? = nil,
    filled: Shape? = nil, mip: (next: GLuint, weight: UInt32)? = nil, clearOutside: Bool = false,
    quad: PixelRect
  ) {
    var r = record(mip != nil ? 7 : filled == nil ? 1 : 6, shape, inverse: inverse, quad: quad)
    r.texInverse = textureInverse ?? inverse
    if let filled {
      r.inner = Self.vector(filled.rect)
      r.innerOutline = filled.outline
    }
    if let mip { r.mipWeight = Float(mip.weight) }
    r.color = SIMD4(0, 0, 0, opacity)
    r.texRect = Self.vector(textureRect)
    r.bilinear = !nearest
    r.slot = slot
    r.clearOutside = clearOutside
    add(r, textures: (texture, mip?.next ?? 0))
  }

  /// Composites the offscreen `group` through the offscreen `mask` (both with texel
  /// (0, 0) at the device pixel `origin`) over the device pixels `quad`: each pixel
  /// multiplied by the coverage `mode` takes from its mask pixel, then by `opacity`.
  func masked(
    _ group: GLuint, mask: GLuint, origin: (x: Int, y: Int), mode: LayerMaskMode,
    opacity: Float, quad: PixelRect
  ) {
    var r = deviceRecord(3, quad: quad)
    r.maskMode = Int(Self.maskModeBits(mode))
    r.color = SIMD4(0, 0, 0, opacity)
    r.texRect = SIMD4(Float(origin.x), Float(origin.y), 0, 0)
    add(r, textures: (group, mask))
  }

  /// Composites the offscreen `group` (texel (0, 0) at the device pixel `origin`) over
  /// the device pixels `quad`, each pixel's colour multiplied by `tint`'s red, green and
  /// blue bytes and the whole by its alpha byte (0…255; a replicator copy's tint times
  /// its opacity), rounded as `RowKernels.srcOverTintedRow` rounds.
  func tinted(_ group: GLuint, origin: (x: Int, y: Int), tint: SIMD4<Float>, quad: PixelRect) {
    var r = deviceRecord(8, quad: quad)
    r.color = tint
    r.texRect = SIMD4(Float(origin.x), Float(origin.y), 0, 0)
    add(r, textures: (group, 0))
  }

  /// One box pass (``GLLayerShader``) over the device pixels `quad`, reading the alpha
  /// of `source` (texel (0, 0) at device `origin`, `size` texels) from `reach.left` before
  /// to `reach.right` after each pixel, along y when `vertical`, else x.
  func boxPass(
    _ source: GLuint, origin: (x: Int, y: Int), size: (width: Int, height: Int),
    reach: (left: Int, right: Int), vertical: Bool, quad: PixelRect
  ) {
    var r = byteSource(4, origin: origin, size: size, quad: quad)
    r.box = (reach.left, reach.right, vertical ? 1 : 0)
    add(r, textures: (source, 0))
  }

  /// The premultiplied colour `tint` (0…1, opacity applied) through the blurred coverage
  /// in the alpha of `mask` (texel (0, 0) at device `origin`, `size` texels), over the
  /// device pixels `quad`.
  func shadow(
    _ mask: GLuint, origin: (x: Int, y: Int), size: (width: Int, height: Int),
    tint: SIMD4<Float>, quad: PixelRect
  ) {
    var r = byteSource(5, origin: origin, size: size, quad: quad)
    r.color = tint
    add(r, textures: (mask, 0))
  }

  private func byteSource(
    _ mode: Int, origin: (x: Int, y: Int), size: (width: Int, height: Int), quad: PixelRect
  ) -> GLDrawRecord {
    var r = deviceRecord(mode, quad: quad)
    r.texRect = SIMD4(Float(origin.x), Float(origin.y), 0, 0)
    r.boxSize = size
    return r
  }

  /// The shader's `rMaskMode` for `mode`: bit 0 inverse, bit 1 luminance (an unknown
  /// mode never reaches a layer; it reads as alpha).
  static func maskModeBits(_ mode: LayerMaskMode) -> GLint {
    (mode == .luminance || mode == .inverseLuminance ? 2 : 0)
      | (mode == .inverseAlpha || mode == .inverseLuminance ? 1 : 0)
  }

  /// A record of `mode` drawing `shape` under `inverse` over `quad`.
  private func record(_ mode: Int, _ shape: Shape, inverse: [Float], quad: PixelRect)
    -> GLDrawRecord
  {
    var r = GLDrawRecord(mode: mode, inverse: inverse, quad: quad)
    r.rect = Self.vector(shape.rect)
    r.radii = shape.radii
    r.outline = shape.outline
    return r
  }

  /// A record of `mode` over the device rectangle `quad`, in device space.
  private func deviceRecord(_ mode: Int, quad: PixelRect) -> GLDrawRecord {
    let box = CGRect(x: quad.x0, y: quad.y0, width: quad.width, height: quad.height)
    return record(
      mode, Shape(rect: box, radii: .zero), inverse: Self.matrix(.identity), quad: quad)
  }
}

import CEGL
import Foundation
import LayerKit

// The framebuffer texture as the frame's home: what a window's presenter draws from when
// frames are not read back, what the CPU compositor's whole frames are uploaded into, and
// what `readPixels()` reads when asked.
extension GLRenderBackend {
  /// The framebuffer object and texture that hold the last frame, for a presenter on the
  /// same context to draw from (`glBlitFramebuffer` from ``framebuffer``, or a quad
  /// sampling ``texture``).
  ///
  /// Texture row 0 is the frame's top row (a bitmap's order); the default framebuffer's
  /// row 0 is the bottom, so drawing it into a window flips it.
  public struct FrameTarget: Sendable, Equatable {
    /// The framebuffer object with ``texture`` as its colour attachment.
    public var framebuffer: UInt32
    /// The RGBA8 texture, premultiplied.
    public var texture: UInt32
    /// Its size in pixels, the frame's.
    public var width: Int
    public var height: Int
  }

  /// The texture holding the whole of the last frame, or nil: no frame yet, or the last
  /// one was too large for a texture (the CPU compositor drew it into the bitmap).
  public var frameTarget: FrameTarget? {
    guard holdsFrame, framebuffer != 0 else { return nil }
    return FrameTarget(
      framebuffer: framebuffer, texture: colorTexture, width: size.width, height: size.height)
  }

  /// Reads the last frame from the framebuffer texture (premultiplied, top row first):
  /// for screenshots, export and tests of a backend whose frames are not read back.
  ///
  /// - Returns: nil when no texture holds the frame (``frameTarget``) or the context is
  ///   not current.
  public func readPixels() -> CGImage? {
    context.exclusively { readFrame() }
  }

  private func readFrame() -> CGImage? {
    guard let target = frameTarget, context.makeCurrent() else { return nil }
    let gl = context.gl
    var bytes = [UInt8](repeating: 0, count: target.width * target.height * 4)
    gl.glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
    gl.glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
    bytes.withUnsafeMutableBytes { raw in
      gl.glReadPixels(
        0, 0, GLsizei(target.width), GLsizei(target.height), GLenum(GL_RGBA),
        GLenum(GL_UNSIGNED_BYTE), raw.baseAddress)
    }
    bytesReadBack += bytes.count
    return CGImage(width: target.width, height: target.height, premultipliedRGBA: bytes)
  }

  /// A frame the CPU compositor draws whole (blend modes, emitters): into `target`, as
  /// always; when frames are not read back, its damage is then uploaded into the
  /// framebuffer texture so that the texture holds the frame.
  func drawOnCPU(_ frame: RenderFrame, into target: CGContext, stats: inout FrameStatistics)
    -> Int
  {
    guard !readsBackFrames else { return cpu.draw(frame, into: target) }
    do {
      try ensureFramebuffer(width: frame.width, height: frame.height)
    } catch {
      CADiagnostics.report(key: "gl", "\(error); the CPU compositor drew the frame")
      return drawWithoutTexture(frame, into: target)
    }
    let bands = cpu.draw(frame, into: target)
    stats.uploadedBytes = upload(frame.damage, of: target)
    holdsFrame = true
    return bands
  }

  /// A frame no texture can hold (too large, or the context not current): the CPU
  /// compositor draws it into `target`, all of it when frames are not read back (the
  /// bitmap was not kept up to date), and ``frameTarget`` is nil until a texture holds a
  /// frame again.
  func drawWithoutTexture(_ frame: RenderFrame, into target: CGContext) -> Int {
    holdsFrame = false
    guard !readsBackFrames else { return cpu.draw(frame, into: target) }
    var whole = frame
    whole.damage = [PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height)]
    return cpu.draw(whole, into: target)
  }

  /// Uploads the rectangles `damage` of `source` into the framebuffer texture (rows in the
  /// same order).
  ///
  /// - Returns: the bytes uploaded.
  private func upload(_ damage: [PixelRect], of source: CGContext) -> Int {
    let gl = context.gl
    let surface = RenderSurface(wrapping: source)
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), colorTexture)
    gl.glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(surface.stride))
    defer { gl.glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0) }
    return forEachRectangle(of: damage, in: surface) { rect, pixels in
      gl.glTexSubImage2D(
        GLenum(GL_TEXTURE_2D), 0, GLint(rect.x0), GLint(rect.y0), GLsizei(rect.width),
        GLsizei(rect.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
    }
  }

  /// Calls `body` with each rectangle of `damage` clipped to `surface` and to the
  /// framebuffer, and the surface's pixel at its top-left corner (the surface's rows are
  /// the framebuffer's, `GL_*_ROW_LENGTH` set to its stride by the caller).
  ///
  /// - Returns: the bytes the rectangles cover.
  func forEachRectangle(
    of damage: [PixelRect], in surface: RenderSurface,
    _ body: (PixelRect, UnsafeMutablePointer<UInt32>) -> Void
  ) -> Int {
    let frame = PixelRect(x0: 0, y0: 0, x1: size.width, y1: size.height)
    var bytes = 0
    for r in damage {
      let rect = r.intersection(surface.rect).intersection(frame)
      guard !rect.isEmpty else { continue }
      body(rect, surface.pixel(x: rect.x0, y: rect.y0))
      bytes += rect.width * rect.height * 4
    }
    return bytes
  }
}

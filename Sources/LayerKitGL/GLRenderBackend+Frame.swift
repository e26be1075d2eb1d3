import CEGL
import Foundation
import LayerKit

// One frame: the damaged rectangles cleared, drawn and read back (unless the frame stays
// on the GPU for a window's presenter, `readsBackFrames` off).
extension GLRenderBackend: RenderBackend {
  @discardableResult
  package func draw(_ frame: RenderFrame, into target: CGContext) -> Int {
    context.exclusively { drawFrame(frame, into: target) }
  }

  private func drawFrame(_ frame: RenderFrame, into target: CGContext) -> Int {
    frameNumber += 1
    var stats = FrameStatistics()
    defer { lastFrame = stats }
    guard context.makeCurrent() else {
      CADiagnostics.report(
        key: "gl", "\(GLError.contextNotCurrent); the CPU compositor drew the frame")
      stats.cpuFrame = true
      return drawWithoutTexture(frame, into: target)
    }
    if Self.needsCPUFrame(frame.tree) {
      stats.cpuFrame = true
      return drawOnCPU(frame, into: target, stats: &stats)
    }
    do {
      try ensureFramebuffer(width: frame.width, height: frame.height)
    } catch {
      CADiagnostics.report(key: "gl", "\(error); the CPU compositor drew the frame")
      stats.cpuFrame = true
      return drawWithoutTexture(frame, into: target)
    }
    let gl = context.gl
    textures.beginFrame(frameNumber, newestStamp: frame.tree.newestStamp)
    shadows.beginFrame(frameNumber, newestStamp: frame.tree.newestStamp)
    var query: GLuint = 0
    if context.hasTimerQueries {
      gl.glGenQueries(1, &query)
      gl.glBeginQuery(GLenum(GL_TIME_ELAPSED_EXT), query)
    }
    gl.glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    gl.glViewport(0, 0, GLsizei(frame.width), GLsizei(frame.height))
    gl.glEnable(GLenum(GL_BLEND))
    gl.glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    gl.glEnable(GLenum(GL_SCISSOR_TEST))
    gl.glClearColor(0, 0, 0, 0)
    drawer.beginFrame()
    drawer.begin(target: PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height))
    var walk = GLFrameWalk(backend: self, frame: frame)
    for r in frame.damage {
      let rect = r.intersection(PixelRect(x0: 0, y0: 0, x1: frame.width, y1: frame.height))
      guard !rect.isEmpty else { continue }
      drawer.flush()
      gl.glScissor(GLint(rect.x0), GLint(rect.y0), GLsizei(rect.width), GLsizei(rect.height))
      gl.glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
      walk.draw(in: rect)
    }
    drawer.flush()
    if context.hasTimerQueries { gl.glEndQuery(GLenum(GL_TIME_ELAPSED_EXT)) }
    if readsBackFrames {
      stats.readBackBytes = readBack(frame.damage, into: target)
    }
    holdsFrame = true
    if context.hasTimerQueries, let get = context.gl.glGetQueryObjectui64vEXT {
      var ns: GLuint64 = 0
      get(query, GLenum(GL_QUERY_RESULT), &ns)
      gl.glDeleteQueries(1, &query)
      stats.gpuSeconds = Double(ns) / 1e9
    }
    gl.glDisable(GLenum(GL_SCISSOR_TEST))
    if rasterizes.now || rasterizes.before { rasterizer.endRasterizedFrame() }
    rasterizes = (false, rasterizes.now)
    shadows.endFrame()
    offscreens.trim()
    stats.cpuSubtrees = walk.cpuSubtrees
    let blends = blender.takeDrawCalls()
    stats.drawCalls = drawer.takeDrawCalls() + blends
    stats.draws = drawer.takeDraws() + blends
    stats.uploadedBytes = textures.takeUploadedBytes() + walk.uploadedBytes
    return 1
  }

  package var bitmapCounts: (drawn: Int, reused: Int) {
    let a = cpu.bitmapCounts
    return (a.drawn + compositor.bitmapsDrawn, a.reused + compositor.bitmapsReused)
  }

  package func takeMissedTiles() -> [MissedTile] {
    cpu.takeMissedTiles() + compositor.takeMissedTiles()
  }

  /// Whether the CPU compositor draws `tree` whole: emitter particles reach past their
  /// layer's extent, which a texture of one subtree cannot hold.
  static func needsCPUFrame(_ tree: RenderTree) -> Bool { tree.hasParticles }

  /// Reads the damaged rectangles of the framebuffer into `target`'s bitmap (its rows are
  /// the framebuffer's: row 0 is the top of the frame).
  ///
  /// - Returns: the bytes read.
  private func readBack(_ damage: [PixelRect], into target: CGContext) -> Int {
    let gl = context.gl
    let surface = RenderSurface(wrapping: target)
    gl.glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
    gl.glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(surface.stride))
    let bytes = forEachRectangle(of: damage, in: surface) { rect, pixels in
      gl.glReadPixels(
        GLint(rect.x0), GLint(rect.y0), GLsizei(rect.width), GLsizei(rect.height),
        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
    }
    gl.glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
    bytesReadBack += bytes
    return bytes
  }
}

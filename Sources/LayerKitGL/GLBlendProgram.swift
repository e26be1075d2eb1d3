import CEGL
import Foundation
import LayerKit

/// The blend-mode programs (``GLBlendShader``, one per formula family), compiled and
/// linked when the backend is made, never again; and the pass that blends a group onto
/// its backdrop with one of them.
final class GLBlendProgram {
  /// One linked family with its uniform locations.
  private struct Linked {
    let id: GLuint
    let quad, viewport, origin, sourceOrigin, source, backdrop, mode: GLint
  }

  private let gl: GLFunctions
  /// The context the programs live in: they are deleted only there.
  private let context: any GLDrawingContext
  private let programs: [Linked]
  /// The programs' names, one per family.
  var programIDs: [GLuint] { programs.map(\.id) }
  /// The empty vertex array the quads are drawn with (desktop core profiles need one).
  private var vertexArray: GLuint = 0
  /// Shader stages compiled and programs linked to make them (two stages and a link per
  /// family: 9).
  let compiles: Int
  /// Draw calls issued since the counter was last taken.
  private(set) var drawCalls = 0

  /// Compiles and links every family; `version` is
  /// the GLSL `#version` ("300 es" for the backend; "330 core" to check the same sources
  /// on desktop GL).
  init(
    _ context: any GLDrawingContext, version: String = "300 es"
  ) throws(GLError) {
    self.context = context
    let gl = context.gl
    self.gl = gl
    var linked: [Linked] = []
    for family in GLBlendShader.Family.allCases {
      let p: GLuint
      do {
        p = try GLLayerProgram.link(
          gl, vertex: GLLayerShader.quadVertex(version: version),
          fragment: GLBlendShader.fragment(family, version: version), name: "blend\(family)")
      } catch {
        for l in linked { gl.glDeleteProgram(l.id) }
        throw error
      }
      func at(_ name: String) -> GLint { gl.glGetUniformLocation(p, name) }
      linked.append(
        Linked(
          id: p, quad: at("uQuad"), viewport: at("uViewport"), origin: at("uOrigin"),
          sourceOrigin: at("uSourceOrigin"), source: at("uSource"), backdrop: at("uBackdrop"),
          mode: at("uMode")))
    }
    programs = linked
    compiles = 3 * linked.count
    gl.glGenVertexArrays(1, &vertexArray)
  }

  deinit {
    // Only in the programs' own context (see `GLLayerProgram`'s deinit).
    guard context.makeCurrent() else { return }
    for p in programs { gl.glDeleteProgram(p.id) }
    gl.glDeleteVertexArrays(1, &vertexArray)
  }

  /// Hands over the draw calls counted since the last call.
  func takeDrawCalls() -> Int {
    defer { drawCalls = 0 }
    return drawCalls
  }

  /// Writes `mode`'s blend of `source` (the group) onto `backdrop` (a copy of the target's
  /// pixels behind it), both offscreens with texel (0, 0) at the device pixel `origin`,
  /// into the device pixels `quad` of the bound target, which covers `target`. Blending
  /// is turned off for the pass and on again after it; the layer program is unbound.
  func blend(
    _ source: GLuint, backdrop: GLuint, origin: (x: Int, y: Int), mode: CGBlendMode,
    quad: PixelRect, target: PixelRect
  ) {
    guard let (family, m) = GLBlendShader.program(for: mode), !quad.isEmpty else { return }
    let p = programs[family.rawValue]
    gl.glUseProgram(p.id)
    gl.glBindVertexArray(vertexArray)
    gl.glUniform4f(p.quad, Float(quad.x0), Float(quad.y0), Float(quad.x1), Float(quad.y1))
    gl.glUniform2f(p.viewport, Float(target.width), Float(target.height))
    gl.glUniform2f(p.origin, Float(target.x0), Float(target.y0))
    gl.glUniform2f(p.sourceOrigin, Float(origin.x), Float(origin.y))
    gl.glUniform1i(p.source, 0)
    gl.glUniform1i(p.backdrop, 1)
    gl.glUniform1i(p.mode, m)
    gl.glActiveTexture(GLenum(GL_TEXTURE1))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), backdrop)
    gl.glActiveTexture(GLenum(GL_TEXTURE0))
    gl.glBindTexture(GLenum(GL_TEXTURE_2D), source)
    gl.glDisable(GLenum(GL_BLEND))
    gl.glDrawArrays(GLenum(GL_TRIANGLES), 0, 6)
    gl.glEnable(GLenum(GL_BLEND))
    drawCalls += 1
  }
}

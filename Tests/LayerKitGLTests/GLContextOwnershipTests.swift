import CEGL
import Foundation
import LayerKit
import Testing

@testable import LayerKitGL

/// GL object names belong to one context: a program, a texture or an offscreen target
/// is deleted only while its own context is current. Released where it cannot be made
/// current (a window's context on another thread), it is left to go with its context
/// rather than deleting whatever objects of another context bear the same names.
@Suite struct GLContextOwnershipTests {
  /// A real context whose `makeCurrent()` can be made to answer "not here".
  private final class SwitchableContext: GLDrawingContext {
    let base: GLHeadlessContext
    var reachable = true
    init(_ base: GLHeadlessContext) { self.base = base }
    var gl: GLFunctions { base.gl }
    var driver: GLDriverInfo { base.driver }
    var platform: String { base.platform }
    func makeCurrent() -> Bool { reachable && base.makeCurrent() }
  }

  /// Whether `id` names a program in the context current on this thread.
  private func isProgram(_ id: GLuint, _ gl: GLFunctions) -> Bool {
    _ = gl.glGetError()
    var status: GLint = -1
    gl.glGetProgramiv(id, GLenum(GL_LINK_STATUS), &status)
    return gl.glGetError() == GLenum(GL_NO_ERROR)
  }

  @Test func programsAreDeletedOnlyWhereTheirContextIsCurrent() throws {
    let base = try GLHeadlessContext(library: GLLibrary())
    let context = SwitchableContext(base)
    let gl = base.gl

    var kept: GLLayerProgram? = try GLLayerProgram(context)
    var keptBlend: GLBlendProgram? = try GLBlendProgram(context, layer: kept!)
    let keptIDs = [kept!.id] + keptBlend!.programIDs
    context.reachable = false
    keptBlend = nil
    kept = nil
    base.makeCurrent()
    for id in keptIDs { #expect(isProgram(id, gl), "program \(id) was deleted") }

    context.reachable = true
    var gone: GLLayerProgram? = try GLLayerProgram(context)
    let goneID = gone!.id
    gone = nil
    #expect(!isProgram(goneID, gl))
  }
}

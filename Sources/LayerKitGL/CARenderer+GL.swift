import Foundation
import LayerKit

extension CARenderer {
  /// Which backend turns a renderer's frames into pixels.
  public enum Backend: String, Sendable, CaseIterable {
    /// LayerKit's CPU compositor (the reference).
    case cpu
    /// ``GLRenderBackend``: layers composited on the GPU through OpenGL ES 3.0.
    case gl
  }

  /// Creates a renderer for `context`'s tree that draws through `backend`.
  public convenience init(context: CAContext, backend: GLRenderBackend) {
    self.init(context: context, backend: backend as any RenderBackend)
  }

  /// A renderer for `context`'s tree drawing through `choice`: for `.gl`, a new
  /// ``GLRenderBackend`` when GL can be loaded, else the CPU compositor with one
  /// diagnostic saying why.
  public static func make(context: CAContext, backend choice: Backend) -> CARenderer {
    guard choice == .gl else { return CARenderer(context: context) }
    do {
      return CARenderer(context: context, backend: try GLRenderBackend())
    } catch {
      CADiagnostics.report(key: "gl", "\(error); drawing with the CPU compositor")
      return CARenderer(context: context)
    }
  }

  /// The renderer's GL backend, when it draws through one.
  public var glBackend: GLRenderBackend? { backend as? GLRenderBackend }
}

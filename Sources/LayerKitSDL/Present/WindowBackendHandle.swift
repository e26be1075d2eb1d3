import Foundation
import LayerKit
import LayerKitGL

/// The render server's handle on the `GLRenderBackend` a ``WindowServerPresenter`` made on
/// the window's context.
///
/// The server keeps its backend until it is itself released, on whichever thread that
/// happens; the window's context is current only on the render thread, and only until
/// that thread ends. So the server holds this handle, and the presenter holds the backend
/// and lets it go on the render thread at its end, with the context current. Every call
/// comes from the render thread.
final class WindowBackendHandle: RenderBackend {
  private weak var presenter: WindowServerPresenter?

  init(_ presenter: WindowServerPresenter) { self.presenter = presenter }

  @discardableResult
  func draw(_ frame: RenderFrame, into target: CGContext) -> Int {
    // After the render thread ended there is nothing to draw with, and no frame to draw.
    presenter?.directBackend?.draw(frame, into: target) ?? 1
  }

  var bitmapCounts: (drawn: Int, reused: Int) {
    presenter?.directBackend?.bitmapCounts ?? (0, 0)
  }

  func takeMissedTiles() -> [MissedTile] { presenter?.directBackend?.takeMissedTiles() ?? [] }
}

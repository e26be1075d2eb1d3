/// The stages of one frame on the thread of a layer tree, in the order they run.
///
/// ```
/// transaction flush → tree commit → evaluation (callbacks at its end)
///   → layout → display (contents, visible tiles) → build → damage → composite
/// ```
///
/// Each stage reads what the stages before it produced. User code (`layoutSublayers`,
/// `display`, `draw(in:)`, delegates, completion blocks, display links) runs only up to
/// the display stage; the build and the compositing only read what it produced.
/// `CARenderer.stage` says which one runs now (tests read it from a delegate).
package enum FrameStage: Sendable, Equatable {
  /// No frame of the renderer is under way.
  case idle
  /// The context's presentation is evaluated at the frame's time; animation delegates,
  /// completion blocks of finished transactions run at its end.
  case evaluation
  /// `layoutIfNeeded()` from the root: `layoutSublayers(of:)`.
  case layout
  /// Layers marked as needing display run `display()` / `draw(in:)`; the visible tiles
  /// of tiled layers are drawn.
  case display
  /// The render tree is built from the layers (read only).
  case build
  /// The render tree is composited (read only; possibly in bands on other threads).
  case composite
}

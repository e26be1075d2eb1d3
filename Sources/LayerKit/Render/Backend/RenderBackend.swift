import Foundation

/// What turns a frame into pixels: the CPU compositor (`CPURenderBackend`), or any later
/// backend (one that composites per-layer textures on a GPU).
///
/// A renderer hands a backend each frame as data (`RenderFrame`): the immutable render
/// tree, the frame's placement (`RenderPlacement`: every node's map into device pixels,
/// effective opacity, clip, extent, offscreen decisions and the depth order of transform
/// layers' sublayers, computed once per frame) and the damage (the device rectangles to
/// redraw). The backend reads only these: it runs no user code and never touches a
/// `CALayer`. What a backend keeps between frames (cached bitmaps, textures) is its own.
///
/// ```
/// snapshot (RenderTree) ─► placement (RenderPlacement) ─► damage (DamageTracker)
///                                     │                         │
///                                     └──────► backend ◄────────┘
/// ```
///
/// A backend belongs to one renderer and is called on its thread; it may fan its own
/// work out over cores.
package protocol RenderBackend: AnyObject {
  /// Draws `frame` into `target` (a bitmap of `frame.width × frame.height` pixels whose
  /// contents persist between frames): clears each rectangle of `frame.damage` to
  /// transparent and draws the tree inside it, leaving every other pixel as it was.
  ///
  /// - Returns: the most threads (bands) one rectangle was drawn on.
  @discardableResult
  func draw(_ frame: RenderFrame, into target: CGContext) -> Int

  /// Layer bitmaps (rasterized layers, layers under perspective, content-shaped shadows)
  /// drawn and reused so far, for `CARenderer.FrameStatistics`; zeros for a backend that
  /// keeps none.
  var bitmapCounts: (drawn: Int, reused: Int) { get }

  /// The `CATiledLayer` tiles the frames drawn since the last call needed but found
  /// missing from their layers' caches (each drawn as nothing, as `CATiledLayer` shows a
  /// tile not drawn yet); the renderer's display stage draws them before the next frame.
  /// Taking them empties the list.
  func takeMissedTiles() -> [MissedTile]
}

import Foundation
import LayerKitTestSupport
import LayerKitTesting
import Testing

@testable import LayerKit

/// The display stage places tiled layers and looks up their visible tiles only when
/// something those tiles follow from moved: a frame with no change skips the pass, and
/// every kind of change (a superlayer's geometry, an animation, the tile size, the
/// viewport) brings it back, with the tiles the frame shows drawn in that same frame.
@Suite struct TilePassTests {
  typealias F = RenderFixtures

  /// The tiled scene of `CATiledLayerTests` in a context on a manual clock, committed,
  /// and a renderer of that context.
  private func committedScene() -> (
    context: CAContext, renderer: CARenderer, window: CALayer, tiled: CATiledLayer,
    recorder: CATiledLayerTests.TileRecorder
  ) {
    let (root, window, tiled, recorder) = CATiledLayerTests.scene()
    let context = CAContext(clock: CAManualClock())
    context.layer = root
    context.commit()
    return (context, CARenderer(context: context), window, tiled, recorder)
  }

  /// Draws one frame after `seconds` into a fresh 200 × 120 image; returns the tile
  /// passes the renderer made so far and the image.
  private func frame(
    _ context: CAContext, _ renderer: CARenderer, after seconds: Double = 1.0 / 60
  ) -> (passes: Int, image: CGImage) {
    context.advance(by: seconds)
    let image = renderer.render(width: 200, height: 120, scale: 1)
    return (renderer.tilePasses, image)
  }

  @Test func framesWithNoChangeSkipThePass() {
    let (context, renderer, _, _, recorder) = committedScene()
    #expect(frame(context, renderer).passes == 1)
    let drawn = recorder.tiles.count
    // Drawing the tiles moved the tree's render stamps: one more pass confirms them.
    let settled = frame(context, renderer).passes
    for _ in 0..<5 { #expect(frame(context, renderer).passes == settled) }
    #expect(recorder.tiles.count == drawn)
  }

  @Test func aMovedSuperlayerBringsThePassBackWithItsTilesDrawnAtOnce() throws {
    let (context, renderer, window, tiled, recorder) = committedScene()
    for _ in 0..<3 { _ = frame(context, renderer) }
    let before = renderer.tilePasses
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    tiled.position = CGPoint(x: -300, y: -200)  // shows tiles not drawn yet
    CATransaction.commit()
    let drawn = recorder.tiles.count
    let (passes, image) = frame(context, renderer)
    #expect(passes == before + 1)
    #expect(recorder.tiles.count > drawn)
    // The frame shows the new tiles, as a renderer built afresh draws them.
    let fresh = CARenderer(context: context).render(width: 200, height: 120, scale: 1)
    #expect(image.pixels == fresh.pixels)
    #expect(window.sublayers?.first === tiled)
  }

  @Test func anAnimationRunsThePassEveryFrame() {
    let (context, renderer, _, tiled, _) = committedScene()
    for _ in 0..<3 { _ = frame(context, renderer) }
    let move = CABasicAnimation(keyPath: "position")
    move.fromValue = CGPoint.zero
    move.toValue = CGPoint(x: -400, y: -300)
    move.duration = 1
    tiled.add(move, forKey: "move")
    let start = renderer.tilePasses
    for k in 1...5 {
      let (passes, image) = frame(context, renderer, after: 0.1)
      #expect(passes >= start + k)
      let fresh = CARenderer(context: context).render(width: 200, height: 120, scale: 1)
      #expect(image.pixels == fresh.pixels, "frame \(k)")
    }
  }

  /// An animation that moves nothing on the way to the tiled layer (another layer's, or
  /// one held at its end value) leaves the pass skipped.
  @Test func animationsOffThePathOrHeldSkipThePass() {
    let (context, renderer, window, tiled, _) = committedScene()
    let other = CALayer()
    other.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    window.superlayer?.addSublayer(other)
    let spin = CABasicAnimation(keyPath: "opacity")
    spin.fromValue = 0
    spin.toValue = 1
    spin.duration = 10
    other.add(spin, forKey: "fade")
    let held = CABasicAnimation(keyPath: "position")
    held.fromValue = CGPoint(x: -10, y: -10)
    held.toValue = CGPoint(x: -20, y: -20)
    held.duration = 0.05
    held.fillMode = .forwards
    held.isRemovedOnCompletion = false
    tiled.add(held, forKey: "held")
    for _ in 0..<4 { _ = frame(context, renderer) }  // the held animation ends
    let settled = frame(context, renderer).passes
    for _ in 0..<5 { #expect(frame(context, renderer).passes == settled) }
    #expect(context.evaluatedAnimations > 0)
  }

  @Test func aNewTileSizeRedrawsInTheSameFrame() {
    let (context, renderer, _, tiled, recorder) = committedScene()
    for _ in 0..<3 { _ = frame(context, renderer) }
    tiled.tileSize = CGSize(width: 32, height: 32)
    recorder.tiles.removeAll()
    let (_, image) = frame(context, renderer)
    #expect(!recorder.tiles.isEmpty)
    #expect(recorder.tiles.allSatisfy { abs($0.width - 32) < 1e-6 })
    let fresh = CARenderer(context: context).render(width: 200, height: 120, scale: 1)
    #expect(image.pixels == fresh.pixels)
  }

  @Test func anotherViewportRunsThePass() {
    let (context, renderer, _, _, _) = committedScene()
    for _ in 0..<3 { _ = frame(context, renderer) }
    let before = renderer.tilePasses
    context.advance(by: 1.0 / 60)
    _ = renderer.render(width: 200, height: 120, scale: 2)
    #expect(renderer.tilePasses == before + 1)
  }
}

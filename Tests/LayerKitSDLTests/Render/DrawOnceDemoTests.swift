import Foundation
import LayerKit
import LayerKitDemos
import Testing

/// The demos whose frames only move, turn and fade kept bitmaps draw no content after
/// their first frame: every later frame re-composites.
@Suite struct DrawOnceDemoTests {
  /// Plays `scene` for `frames` frames at 60 fps at 2× and returns the renderer, having
  /// checked each frame after the first with `check`.
  func play(
    _ scene: any DemoScene.Type, frames: Int,
    check: (CARenderer.FrameStatistics, LayerCompositor) -> Void
  ) throws {
    SceneRenderer.installFonts()
    let (clock, driver) = SceneDriver.onManualClock(scene, size: CGSize(width: 640, height: 360))
    let context = driver.context
    let renderer = CARenderer(context: context)
    renderer.bands.bandLimit = 1
    let bitmap = try #require(CGContext(width: 1280, height: 720))
    for k in 0..<frames {
      if k > 0 { clock.advance(by: 1.0 / 60) }
      driver.tick()
      context.commit()
      renderer.render(in: bitmap, scale: 2)
      if k > 0 { check(renderer.lastFrameStatistics, renderer.compositor) }
    }
  }

  @Test func swayingRasterizedCardsRedrawNoBitmap() throws {
    try play(RasterizedCardsScene.self, frames: 12) { stats, _ in
      // The two rasterized cards are re-composited, never redrawn.
      #expect(stats.bitmapsDrawn == 0)
      #expect(stats.bitmapsReused >= 2)
    }
  }

  @Test func aLiftingContentShapedShadowIsBlurredOnce() throws {
    try play(ShadowCornersScene.self, frames: 12) { stats, _ in
      #expect(stats.damagedPixels > 0)
      #expect(stats.bitmapsDrawn == 0)
    }
  }

  @Test func aSpinningCarouselRedrawsOnlyWhenACardNeedsAnotherResolution() throws {
    var drawn = 0
    var reused = 0
    try play(ReplicatorCarouselScene.self, frames: 12) { stats, _ in
      drawn += stats.bitmapsDrawn
      reused += stats.bitmapsReused
    }
    // Sixteen cards over eleven frames: nearly all of them re-warped as they were.
    #expect(reused >= 11 * 12)
    #expect(drawn * 10 <= reused)
  }
}

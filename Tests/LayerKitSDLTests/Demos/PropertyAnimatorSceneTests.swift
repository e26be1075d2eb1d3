import Foundation
import LayerKit
import LayerKitDemos
import Testing

/// The property-animator demo driven by pointer events on a manual clock.
@Suite struct PropertyAnimatorSceneTests {
  /// The card's centre x on screen (the canvas fills the 960 × 540 root at scale 1).
  func cardX(_ driver: SceneDriver) throws -> CGFloat {
    let canvas = try #require(driver.stage.sublayers?.first)
    let card = try #require(canvas.sublayers?.last)
    return try #require(card.presentation()).position.x
  }

  @Test func theCardFollowsTheDragThenSpringsToTheNearerEnd() throws {
    let (_, driver) = SceneDriver.onManualClock(
      PropertyAnimatorScene.self, size: CGSize(width: 960, height: 540))
    driver.context.advance(by: 0)
    #expect(try abs(cardX(driver) - 200) < 1e-6)
    // A drag that did not start on the card moves nothing.
    #expect(!driver.handle(.drag(CGPoint(x: 400, y: 310))))
    #expect(!driver.handle(.press(CGPoint(x: 600, y: 480))))
    // Drag a quarter of the way: the card follows (fractionComplete scrubs linearly).
    #expect(driver.handle(.press(CGPoint(x: 200, y: 310))))
    #expect(driver.handle(.drag(CGPoint(x: 340, y: 310))))
    driver.context.advance(by: 0.1)
    #expect(try abs(cardX(driver) - 340) < 1e-6)
    // Released before halfway: it reverses to the start.
    #expect(driver.handle(.release(CGPoint(x: 340, y: 310))))
    for _ in 0..<60 { driver.context.advance(by: 1.0 / 60) }
    #expect(try abs(cardX(driver) - 200) < 1e-6)
    // Three quarters, released: a spring finishes the move to the end.
    #expect(driver.handle(.press(CGPoint(x: 200, y: 310))))
    #expect(driver.handle(.drag(CGPoint(x: 620, y: 310))))
    driver.context.advance(by: 0.1)
    #expect(try abs(cardX(driver) - 620) < 1e-6)
    #expect(driver.handle(.release(CGPoint(x: 620, y: 310))))
    driver.context.advance(by: 0.05)
    let moving = try cardX(driver)
    #expect(moving > 620 && moving < 760)
    for _ in 0..<60 { driver.context.advance(by: 1.0 / 60) }
    #expect(try abs(cardX(driver) - 760) < 1e-6)
  }
}

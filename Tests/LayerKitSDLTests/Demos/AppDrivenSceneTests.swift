import Foundation
import LayerKit
import Testing

@testable import LayerKitDemos

/// The scenes whose layers the app moves itself: the display-link loop and the
/// `render(in:)` snapshots.
@Suite struct AppDrivenSceneTests {
  /// A scene running on a manual clock at time 0, in a 960 × 540 container.
  static func run<S: DemoScene>(_ type: S.Type) -> (CAContext, SceneDriver) {
    SceneRenderer.installFonts()
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 960, height: 540)
    root.anchorPoint = .zero
    context.layer = root
    context.commit()
    return (context, SceneDriver(type, in: root, context: context))
  }

  @Test func displayLinksMoveTheBallsAtTheirOwnRates() throws {
    let (context, driver) = Self.run(DisplayLinkScene.self)
    let scene = try #require(driver.scene as? DisplayLinkScene)
    for _ in 0..<6 { context.advance(by: 1.0 / 60) }
    // 60 fps fires every frame; the 30 fps link every other one (frames 1, 3, 5).
    #expect(scene.callbackCounts == [6, 3])
    let fast = scene.balls(inRow: 0)
    let slow = scene.balls(inRow: 1)
    for i in 0..<fast.positions.count {
      #expect(fast.positions[i] == DisplayLinkScene.position(ofBall: i, at: 6.0 / 60, in: fast.box))
      #expect(slow.positions[i] == DisplayLinkScene.position(ofBall: i, at: 5.0 / 60, in: slow.box))
    }
    #expect(scene.readout(ofRow: 0).contains("timestamp  0.1000 s"))
    #expect(scene.readout(ofRow: 1).contains("targetTimestamp  0.1167 s"))
    #expect(scene.readout(ofRow: 1).contains("preferred 30"))
  }

  @Test func pausingTheStageFreezesTheBallsWhileTheLinkStillFires() throws {
    let (context, driver) = Self.run(DisplayLinkScene.self)
    let scene = try #require(driver.scene as? DisplayLinkScene)
    context.advance(by: 0.5)
    driver.pause()
    context.advance(by: 1.0 / 60)
    let frozen = scene.balls(inRow: 0).positions
    context.advance(by: 1.0 / 60)
    #expect(scene.balls(inRow: 0).positions == frozen)
    #expect(scene.callbackCounts[0] == 3)
  }

  @Test func aRebuiltSceneLeavesNoLinkBehind() throws {
    let (context, driver) = Self.run(DisplayLinkScene.self)
    weak let first = driver.scene as? DisplayLinkScene
    driver.seek(to: 1)
    context.advance(by: 1.0 / 60)
    #expect(first == nil)
    let scene = try #require(driver.scene as? DisplayLinkScene)
    #expect(scene.callbackCounts == [1, 1])
  }

  @Test func aThumbnailMatchesTheCompositedFrame() {
    SceneRenderer.installFonts()
    let parts = RenderInContextScene.makeCard()
    let thumbnail = RenderInContextScene.thumbnail(of: parts.card, scale: 2)!
    let context = CAContext(clock: CAManualClock())
    context.layer = parts.card
    context.commit()
    let size = RenderInContextScene.cardSize
    let frame = CARenderer(context: context).render(
      width: Int(size.width * 2), height: Int(size.height * 2), scale: 2)
    #expect(thumbnail.width == frame.width && thumbnail.height == frame.height)
    let same = thumbnail.pixels == frame.pixels
    #expect(same)
  }

  @Test func snapshotsDrawModelValuesWhileTheCardStillAnimates() throws {
    let (context, driver) = Self.run(RenderInContextScene.self)
    _ = driver
    // The cue at 1.2 s turns the star, implicitly animated over 0.25 s.
    context.advance(by: 1.2)
    driver.tick()
    context.advance(by: 0.1)
    let scene = try #require(driver.scene as? RenderInContextScene)
    let live = try #require(scene.liveCard)
    let midAnimation = CATransform3DMakeRotation(.pi / 5, 0, 0, 1)
    #expect(live.star.transform == midAnimation)
    #expect(live.star.presentation()!.transform != midAnimation)
    #expect(scene.snapshotCount == 2)
  }
}

import Foundation
import LayerKitDemos
import Testing

@testable import LayerKitSDL

/// The driver's timing: the stage's speed, timeOffset and beginTime, and cue replay.
@Suite struct SceneDriverTests {
  func make<S: DemoScene>(_ type: S.Type) -> (CAManualClock, CAContext, SceneDriver) {
    SceneRenderer.installFonts()
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 960, height: 540)
    context.layer = root
    context.commit()
    return (clock, context, SceneDriver(type, in: root, context: context))
  }

  func find(_ name: String, in root: CALayer) -> CALayer? {
    if root.name == name { return root }
    for sub in root.sublayers ?? [] { if let hit = find(name, in: sub) { return hit } }
    return nil
  }

  @Test(arguments: [(0.0, 310.0), (1.5, 60.0), (3.0, 120.0), (4.5, 60.0)])
  func theGroupFollowsItsKeyframesThroughTheStage(time: Double, y: Double) throws {
    let (_, context, driver) = make(AnimationGroupScene.self)
    context.advance(by: time)
    let layer = try #require(find("layer", in: driver.stage))
    #expect(abs(try #require(layer.presentation()).position.y - y) < 1e-6)
  }

  @Test func pausingStopsThePresentationAndResumingContinuesFromThere() throws {
    let (_, context, driver) = make(KeyframeColorsScene.self)
    context.advance(by: 1)
    driver.pause()
    let layer = try #require(find("layer", in: driver.stage))
    context.advance(by: 0)
    let paused = try #require(layer.presentation()).backgroundColor
    #expect(abs(driver.time - 1) < 1e-9)
    context.advance(by: 2.5)
    #expect(layer.presentation()?.backgroundColor == paused)
    driver.resume()
    context.advance(by: 0.5)
    #expect(abs(driver.time - 1.5) < 1e-9)
    driver.step()
    #expect(driver.isPaused && abs(driver.time - (1.5 + 1.0 / 60)) < 1e-9)
  }

  @Test func slowMotionRunsAtATenth() {
    let (_, context, driver) = make(BasicAnimationScene.self)
    context.advance(by: 1)
    driver.setRate(0.1)
    context.advance(by: 2)
    // speed is a Float: 0.1 is 0.1 to about 1.5e-9.
    #expect(abs(driver.time - 1.2) < 1e-7)
  }

  @Test func seekingReplaysCuesAtTheirOwnTimes() throws {
    let (_, context, driver) = make(ImplicitAnimationsScene.self)
    // The implicit fade starts at the 1 s cue and lasts 0.25 s: at 1.125 s it is halfway.
    driver.seek(to: 1.125)
    context.advance(by: 0)
    let implicit = try #require(find("implicit", in: driver.stage))
    let opacity = try #require(implicit.presentation()).opacity
    #expect(opacity > 0.3 && opacity < 0.9)
    let disabled = try #require(find("(1) transaction", in: driver.stage))
    #expect(abs(try #require(disabled.presentation()).opacity - 0.15) < 1e-6)
    #expect(driver.isPaused)
  }
}

import Foundation
import LayerKit
import LayerKitDemos
import LayerKitLottie
import Testing

/// A Lottie file's markers in the viewer: the scene's markers in stage seconds, the
/// sections between them, and one section played in a loop on a manual clock.
@Suite struct LottieMarkerViewerTests {
  /// 10 fps, frames 10…40 (3 s); markers "intro" at 10 for 10 frames, "loop" at 25 and
  /// "end" at 35.
  static let json = #"""
    {"fr":10,"ip":10,"op":40,"w":100,"h":100,
     "markers":[{"tm":25,"cm":"loop"},{"tm":10,"cm":"intro","dr":10},{"tm":35,"cm":"end"}],
     "layers":[{"ty":4,"ind":1,"ip":0,"op":40,"ks":{},
      "shapes":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},
                {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
    """#

  static func driver() throws -> (CAManualClock, SceneDriver) {
    let animation = try LottieAnimation(data: Data(json.utf8))
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 960, height: 540)
    context.layer = root
    context.commit()
    let driver = SceneDriver(duration: animation.duration, in: root, context: context) {
      LottieFileScene(animation: animation, fileName: "markers.json")
    }
    return (clock, driver)
  }

  @Test func markersAreStageSecondsFromTheFirstFrame() throws {
    let (_, driver) = try Self.driver()
    #expect(driver.markers.map(\.label) == ["intro", "loop", "end"])
    #expect(driver.markers.map(\.time) == [0, 1.5, 2.5])
    #expect(driver.markers[0].duration == 1)
    let segments = driver.segments
    #expect(segments.map(\.label) == ["intro", "loop", "end"])
    #expect(segments.map(\.range) == [0...1, 1.5...2.5, 2.5...3])
  }

  @Test func aSectionPlaysInALoop() throws {
    let (clock, driver) = try Self.driver()
    driver.playSegment(1.5...2.5)
    #expect(abs(driver.time - 1.5) < 1e-9 && !driver.isPaused)
    clock.advance(by: 0.6)
    driver.loopSegment()
    #expect(abs(driver.time - 2.1) < 1e-9)
    clock.advance(by: 0.5)
    driver.loopSegment()
    #expect(abs(driver.time - 1.5) < 1e-9, "back to the section's start")
    driver.playSegment(nil)
    #expect(driver.segment == nil && driver.time < 1e-9)
  }
}

import Testing

@testable import LayerKit
@testable import LayerKitDemos
@testable import LayerKitSDL

/// The viewer's B key and its frame-pacing line, without a window.
@Suite struct ViewerPacingTests {
  static func key(_ name: String) -> HostEvent {
    .keyDown(KeyEvent(key: name, keyCode: 0, modifiers: [], isRepeat: false))
  }

  @Test func bAsksTheWindowToBlockItsAppThreadForHalfASecond() {
    let viewer = ViewerController(clock: CAManualClock())
    var blocks: [Double] = []
    viewer.handle(Self.key("B"))  // nothing to call yet: counted, nothing blocks
    viewer.blockAppThread = { blocks.append($0) }
    viewer.handle(Self.key("B"))
    #expect(blocks == [0.5])
    #expect(viewer.appThreadBlocks == 2)
  }

  @Test func theHelpLineListsTheBlockKey() {
    let viewer = ViewerController(clock: CAManualClock())
    #expect(viewer.chrome.help.string as? String != nil)
    #expect((viewer.chrome.help.string as? String)?.contains("B block app 0.5 s") == true)
  }

  @Test func thePanelShowsTheHitchTimeRatioAndLatencyPercentiles() {
    // One frame 2 periods late in a second of 60 Hz frames, inputs of 1, 2 and 3 periods.
    let t = 1.0 / 60
    var pacing = FramePacing(refreshPeriod: t)
    for k in 0..<60 {
      let expected = Double(k) * t
      let arrivals = k < 3 ? [expected - Double(k + 1) * t] : []
      pacing.record(
        expectedPresentTime: expected, presentTime: expected + (k == 30 ? 2 * t : 0),
        inputArrivals: arrivals)
    }
    let lines = FrameTimeOverlay.describe(pacing.summary)
    #expect(lines.hitches == "hitches 33.3 ms/s (60 frames)")
    #expect(lines.latency == "input p50 33.3 ms (2.0 T) · p99 50.0 ms (3.0 T)")
    let empty = FrameTimeOverlay.describe(FramePacing().summary)
    #expect(empty == ("hitches 0.0 ms/s (0 frames)", "input –"))
    #expect(FrameTimeOverlay.describe(nil as FramePacing.Summary?) == ("", ""))

    let clock = CAManualClock()
    let viewer = ViewerController(clock: clock)
    viewer.framePacing = pacing.summary
    let info = FrameInfo(
      index: 0, time: clock.time, deltaTime: 0, pixelWidth: 1280, pixelHeight: 720,
      pointSize: CGSize(width: 1280, height: 720), scale: 1)
    _ = viewer.frame(info)
    #expect(viewer.frameTimes.hitchLabel.string as? String == lines.hitches)
    #expect(viewer.frameTimes.latencyLabel.string as? String == lines.latency)
  }
}

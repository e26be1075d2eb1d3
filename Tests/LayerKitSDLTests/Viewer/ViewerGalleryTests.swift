import Testing

@testable import LayerKitDemos
@testable import LayerKitSDL

/// The gallery column without a window: the controller laid out at a size and fed events.
@Suite struct ViewerGalleryTests {
  func viewer(_ size: CGSize, demo: String) throws -> ViewerController {
    let index = try #require(DemoCatalog.all.firstIndex { $0.name == demo })
    let viewer = ViewerController(clock: CAManualClock(), first: index)
    viewer.layout(size)
    viewer.select(index)
    return viewer
  }

  func click(_ viewer: ViewerController, _ point: CGPoint) {
    let mouse = MouseEvent(
      location: point, pixelLocation: point, button: .left, pressedButtons: [.left], clickCount: 1)
    viewer.handle(.mouseDown(mouse))
    viewer.handle(.mouseUp(mouse))
  }

  @Test func aSliderClickAtTheFootOfATallListSetsItsParameterAndKeepsTheDemo() throws {
    // Spring playground has five sliders; at 720 points they used to lie over rows 17–22.
    let viewer = try self.viewer(CGSize(width: 1280, height: 720), demo: "spring-playground")
    let parameters = try #require(viewer.driver?.parameters)
    #expect(parameters.count == 5)
    let top = 720 - CGFloat(parameters.count) * ViewerChrome.sliderHeight - 12
    let mass = CGPoint(x: 200, y: top + 25)  // near the right end of the first bar
    click(viewer, mass)
    #expect(viewer.demo.name == "spring-playground")
    let value = try #require(viewer.driver?.parameters.first { $0.name == "mass" }?.value)
    #expect(value > parameters[0].value)
  }

  @Test func aShortWindowScrollsTheListAndClicksFollowTheScroll() throws {
    let viewer = try self.viewer(CGSize(width: 900, height: 300), demo: "basic-animation")
    let firstRow = CGPoint(x: 60, y: ViewerChrome.listTop + ViewerChrome.rowHeight / 2)
    // Three wheel steps down move the list three rows.
    viewer.handle(
      .scrollWheel(ScrollEvent(deltaX: 0, deltaY: -3, location: firstRow, pixelLocation: firstRow)))
    click(viewer, firstRow)
    #expect(viewer.demo.name == DemoCatalog.all[3].name)
    // The wheel stops at the last row: far down, the last row is the last visible one.
    viewer.handle(
      .scrollWheel(
        ScrollEvent(deltaX: 0, deltaY: -100, location: firstRow, pixelLocation: firstRow)))
    let lastVisible = CGPoint(x: 60, y: 300 - ViewerChrome.rowHeight / 2 - 4)
    click(viewer, lastVisible)
    #expect(viewer.demo.name == DemoCatalog.all.last?.name)
  }

  @Test func selectingADemoOutOfViewScrollsToIt() throws {
    let viewer = try self.viewer(CGSize(width: 900, height: 300), demo: "basic-animation")
    viewer.handle(.keyDown(KeyEvent(key: "Up", keyCode: 0, modifiers: [], isRepeat: false)))
    viewer.handle(.keyDown(KeyEvent(key: "Up", keyCode: 0, modifiers: [], isRepeat: false)))
    // Up from the second demo wraps to the last: the list scrolled so a click on the
    // bottom row of the list picks it again.
    let index = DemoCatalog.all.count - 1
    #expect(viewer.demo.name == DemoCatalog.all[index].name)
    click(viewer, CGPoint(x: 60, y: 300 - ViewerChrome.rowHeight / 2 - 4))
    #expect(viewer.demo.name == DemoCatalog.all[index].name)
  }

  @Test func pWritesNumberedScreenshotsIntoTheScreenshotsFolderWithoutOverwriting() throws {
    let viewer = try self.viewer(CGSize(width: 320, height: 200), demo: "test-pattern")
    #expect(viewer.screenshotDirectory.lastPathComponent == "screenshots")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shots-\(UUID())")
    defer { try? FileManager.default.removeItem(at: dir) }
    viewer.screenshotDirectory = dir
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data("an earlier run".utf8).write(
      to: dir.appendingPathComponent("layerkit-test-pattern-1.png"))
    _ = viewer.frame(
      FrameInfo(
        index: 0, time: 0, deltaTime: 0, pixelWidth: 320, pixelHeight: 200,
        pointSize: CGSize(width: 320, height: 200), scale: 1))
    viewer.handle(.keyDown(KeyEvent(key: "P", keyCode: 0, modifiers: [], isRepeat: false)))
    #expect(viewer.screenshots == [dir.appendingPathComponent("layerkit-test-pattern-2.png").path])
    let image = try CGImage(
      pngData: Data(contentsOf: dir.appendingPathComponent("layerkit-test-pattern-2.png")))
    #expect(image.width == 320 && image.height == 200)
    #expect(
      try Data(contentsOf: dir.appendingPathComponent("layerkit-test-pattern-1.png"))
        == Data("an earlier run".utf8))
  }

  @Test func theViewersFramesFireTheDisplayLinkScenesLinks() throws {
    let clock = CAManualClock()
    let index = try #require(DemoCatalog.all.firstIndex { $0.name == "display-link" })
    let viewer = ViewerController(clock: clock, first: index)
    viewer.layout(CGSize(width: 960, height: 540))
    viewer.select(index)
    let scene = try #require(viewer.driver?.scene as? DisplayLinkScene)
    for k in 0..<4 {
      clock.advance(by: 1.0 / 60)
      _ = viewer.frame(
        FrameInfo(
          index: k, time: clock.time, deltaTime: 1.0 / 60, pixelWidth: 960, pixelHeight: 540,
          pointSize: CGSize(width: 960, height: 540), scale: 1))
    }
    // 60 fps: every frame; 30 fps: every other frame.
    #expect(scene.callbackCounts == [4, 2])
  }
}

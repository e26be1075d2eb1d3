import CSDL2
import Foundation
import LayerKitDemos
import Testing

@testable import LayerKitSDL

extension SDLVideoTests {
  /// The viewer's controller in a real window under Xvfb, fed synthetic SDL events.
  @Suite struct ViewerWindowTests {
    @Test(SDLVideoTests.windowTests)
    func clickSelectsALayerAndSpacePausesThePresentation() throws {
      _ = try VirtualDisplay.status.get()
      let clock = CAManualClock()
      let host = try SDLVideoTests.openHost(size: CGSize(width: 1280, height: 720), clock: clock)
      defer { host.close() }
      _ = host.pollEvents()
      let window = host.windowID
      let index = try #require(DemoCatalog.all.firstIndex { $0.name == "pause-resume" })
      let viewer = ViewerController(clock: clock, first: index)
      func frame() throws { try host.step(onEvent: viewer.handle) { viewer.frame($0) } }
      try frame()
      clock.advance(by: 0.5)
      try frame()

      // Click the running spinner: the inspector selects it.
      let stage = try #require(viewer.driver?.stage)
      let spinner = try #require(find("running", in: stage))
      let centre = viewer.root.convert(
        CGPoint(x: spinner.bounds.midX, y: spinner.bounds.midY), from: spinner)
      push(button: SDL_MOUSEBUTTONDOWN, at: centre, window: window)
      push(button: SDL_MOUSEBUTTONUP, at: centre, window: window)
      try frame()
      #expect(viewer.inspected === spinner)

      // Space pauses: the presentation stops changing while the clock runs on.
      pushKey(SDLK_SPACE, window: window)
      try frame()
      #expect(viewer.driver?.isPaused == true)
      let before = spinner.presentation()?.transform
      clock.advance(by: 0.4)
      try frame()
      #expect(spinner.presentation()?.transform == before)
      pushKey(SDLK_SPACE, window: window)
      try frame()
      clock.advance(by: 0.2)
      try frame()
      #expect(spinner.presentation()?.transform != before)

      // Escape asks to quit; the host closes cleanly.
      pushKey(SDLK_ESCAPE, window: window)
      try frame()
      #expect(viewer.wantsToQuit)
      #expect(viewer.lastFrame?.width == host.size.pixelWidth)
    }

    @Test(SDLVideoTests.windowTests)
    func aSceneSliderSitsAtTheGalleryFootAndSetsItsParameter() throws {
      _ = try VirtualDisplay.status.get()
      let clock = CAManualClock()
      let host = try SDLVideoTests.openHost(size: CGSize(width: 1280, height: 720), clock: clock)
      defer { host.close() }
      _ = host.pollEvents()
      let index = try #require(DemoCatalog.all.firstIndex { $0.name == "rasterized-cards" })
      let viewer = ViewerController(clock: clock, first: index)
      func frame() throws { try host.step(onEvent: viewer.handle) { viewer.frame($0) } }
      try frame()
      try frame()
      let before = try #require(viewer.driver?.parameters.first?.value)
      // The one slider's bar is 34 points above the window's bottom edge, across the
      // gallery; a click near its right end picks a value near the top of the range.
      let bar = CGPoint(x: 200, y: 720 - 56 + 25)
      push(button: SDL_MOUSEBUTTONDOWN, at: bar, window: host.windowID)
      push(button: SDL_MOUSEBUTTONUP, at: bar, window: host.windowID)
      try frame()
      let after = try #require(viewer.driver?.parameters.first?.value)
      #expect(before < 0.5)
      #expect(after > 1.5)
    }

    func find(_ name: String, in layer: CALayer) -> CALayer? {
      if layer.name == name { return layer }
      for sub in layer.sublayers ?? [] { if let hit = find(name, in: sub) { return hit } }
      return nil
    }

    func push(button type: SDL_EventType, at point: CGPoint, window: UInt32) {
      var event = SDL_Event()
      event.button.type = type.rawValue
      event.button.button = UInt8(SDL_BUTTON_LEFT)
      event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
      event.button.clicks = 1
      event.button.x = Int32(point.x)
      event.button.y = Int32(point.y)
      event.button.windowID = window
      SDLVideoTests.push(event)
    }

    func pushKey(_ key: SDL_KeyCode, window: UInt32) {
      var event = SDL_Event()
      event.key.windowID = window
      event.key.type = SDL_KEYDOWN.rawValue
      event.key.state = UInt8(SDL_PRESSED)
      event.key.keysym.sym = SDL_Keycode(key.rawValue)
      SDLVideoTests.push(event)
    }
  }
}

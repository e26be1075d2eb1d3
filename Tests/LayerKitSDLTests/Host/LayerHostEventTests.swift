import CSDL2
import Foundation
import Testing

@testable import LayerKitSDL

extension SDLVideoTests {
  /// Input and window events, and the run loop.
  @Suite struct LayerHostEventTests {
    typealias Support = SDLVideoTests

    @Test(Support.windowTests) func mouseClickArrivesInPointsAndPixels() throws {
      let host = try Support.openHost()
      defer { host.close() }
      _ = host.pollEvents()
      var down = SDL_Event()
      down.button.type = SDL_MOUSEBUTTONDOWN.rawValue
      down.button.windowID = host.windowID
      down.button.button = UInt8(SDL_BUTTON_LEFT)
      down.button.state = UInt8(SDL_PRESSED)
      down.button.clicks = 2
      down.button.x = 10
      down.button.y = 20
      Support.push(down)
      var up = down
      up.button.type = SDL_MOUSEBUTTONUP.rawValue
      up.button.state = UInt8(SDL_RELEASED)
      Support.push(up)
      let events = host.pollEvents()
      let point = CGPoint(x: 10, y: 20)
      #expect(
        events.contains(
          .mouseDown(
            MouseEvent(
              location: point, pixelLocation: point, button: .left, pressedButtons: [.left],
              clickCount: 2))))
      #expect(
        events.contains(
          .mouseUp(
            MouseEvent(
              location: point, pixelLocation: point, button: .left, pressedButtons: [],
              clickCount: 2))))
    }

    @Test(Support.windowTests) func keyTextAndWheelArriveTranslated() throws {
      let host = try Support.openHost()
      defer { host.close() }
      _ = host.pollEvents()
      var key = SDL_Event()
      key.key.type = SDL_KEYDOWN.rawValue
      key.key.windowID = host.windowID
      key.key.state = UInt8(SDL_PRESSED)
      key.key.keysym.sym = SDL_Keycode(SDLK_ESCAPE.rawValue)
      key.key.keysym.mod = UInt16(KMOD_LSHIFT.rawValue | KMOD_RCTRL.rawValue)
      Support.push(key)
      var text = SDL_Event()
      text.text.type = SDL_TEXTINPUT.rawValue
      text.text.windowID = host.windowID
      withUnsafeMutableBytes(of: &text.text.text) { raw in
        for (i, byte) in Array("é!".utf8).enumerated() { raw[i] = byte }
      }
      Support.push(text)
      var wheel = SDL_Event()
      wheel.wheel.type = SDL_MOUSEWHEEL.rawValue
      wheel.wheel.windowID = host.windowID
      wheel.wheel.y = 1
      wheel.wheel.preciseY = 1.5
      wheel.wheel.mouseX = 30
      wheel.wheel.mouseY = 40
      Support.push(wheel)
      let events = host.pollEvents()
      #expect(
        events.contains(
          .keyDown(
            KeyEvent(
              key: "Escape", keyCode: SDL_Keycode(SDLK_ESCAPE.rawValue),
              modifiers: [.shift, .control],
              isRepeat: false))))
      #expect(events.contains(.textInput("é!")))
      #expect(
        events.contains(
          .scrollWheel(
            ScrollEvent(
              deltaX: 0, deltaY: 1.5, location: CGPoint(x: 30, y: 40),
              pixelLocation: CGPoint(x: 30, y: 40)))))
    }

    @Test(Support.windowTests) func eventsForOtherWindowsAreIgnored() throws {
      let host = try Support.openHost()
      defer { host.close() }
      _ = host.pollEvents()
      var key = SDL_Event()
      key.key.type = SDL_KEYDOWN.rawValue
      key.key.windowID = host.windowID &+ 1000
      key.key.keysym.sym = SDL_Keycode(SDLK_a.rawValue)
      Support.push(key)
      #expect(!host.pollEvents().contains { if case .keyDown = $0 { true } else { false } })
    }

    @Test(Support.windowTests) func resizeAndQuitArriveTranslated() throws {
      let host = try Support.openHost()
      defer { host.close() }
      _ = host.pollEvents()
      var resize = SDL_Event()
      resize.window.type = SDL_WINDOWEVENT.rawValue
      resize.window.windowID = host.windowID
      resize.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
      Support.push(resize)
      var quit = SDL_Event()
      quit.type = SDL_QUIT.rawValue
      Support.push(quit)
      let events = host.pollEvents()
      #expect(
        events.contains(
          .resized(
            WindowSize(
              pointSize: CGSize(width: 160, height: 120), pixelWidth: 160, pixelHeight: 120))))
      #expect(events.contains(.quit))
    }

    @Test(Support.windowTests) func aQuitRequestEndsTheRunLoop() throws {
      let host = try Support.openHost()
      defer { host.close() }
      var quit = SDL_Event()
      quit.type = SDL_QUIT.rawValue
      var frames = 0
      try host.run { info in
        frames += 1
        if info.index == 1 { Support.push(quit) }
        return .unchanged
      }
      #expect(frames == 2)
    }

    @Test(Support.windowTests) func closeRequestEndsTheRunLoopBeforeAFrame() throws {
      let host = try Support.openHost()
      defer { host.close() }
      var close = SDL_Event()
      close.window.type = SDL_WINDOWEVENT.rawValue
      close.window.windowID = host.windowID
      close.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
      Support.push(close)
      var seen: [HostEvent] = []
      var frames = 0
      try host.run(
        onEvent: { seen.append($0) },
        frame: { _ in
          frames += 1
          return .unchanged
        })
      #expect(seen.contains(.closeRequested))
      #expect(frames == 0)
      #expect(!host.isRunning)
    }

    @Test(Support.windowTests) func runHandsOutClockTimesAndSizesUntilStopped() throws {
      let clock = CAManualClock(time: 5)
      let host = try Support.openHost(clock: clock)
      defer { host.close() }
      var infos: [FrameInfo] = []
      try host.run { info in
        infos.append(info)
        clock.advance(by: 0.25)
        if info.index == 2 { host.stop() }
        return .image(
          Support.solid([0, 0, 255, 255], width: info.pixelWidth, height: info.pixelHeight))
      }
      #expect(infos.map(\.index) == [0, 1, 2])
      #expect(infos.map(\.time) == [5, 5.25, 5.5])
      #expect(infos.map(\.deltaTime) == [0, 0.25, 0.25])
      #expect(infos.allSatisfy { $0.pixelWidth == 160 && $0.pixelHeight == 120 && $0.scale == 1 })
    }

    @Test(Support.windowTests) func stepRunsOneFrameAndReportsACloseRequest() throws {
      let clock = CAManualClock(time: 2)
      let host = try Support.openHost(clock: clock)
      defer { host.close() }
      let first = try host.step { _ in .image(Support.pattern(width: 160, height: 120)) }
      clock.advance(by: 0.5)
      var close = SDL_Event()
      close.window.type = SDL_WINDOWEVENT.rawValue
      close.window.windowID = host.windowID
      close.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
      Support.push(close)
      var seen: [HostEvent] = []
      let second = try host.step(onEvent: { seen.append($0) }, frame: { _ in .unchanged })
      #expect((first.index, first.time, first.deltaTime) == (0, 2, 0))
      #expect((second.index, second.time, second.deltaTime) == (1, 2.5, 0.5))
      #expect(seen.contains(.closeRequested))
      #expect(!host.isRunning)
    }
  }
}

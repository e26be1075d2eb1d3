import CSDL2
import Foundation
import Testing

@testable import LayerKitSDL

/// The SDL host in a real X window (Xvfb) and on SDL's dummy video driver.
///
/// Serialized: SDL's video subsystem and event queue are process-wide.
@Suite(.serialized) struct LayerHostTests {
  static let windowTests = Testing.ConditionTrait.enabled(
    if: VirtualDisplay.isAvailable,
    Comment(rawValue: "window tests need an X display: \(VirtualDisplay.status)"))

  static func openHost(
    driver: String = "x11", size: CGSize = CGSize(width: 160, height: 120),
    renderer: LayerHost.RendererKind = .software, clock: any HostClock = ManualHostClock()
  ) throws -> LayerHost {
    try LayerHost(
      configuration: .init(title: "LayerKit test", size: size, vsync: false, renderer: renderer,
        videoDriver: driver, maximumFrameRate: nil),
      clock: clock)
  }

  /// A deterministic opaque image with distinct neighbouring pixels.
  static func pattern(width: Int, height: Int) -> CGImage {
    var bytes = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        bytes[i] = UInt8((x * 7 + y) & 255)
        bytes[i + 1] = UInt8((y * 5 + x * 3) & 255)
        bytes[i + 2] = UInt8((x ^ y) & 255)
      }
    }
    return CGImage(width: width, height: height, premultipliedRGBA: bytes)!
  }

  static func solid(_ rgba: [UInt8], width: Int, height: Int) -> CGImage {
    CGImage(width: width, height: height,
      premultipliedRGBA: Array([[UInt8]](repeating: rgba, count: width * height).joined()))!
  }

  static func push(_ event: SDL_Event) {
    var event = event
    #expect(SDL_PushEvent(&event) == 1)
  }

  @Test(windowTests) func opensAndClosesRepeatedly() throws {
    for _ in 0..<3 {
      let host = try Self.openHost()
      #expect(host.videoDriver == "x11")
      #expect(host.size.pixelWidth == 160 && host.size.pixelHeight == 120)
      #expect(host.size.pointSize == CGSize(width: 160, height: 120))
      #expect(host.scale == 1)
      #expect(SDLRuntime.userCount == 1)
      host.close()
      host.close()
      #expect(host.isClosed)
      #expect(SDLRuntime.userCount == 0)
    }
  }

  @Test(windowTests) func titleCanChange() throws {
    let host = try Self.openHost()
    defer { host.close() }
    host.title = "60 fps"
    #expect(host.title == "60 fps")
  }

  @Test(windowTests) func mouseClickArrivesInPointsAndPixels() throws {
    let host = try Self.openHost()
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
    Self.push(down)
    var up = down
    up.button.type = SDL_MOUSEBUTTONUP.rawValue
    up.button.state = UInt8(SDL_RELEASED)
    Self.push(up)
    let events = host.pollEvents()
    let point = CGPoint(x: 10, y: 20)
    #expect(events.contains(.mouseDown(MouseEvent(
      location: point, pixelLocation: point, button: .left, pressedButtons: [.left], clickCount: 2))))
    #expect(events.contains(.mouseUp(MouseEvent(
      location: point, pixelLocation: point, button: .left, pressedButtons: [], clickCount: 2))))
  }

  @Test(windowTests) func keyTextAndWheelArriveTranslated() throws {
    let host = try Self.openHost()
    defer { host.close() }
    _ = host.pollEvents()
    var key = SDL_Event()
    key.key.type = SDL_KEYDOWN.rawValue
    key.key.windowID = host.windowID
    key.key.state = UInt8(SDL_PRESSED)
    key.key.keysym.sym = SDL_Keycode(SDLK_ESCAPE.rawValue)
    key.key.keysym.mod = UInt16(KMOD_LSHIFT.rawValue | KMOD_RCTRL.rawValue)
    Self.push(key)
    var text = SDL_Event()
    text.text.type = SDL_TEXTINPUT.rawValue
    text.text.windowID = host.windowID
    withUnsafeMutableBytes(of: &text.text.text) { raw in
      for (i, byte) in Array("é!".utf8).enumerated() { raw[i] = byte }
    }
    Self.push(text)
    var wheel = SDL_Event()
    wheel.wheel.type = SDL_MOUSEWHEEL.rawValue
    wheel.wheel.windowID = host.windowID
    wheel.wheel.y = 1
    wheel.wheel.preciseY = 1.5
    wheel.wheel.mouseX = 30
    wheel.wheel.mouseY = 40
    Self.push(wheel)
    let events = host.pollEvents()
    #expect(events.contains(.keyDown(KeyEvent(
      key: "Escape", keyCode: SDL_Keycode(SDLK_ESCAPE.rawValue), modifiers: [.shift, .control],
      isRepeat: false))))
    #expect(events.contains(.textInput("é!")))
    #expect(events.contains(.scrollWheel(ScrollEvent(
      deltaX: 0, deltaY: 1.5, location: CGPoint(x: 30, y: 40), pixelLocation: CGPoint(x: 30, y: 40)))))
  }

  @Test(windowTests) func eventsForOtherWindowsAreIgnored() throws {
    let host = try Self.openHost()
    defer { host.close() }
    _ = host.pollEvents()
    var key = SDL_Event()
    key.key.type = SDL_KEYDOWN.rawValue
    key.key.windowID = host.windowID &+ 1000
    key.key.keysym.sym = SDL_Keycode(SDLK_a.rawValue)
    Self.push(key)
    #expect(!host.pollEvents().contains { if case .keyDown = $0 { true } else { false } })
  }

  @Test(windowTests) func resizeAndQuitArriveTranslated() throws {
    let host = try Self.openHost()
    defer { host.close() }
    _ = host.pollEvents()
    var resize = SDL_Event()
    resize.window.type = SDL_WINDOWEVENT.rawValue
    resize.window.windowID = host.windowID
    resize.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
    Self.push(resize)
    var quit = SDL_Event()
    quit.type = SDL_QUIT.rawValue
    Self.push(quit)
    let events = host.pollEvents()
    #expect(events.contains(.resized(WindowSize(
      pointSize: CGSize(width: 160, height: 120), pixelWidth: 160, pixelHeight: 120))))
    #expect(events.contains(.quit))
  }

  @Test(windowTests) func aQuitRequestEndsTheRunLoop() throws {
    let host = try Self.openHost()
    defer { host.close() }
    var quit = SDL_Event()
    quit.type = SDL_QUIT.rawValue
    var frames = 0
    try host.run { info in
      frames += 1
      if info.index == 1 { Self.push(quit) }
      return .unchanged
    }
    #expect(frames == 2)
  }

  @Test(windowTests) func closeRequestEndsTheRunLoopBeforeAFrame() throws {
    let host = try Self.openHost()
    defer { host.close() }
    var close = SDL_Event()
    close.window.type = SDL_WINDOWEVENT.rawValue
    close.window.windowID = host.windowID
    close.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
    Self.push(close)
    var seen: [HostEvent] = []
    var frames = 0
    try host.run(onEvent: { seen.append($0) }) { _ in
      frames += 1
      return .unchanged
    }
    #expect(seen.contains(.closeRequested))
    #expect(frames == 0)
    #expect(!host.isRunning)
  }

  @Test(windowTests) func runHandsOutClockTimesAndSizesUntilStopped() throws {
    let clock = ManualHostClock(time: 5)
    let host = try Self.openHost(clock: clock)
    defer { host.close() }
    var infos: [FrameInfo] = []
    try host.run { info in
      infos.append(info)
      clock.advance(by: 0.25)
      if info.index == 2 { host.stop() }
      return .image(Self.solid([0, 0, 255, 255], width: info.pixelWidth, height: info.pixelHeight))
    }
    #expect(infos.map(\.index) == [0, 1, 2])
    #expect(infos.map(\.time) == [5, 5.25, 5.5])
    #expect(infos.map(\.deltaTime) == [0, 0.25, 0.25])
    #expect(infos.allSatisfy { $0.pixelWidth == 160 && $0.pixelHeight == 120 && $0.scale == 1 })
  }

  @Test(windowTests, arguments: [LayerHost.RendererKind.software, .automatic])
  func uploadedFrameReadsBackExactly(renderer: LayerHost.RendererKind) throws {
    let host = try Self.openHost(renderer: renderer)
    defer { host.close() }
    // Both SDL's software and OpenGL renderers take RGBA32 bytes as they are.
    #expect(host.textureFormat == SDL_PIXELFORMAT_RGBA32.rawValue)
    let image = Self.pattern(width: 160, height: 120)
    try host.draw(.image(image))
    #expect(host.lastUploadedPixelCount == 160 * 120)
    let shown = try host.readPixels()
    host.present()
    #expect(shown == image)
  }

  @Test(windowTests) func texturesInOtherFormatsAreConvertedOnUpload() throws {
    var configuration = LayerHost.Configuration(
      size: CGSize(width: 64, height: 48), vsync: false, renderer: .software, videoDriver: "x11")
    configuration.textureFormatOverride = SDL_PIXELFORMAT_ARGB8888.rawValue
    let host = try LayerHost(configuration: configuration, clock: ManualHostClock())
    defer { host.close() }
    #expect(host.textureFormat == SDL_PIXELFORMAT_ARGB8888.rawValue)
    let image = Self.pattern(width: 64, height: 48)
    try host.draw(.image(image))
    try host.draw(.image(Self.solid([9, 8, 7, 255], width: 64, height: 48),
      damage: [CGRect(x: 60, y: 40, width: 10, height: 10)]))
    #expect(host.lastUploadedPixelCount == 4 * 8)
    let shown = try host.readPixels()
    #expect(shown.pixel(x: 61, y: 41) == (9, 8, 7, 255))
    #expect(shown.cropping(to: CGRect(x: 0, y: 0, width: 60, height: 48))
      == image.cropping(to: CGRect(x: 0, y: 0, width: 60, height: 48)))
  }

  @Test(windowTests) func translucentPixelsShowOverBlack() throws {
    let host = try Self.openHost()
    defer { host.close() }
    try host.draw(.image(Self.solid([64, 32, 0, 128], width: 160, height: 120)))
    let shown = try host.readPixels()
    #expect(shown.pixel(x: 80, y: 60) == (64, 32, 0, 255))
  }

  @Test(windowTests) func onlyDamagedRectanglesAreUploaded() throws {
    let host = try Self.openHost()
    defer { host.close() }
    try host.draw(.image(Self.solid([255, 0, 0, 255], width: 160, height: 120)))
    let blue = Self.solid([0, 0, 255, 255], width: 160, height: 120)
    // Fractional edges grow to whole pixels: 10.5…29.2 × 10…14.5 covers 20 × 5 pixels.
    try host.draw(.image(blue, damage: [CGRect(x: 10.5, y: 10, width: 18.7, height: 4.5),
      CGRect(x: 500, y: 500, width: 10, height: 10)]))
    #expect(host.lastUploadedPixelCount == 20 * 5)
    let shown = try host.readPixels()
    #expect(shown.pixel(x: 10, y: 10) == (0, 0, 255, 255))
    #expect(shown.pixel(x: 29, y: 14) == (0, 0, 255, 255))
    #expect(shown.pixel(x: 30, y: 14) == (255, 0, 0, 255))
    #expect(shown.pixel(x: 10, y: 15) == (255, 0, 0, 255))
    #expect(shown.pixel(x: 100, y: 100) == (255, 0, 0, 255))
    host.present()
  }

  @Test(windowTests) func aNewFrameSizeUploadsEverythingAtTheTopLeft() throws {
    let host = try Self.openHost()
    defer { host.close() }
    try host.draw(.image(Self.solid([255, 255, 255, 255], width: 160, height: 120)))
    try host.draw(.pixels([UInt8](repeating: 200, count: 40 * 30 * 4), width: 40, height: 30,
      damage: [CGRect(x: 0, y: 0, width: 1, height: 1)]))
    #expect(host.lastUploadedPixelCount == 40 * 30)
    let shown = try host.readPixels()
    #expect(shown.pixel(x: 39, y: 29) == (200, 200, 200, 255))
    #expect(shown.pixel(x: 40, y: 29) == (0, 0, 0, 255))
    #expect(shown.pixel(x: 100, y: 100) == (0, 0, 0, 255))
  }

  @Test(windowTests) func badInputThrowsTypedErrors() throws {
    let host = try Self.openHost()
    #expect(throws: SDLError.self) { try host.draw(.pixels([1, 2, 3], width: 2, height: 2, damage: nil)) }
    #expect(throws: SDLError.self) { try Self.openHost(driver: "dummy") }
    host.close()
    #expect(throws: SDLError.self) { try host.draw(.unchanged) }
    #expect(throws: SDLError.self) { try Self.openHost(size: CGSize(width: 0, height: 10)) }
    #expect(throws: SDLError.self) { try Self.openHost(driver: "no-such-driver") }
    #expect(SDLRuntime.userCount == 0)
  }

  @Test func dummyDriverHostsRenderWithoutADisplay() throws {
    let host = try Self.openHost(driver: "dummy", size: CGSize(width: 64, height: 48))
    defer { host.close() }
    #expect(host.videoDriver == "dummy")
    #expect(host.rendererName == "software")
    let image = Self.pattern(width: 64, height: 48)
    try host.draw(.image(image))
    #expect(try host.readPixels() == image)
    host.present()
  }
}

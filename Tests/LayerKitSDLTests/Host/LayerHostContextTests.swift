import CSDL2
import Foundation
import Testing

@testable import LayerKitSDL

extension SDLVideoTests {
  /// `LayerHost.run(context:onEvent:)`: a context's layers in a window.
  @Suite struct LayerHostContextTests {
    typealias Support = SDLVideoTests

    @Test(Support.windowTests) func showsTheLayerTreeAndHitTestsMouseEvents() throws {
      let clock = CAManualClock()
      let host = try Support.openHost(clock: clock)
      defer { host.close() }
      _ = host.pollEvents()
      let context = CAContext(clock: clock)
      let root = CALayer()
      root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
      let card = CALayer()
      card.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
      card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
      root.addSublayer(card)
      context.layer = root
      context.commit()

      var down = SDL_Event()
      down.button.type = SDL_MOUSEBUTTONDOWN.rawValue
      down.button.windowID = host.windowID
      down.button.button = UInt8(SDL_BUTTON_LEFT)
      down.button.state = UInt8(SDL_PRESSED)
      down.button.clicks = 1
      down.button.x = 30
      down.button.y = 30
      Support.push(down)

      var hits: [CALayer?] = []
      try host.run(context: context) { event, layer in
        guard case .mouseDown = event else { return }
        hits.append(layer)
        // One frame is drawn after these events; the quit ends the loop at the next.
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        Support.push(quit)
      }

      #expect(hits.count == 1)
      #expect(hits.first.flatMap { $0 } === card)
      #expect(root.bounds == CGRect(x: 0, y: 0, width: 160, height: 120))
      #expect(host.lastUploadedPixelCount == 160 * 120)

      try host.draw(.unchanged)
      let shown = try host.readPixels()
      #expect(shown.pixel(x: 30, y: 30) == (0, 0, 255, 255))
      #expect(shown.pixel(x: 5, y: 5) == (255, 0, 0, 255))
    }

    @Test(Support.windowTests) func displayLinksFireOncePerHostFrame() throws {
      let clock = CAManualClock(time: 2)
      let host = try Support.openHost(clock: clock)
      defer { host.close() }
      _ = host.pollEvents()
      let context = CAContext(clock: clock)
      context.layer = CALayer()
      var stamps: [CFTimeInterval] = []
      let link = CADisplayLink { link in
        stamps.append(link.timestamp)
        clock.advance(by: 1.0 / 60)  // the next host frame sees the next time
        if stamps.count == 3 { host.stop() }
      }
      link.add(to: .current, forMode: .common)
      defer { link.invalidate() }
      try host.run(context: context)
      #expect(stamps.count == 3)
      #expect(zip(stamps, [2, 2 + 1.0 / 60, 2 + 2.0 / 60]).allSatisfy { abs($0 - $1) < 1e-12 })
    }
  }
}

import CSDL2
import Foundation
import Testing

@testable import LayerKitSDL

extension SDLVideoTests {
  /// Opening and closing, uploads, damage and read-back.
  @Suite struct LayerHostFrameTests {
    typealias Support = SDLVideoTests

    @Test(Support.windowTests) func opensAndClosesRepeatedly() throws {
      for _ in 0..<3 {
        let host = try Support.openHost()
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

    @Test(Support.windowTests) func titleCanChange() throws {
      let host = try Support.openHost()
      defer { host.close() }
      host.title = "60 fps"
      #expect(host.title == "60 fps")
    }

    @Test(Support.windowTests, arguments: [LayerHost.RendererKind.software, .automatic])
    func uploadedFrameReadsBackExactly(renderer: LayerHost.RendererKind) throws {
      let host = try Support.openHost(renderer: renderer)
      defer { host.close() }
      // Both SDL's software and OpenGL renderers take RGBA32 bytes as they are.
      #expect(host.textureFormat == SDL_PIXELFORMAT_RGBA32.rawValue)
      let image = Support.pattern(width: 160, height: 120)
      try host.draw(.image(image))
      #expect(host.lastUploadedPixelCount == 160 * 120)
      let shown = try host.readPixels()
      host.present()
      #expect(shown == image)
    }

    @Test(Support.windowTests) func texturesInOtherFormatsAreConvertedOnUpload() throws {
      var configuration = LayerHost.Configuration(
        size: CGSize(width: 64, height: 48), vsync: false, renderer: .software, videoDriver: "x11")
      configuration.textureFormatOverride = SDL_PIXELFORMAT_ARGB8888.rawValue
      let host = try LayerHost(configuration: configuration, clock: CAManualClock())
      defer { host.close() }
      #expect(host.textureFormat == SDL_PIXELFORMAT_ARGB8888.rawValue)
      let image = Support.pattern(width: 64, height: 48)
      try host.draw(.image(image))
      try host.draw(
        .image(
          Support.solid([9, 8, 7, 255], width: 64, height: 48),
          damage: [CGRect(x: 60, y: 40, width: 10, height: 10)]))
      #expect(host.lastUploadedPixelCount == 4 * 8)
      let shown = try host.readPixels()
      #expect(shown.pixel(x: 61, y: 41) == (9, 8, 7, 255))
      #expect(
        shown.cropping(to: CGRect(x: 0, y: 0, width: 60, height: 48))
          == image.cropping(to: CGRect(x: 0, y: 0, width: 60, height: 48)))
    }

    @Test(Support.windowTests) func translucentPixelsShowOverBlack() throws {
      let host = try Support.openHost()
      defer { host.close() }
      try host.draw(.image(Support.solid([64, 32, 0, 128], width: 160, height: 120)))
      let shown = try host.readPixels()
      #expect(shown.pixel(x: 80, y: 60) == (64, 32, 0, 255))
    }

    @Test(Support.windowTests) func onlyDamagedRectanglesAreUploaded() throws {
      let host = try Support.openHost()
      defer { host.close() }
      try host.draw(.image(Support.solid([255, 0, 0, 255], width: 160, height: 120)))
      let blue = Support.solid([0, 0, 255, 255], width: 160, height: 120)
      // Fractional edges grow to whole pixels: 10.5…29.2 × 10…14.5 covers 20 × 5 pixels.
      try host.draw(
        .image(
          blue,
          damage: [
            CGRect(x: 10.5, y: 10, width: 18.7, height: 4.5),
            CGRect(x: 500, y: 500, width: 10, height: 10),
          ]))
      #expect(host.lastUploadedPixelCount == 20 * 5)
      let shown = try host.readPixels()
      #expect(shown.pixel(x: 10, y: 10) == (0, 0, 255, 255))
      #expect(shown.pixel(x: 29, y: 14) == (0, 0, 255, 255))
      #expect(shown.pixel(x: 30, y: 14) == (255, 0, 0, 255))
      #expect(shown.pixel(x: 10, y: 15) == (255, 0, 0, 255))
      #expect(shown.pixel(x: 100, y: 100) == (255, 0, 0, 255))
      host.present()
    }

    @Test(Support.windowTests) func aNewFrameSizeUploadsEverythingAtTheTopLeft() throws {
      let host = try Support.openHost()
      defer { host.close() }
      try host.draw(.image(Support.solid([255, 255, 255, 255], width: 160, height: 120)))
      try host.draw(
        .pixels(
          [UInt8](repeating: 200, count: 40 * 30 * 4), width: 40, height: 30,
          damage: [CGRect(x: 0, y: 0, width: 1, height: 1)]))
      #expect(host.lastUploadedPixelCount == 40 * 30)
      let shown = try host.readPixels()
      #expect(shown.pixel(x: 39, y: 29) == (200, 200, 200, 255))
      #expect(shown.pixel(x: 40, y: 29) == (0, 0, 0, 255))
      #expect(shown.pixel(x: 100, y: 100) == (0, 0, 0, 255))
    }

    @Test(Support.windowTests) func badInputThrowsTypedErrors() throws {
      let host = try Support.openHost()
      #expect(throws: SDLError.self) {
        try host.draw(.pixels([1, 2, 3], width: 2, height: 2, damage: nil))
      }
      #expect(throws: SDLError.self) { try Support.openHost(driver: "dummy") }
      host.close()
      #expect(throws: SDLError.self) { try host.draw(.unchanged) }
      #expect(throws: SDLError.self) { try Support.openHost(size: CGSize(width: 0, height: 10)) }
      #expect(throws: SDLError.self) { try Support.openHost(driver: "no-such-driver") }
      #expect(SDLRuntime.userCount == 0)
    }

    @Test func dummyDriverHostsRenderWithoutADisplay() throws {
      let host = try Support.openHost(driver: "dummy", size: CGSize(width: 64, height: 48))
      defer { host.close() }
      #expect(host.videoDriver == "dummy")
      #expect(host.rendererName == "software")
      let image = Support.pattern(width: 64, height: 48)
      try host.draw(.image(image))
      #expect(try host.readPixels() == image)
      host.present()
    }

    @Test(Support.windowTests) func damageThatIsNotFiniteIsSkipped() throws {
      let host = try Support.openHost()
      defer { host.close() }
      try host.draw(.image(Support.solid([255, 0, 0, 255], width: 160, height: 120)))
      let green = Support.solid([0, 255, 0, 255], width: 160, height: 120)
      try host.draw(
        .image(
          green,
          damage: [
            CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
            CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10),
            CGRect.null,
            CGRect(x: -5, y: -5, width: CGFloat.infinity, height: 7),
          ]))
      // Only the infinite-width rectangle survives, clipped to 160 × 2 pixels.
      #expect(host.lastUploadedPixelCount == 160 * 2)
      let shown = try host.readPixels()
      #expect(shown.pixel(x: 159, y: 1) == (0, 255, 0, 255))
      #expect(shown.pixel(x: 0, y: 2) == (255, 0, 0, 255))
    }

    @Test func windowSizesThatAreNotFiniteThrow() {
      for size in [
        CGSize(width: CGFloat.nan, height: 10), CGSize(width: 10, height: CGFloat.infinity),
      ] {
        #expect(throws: SDLError.self) { try Support.openHost(driver: "dummy", size: size) }
      }
      #expect(SDLRuntime.userCount == 0)
    }

    @Test(Support.windowTests) func aDeviceResetUploadsTheNextFrameWhole() throws {
      let host = try Support.openHost()
      defer { host.close() }
      let image = Support.pattern(width: 160, height: 120)
      try host.draw(.image(image))
      var reset = SDL_Event()
      reset.type = SDL_RENDER_DEVICE_RESET.rawValue
      Support.push(reset)
      _ = host.pollEvents()
      try host.draw(.image(image, damage: [CGRect(x: 0, y: 0, width: 2, height: 2)]))
      #expect(host.lastUploadedPixelCount == 160 * 120)
      #expect(try host.readPixels() == image)
    }
  }
}

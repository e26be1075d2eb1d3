import CSDL2
import Foundation
import Testing

@testable import LayerKitSDL

extension SDLVideoTests {
  /// A host that does only what changed: damage-only uploads from a persistent bitmap, and
  /// no upload or present for frames that bring nothing new.
  @Suite struct LayerHostStaticFrameTests {
    typealias Support = SDLVideoTests

    @Test(Support.windowTests) func bitmapFramesUploadOnlyTheirDamage() throws {
      let host = try Support.openHost()
      defer { host.close() }
      _ = host.pollEvents()
      let ctx = try #require(CGContext(width: 160, height: 120))
      let bitmap = try #require(FrameBitmap(ctx))
      ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
      ctx.fill(CGRect(x: 0, y: 0, width: 160, height: 120))
      try host.step { _ in .bitmap(bitmap, damage: [CGRect(x: 0, y: 0, width: 160, height: 120)]) }
      #expect(host.lastFrameStatistics.uploadedPixels == 160 * 120)
      #expect(host.lastFrameStatistics.presented)

      ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
      ctx.fill(CGRect(x: 10, y: 20, width: 30, height: 8))
      try host.step { _ in .bitmap(bitmap, damage: [CGRect(x: 10, y: 20, width: 30, height: 8)]) }
      #expect(host.lastFrameStatistics.uploadedPixels == 30 * 8)
      #expect(host.lastUploadedPixelCount == 30 * 8)

      try host.draw(.unchanged)
      let shown = try host.readPixels()
      #expect(shown.pixel(x: 15, y: 25) == (0, 0, 255, 255))
      #expect(shown.pixel(x: 100, y: 100) == (255, 0, 0, 255))
    }

    @Test(Support.windowTests) func unchangedFramesAreNotPresented() throws {
      let host = try Support.openHost()
      defer { host.close() }
      let image = Support.pattern(width: 160, height: 120)
      try host.step { _ in .image(image) }
      #expect(host.lastFrameStatistics.presented)
      // Once the window's own events (shown, exposed) are drained, a static frame costs
      // nothing beyond its callback.
      try host.step { _ in .unchanged }
      for _ in 0..<3 {
        try host.step { _ in .unchanged }
        #expect(!host.lastFrameStatistics.presented)
        #expect(host.lastFrameStatistics.uploadedPixels == 0)
        #expect(host.lastFrameStatistics.upload == 0 && host.lastFrameStatistics.present == 0)
      }
      // An empty damage list on a bitmap frame uploads nothing either.
      let ctx = try #require(CGContext(width: 160, height: 120))
      try host.step { _ in .bitmap(FrameBitmap(ctx)!, damage: []) }
      #expect(host.lastFrameStatistics.uploadedPixels == 0)

      // An exposed window is drawn again from the texture, with nothing uploaded.
      var exposed = SDL_Event()
      exposed.window.type = SDL_WINDOWEVENT.rawValue
      exposed.window.windowID = host.windowID
      exposed.window.event = UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
      Support.push(exposed)
      try host.step { _ in .unchanged }
      #expect(host.lastFrameStatistics.presented)
      #expect(host.lastFrameStatistics.uploadedPixels == 0)
      try host.step { _ in .unchanged }
      #expect(!host.lastFrameStatistics.presented)
    }

    @Test func paddedBitmapsAreRefused() {
      let ctx = CGContext(
        data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 64, space: nil,
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
      #expect(ctx != nil)
      #expect(ctx.flatMap(FrameBitmap.init) == nil)
    }
  }
}

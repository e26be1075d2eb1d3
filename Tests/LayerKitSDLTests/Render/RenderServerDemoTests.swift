import Foundation
import LayerKit
import LayerKitDemos
import Testing

/// Every demo drawn through the render server's replica (synchronous mode: same thread,
/// the context's clock time) gives the bytes `CARenderer` gives for the app's own tree:
/// the snapshot carries everything a frame shows, and the replica evaluates the
/// animations as the app's context does.
@Suite struct RenderServerDemoTests {
  /// Keeps a copy of each frame's pixels.
  final class Keeper: RenderServerPresenter {
    var pixels: [UInt8] = []
    var frames = 0
    func present(_ frame: RenderServerFrame) -> CFTimeInterval {
      let n = frame.bitmap.width * frame.bitmap.height * 4
      pixels = [UInt8](
        UnsafeBufferPointer(start: frame.bitmap.data!.assumingMemoryBound(to: UInt8.self), count: n)
      )
      frames += 1
      return frame.time
    }
  }

  @Test(arguments: DemoCatalog.sceneTypes.map { $0.name })
  func everyDemoIsBitIdenticalThroughTheServer(_ name: String) throws {
    SceneRenderer.installFonts()
    let scene = try #require(DemoCatalog.sceneTypes.first { $0.name == name })
    let (clock, driver) = SceneDriver.onManualClock(scene, size: CGSize(width: 320, height: 180))
    let context = driver.context
    let renderer = CARenderer(context: context)
    let keeper = Keeper()
    let server = RenderServer(context: context, presenter: keeper)
    let scale: CGFloat = 2
    let w = 640
    let h = 360
    let direct = try #require(CGContext(width: w, height: h))
    for k in 0..<8 {
      if k > 0 { clock.advance(by: k % 3 == 0 ? 0.5 : 1.0 / 60) }
      driver.tick()
      server.commit(width: w, height: h, scale: scale)
      renderer.render(in: direct, scale: scale)
      let expected = [UInt8](
        UnsafeBufferPointer(
          start: direct.data!.assumingMemoryBound(to: UInt8.self), count: w * h * 4))
      // A frame with no damage is not presented: the last one presented still stands.
      let same = keeper.pixels == expected
      #expect(same, "\(name) differs at frame \(k)")
      if !same { return }
    }
    #expect(keeper.frames > 0)
    #expect(keeper.pixels.contains { $0 != 0 })
  }
}

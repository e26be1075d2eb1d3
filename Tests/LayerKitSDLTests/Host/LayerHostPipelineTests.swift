import CSDL2
import Foundation
import Testing

@testable import LayerKitSDL

extension SDLVideoTests {
  /// `LayerHost.run(onEvent:prepare:frame:)`: the previous frame uploads while the next
  /// one is prepared, and every frame built is the frame shown, in order.
  @Suite struct LayerHostPipelineTests {
    typealias Support = SDLVideoTests

    /// The grey level frame `k` is drawn in.
    static func level(_ k: Int) -> UInt8 { UInt8(40 + 20 * k) }

    /// Paints `rows` of a 64-pixel-wide bitmap opaque grey `level`.
    static func paint(_ bitmap: FrameBitmap, rows: Range<Int>, level v: UInt8) {
      let px = bitmap.context.data!.assumingMemoryBound(to: UInt8.self)
      for y in rows {
        for x in 0..<64 {
          let i = (y * 64 + x) * 4
          (px[i], px[i + 1], px[i + 2], px[i + 3]) = (v, v, v, 255)
        }
      }
    }

    @Test func eachFrameIsPreparedBeforeThePreviousIsShownAndShownBeforeTheNextComposites() throws {
      let host = try Support.openHost(driver: "dummy", size: CGSize(width: 64, height: 48))
      defer { host.close() }
      _ = host.pollEvents()
      let bitmap = try #require(CGContext(width: 64, height: 48).flatMap(FrameBitmap.init))
      var log: [String] = []
      var shownWhilePreparing: [Int?] = []
      var shownWhileCompositing: [Int?] = []
      try host.run(
        prepare: { info in
          log.append("prepare \(info.index)")
          shownWhilePreparing.append(host.lastPresentedFrame)
          if info.index == 4 { host.stop() }
        },
        frame: { info in
          log.append("frame \(info.index)")
          shownWhileCompositing.append(host.lastPresentedFrame)
          // Frame k fills the bitmap in its own grey; frames 1 and 3 change half of it.
          let v = Self.level(info.index)
          let rows = info.index % 2 == 1 ? 24..<48 : 0..<48
          Self.paint(bitmap, rows: rows, level: v)
          return .bitmap(
            bitmap, damage: [CGRect(x: 0, y: rows.lowerBound, width: 64, height: rows.count)])
        })
      #expect(log == (0..<5).flatMap { ["prepare \($0)", "frame \($0)"] })
      // Frame k − 1 is not yet shown while frame k is prepared, and is shown before frame
      // k composites (so the bitmap it reads is not drawn into while it is read).
      #expect(shownWhilePreparing == [nil, nil, 0, 1, 2])
      #expect(shownWhileCompositing == [nil, 0, 1, 2, 3])
      // The last frame is shown when the loop ends, and what is shown is what was built:
      // frame 4's grey everywhere.
      #expect(host.lastPresentedFrame == 4)
      #expect(host.lastFrameStatistics.presented)
      try host.draw(.unchanged)
      let shown = try host.readPixels()
      #expect(shown.pixel(x: 0, y: 0) == (Self.level(4), Self.level(4), Self.level(4), 255))
      #expect(shown.pixel(x: 63, y: 47) == (Self.level(4), Self.level(4), Self.level(4), 255))
    }

    @Test func halfFramesUploadOnlyTheirDamagedBox() throws {
      let host = try Support.openHost(driver: "dummy", size: CGSize(width: 64, height: 48))
      defer { host.close() }
      _ = host.pollEvents()
      let bitmap = try #require(CGContext(width: 64, height: 48).flatMap(FrameBitmap.init))
      var uploaded: [Int] = []
      var shownAfterFrame1: CGImage?
      try host.run(
        prepare: { info in
          if info.index == 2 { host.stop() }
        },
        frame: { info in
          // Frame k − 1 has been shown: its statistics are the host's last.
          if info.index > 0 { uploaded.append(host.lastFrameStatistics.uploadedPixels) }
          if info.index == 2 {
            // Frame 1 is on screen now: read it back before drawing frame 2.
            try? host.draw(.unchanged)
            shownAfterFrame1 = try? host.readPixels()
          }
          let v = Self.level(info.index)
          let rows = info.index == 0 ? 0..<48 : 24..<48
          Self.paint(bitmap, rows: rows, level: v)
          return .bitmap(
            bitmap, damage: [CGRect(x: 0, y: rows.lowerBound, width: 64, height: rows.count)])
        })
      // Frame 0 uploads all (a new texture); frame 1 its lower half.
      #expect(uploaded == [64 * 48, 64 * 24])
      let shown = try #require(shownAfterFrame1)
      #expect(shown.pixel(x: 5, y: 5) == (Self.level(0), Self.level(0), Self.level(0), 255))
      #expect(shown.pixel(x: 5, y: 40) == (Self.level(1), Self.level(1), Self.level(1), 255))
      #expect(host.lastFrameStatistics.uploadedPixels == 64 * 24)
    }
  }
}

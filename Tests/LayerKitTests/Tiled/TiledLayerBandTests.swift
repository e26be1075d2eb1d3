import Foundation
import Testing

@testable import LayerKit

/// `CATiledLayer` composited in bands on several threads: each tile is drawn once, by the
/// display stage on the renderer's thread (never by a band), and the frame equals one
/// thread's.
/// Run with `swift test --sanitize=thread --filter TiledLayerBandTests` to check for
/// data races.
@Suite struct TiledLayerBandTests {
  /// Fills each tile with a colour from its position and counts how many of its calls
  /// overlap in time (not thread-safe on purpose: the tile cache must serialize it).
  final class Painter: CALayerDelegate {
    var calls = 0
    var inside = 0
    var overlaps = 0
    let lock = NSLock()

    func draw(_ layer: CALayer, in ctx: CGContext) {
      let concurrent = lock.withLock {
        inside += 1
        return inside > 1
      }
      calls += 1
      let box = ctx.boundingBoxOfClipPath
      let k = Int((box.minX / 96).rounded(.down)) + 3 * Int((box.minY / 96).rounded(.down))
      ctx.setFillColor(
        CGColor(red: CGFloat(k % 3) / 2, green: CGFloat(k % 5) / 4, blue: 0.5, alpha: 1))
      ctx.fill(box)
      ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
      ctx.fillEllipse(in: box.insetBy(dx: 20, dy: 20))
      lock.withLock {
        if concurrent { overlaps += 1 }
        inside -= 1
      }
    }
  }

  /// A 300 × 300 frame filled by a tiled layer with 96-pixel tiles: the seam between
  /// two bands (y = 150) cuts through the second row of tiles, which both bands need.
  static func scene() -> (CAContext, CATiledLayer, Painter) {
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
    root.anchorPoint = .zero
    let tiled = CATiledLayer()
    tiled.anchorPoint = .zero
    tiled.bounds = root.bounds
    tiled.tileSize = CGSize(width: 96, height: 96)
    let painter = Painter()
    tiled.delegate = painter
    root.addSublayer(tiled)
    context.layer = root
    context.commit()
    return (context, tiled, painter)
  }

  @Test(arguments: [2, 4])
  func tilesAreDrawnOnceAndTheFrameMatchesOneThread(bands: Int) throws {
    let (context, tiled, painter) = Self.scene()
    let banded = CARenderer(context: context)
    banded.bands.bandLimit = bands
    banded.bands.minimumPixels = 0
    let frame = try #require(CGContext(width: 300, height: 300))
    for _ in 0..<3 {
      tiled.setNeedsDisplay()
      _ = banded.render(in: frame, scale: 1)
    }
    // 4 × 4 tiles cover 300 × 300 at 96 pixels; each frame draws each tile once.
    #expect(tiled.tiles.drawCount == 3 * 16)
    #expect(painter.calls == 3 * 16)
    #expect(painter.overlaps == 0)

    let (context1, tiled1, painter1) = Self.scene()
    let single = CARenderer(context: context1)
    single.bands.bandLimit = 1
    let reference = try #require(CGContext(width: 300, height: 300))
    _ = single.render(in: reference, scale: 1)
    #expect(tiled1.tiles.drawCount == 16)
    #expect(painter1.calls == 16)
    let a = frame.makeImage()!.pixels
    let b = reference.makeImage()!.pixels
    let differing = zip(a, b).filter { $0 != $1 }.count
    #expect(differing == 0)

  }
}

import Foundation
import LayerKit
import LayerKitDemos
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// A layer whose content is drawn again at the same size uploads only the 32-texel tiles
/// that changed, into its kept texture (its own or its atlas slot).
@Suite struct GLUploadTests {
  /// A `width × height` opaque image: a gradient, with a dark square of `mark` texels at
  /// `at` when given.
  static func image(width: Int, height: Int, mark: (x: Int, y: Int)? = nil) -> CGImage {
    var px = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        px[i] = UInt8(x * 255 / width)
        px[i + 1] = UInt8(y * 255 / height)
        px[i + 2] = 160
        if let m = mark, (m.x..<m.x + 10).contains(x), (m.y..<m.y + 10).contains(y) {
          px[i] = 20
          px[i + 1] = 20
          px[i + 2] = 30
        }
      }
    }
    return CGImage(width: width, height: height, premultipliedRGBA: px)!
  }

  /// Renders `root` once, then once after `change`, through one renderer of a context;
  /// returns the second frame's counts, with both frames compared to the CPU's.
  static func uploads(
    _ root: CALayer, size: (Int, Int), gl: GLRenderBackend, after change: () -> Void
  ) throws -> GLRenderBackend.FrameStatistics {
    let context = CAContext(clock: CAManualClock())
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context, backend: gl)
    let target = try #require(CGContext(width: size.0, height: size.1))
    renderer.render(in: target, scale: 1)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    change()
    CATransaction.commit()
    context.commit()
    context.advance(by: 0.1)
    renderer.render(in: target, scale: 1)
    let frame = gl.lastFrame
    let cpu = CARenderer(context: context).render(width: size.0, height: size.1, scale: 1)
    let c = ImageComparison(cpu, target.makeImage()!)
    #expect(c.agrees, "\(c)")
    return frame
  }

  @Test(arguments: [(200, 120), (100, 60)])
  func aRedrawnImageUploadsTheTilesThatChanged(_ width: Int, _ height: Int) throws {
    // 200 × 120 is a texture of its own; 100 × 60 goes on an atlas page.
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(CGFloat(width), CGFloat(height))
    let layer = CALayer()
    layer.frame = root.bounds
    layer.contents = Self.image(width: width, height: height)
    root.addSublayer(layer)
    let frame = try Self.uploads(root, size: (width, height), gl: gl) {
      // A 10-texel square inside the tile at column 1, row 1.
      layer.contents = Self.image(width: width, height: height, mark: (40, 36))
    }
    // (The image 60 high has a last row of tiles 28 high.)
    #expect(frame.uploadedBytes == 32 * min(32, height - 32) * 4)
    #expect(gl.textures.atlasPages == (width <= 128 ? 1 : 0))
  }

  @Test func aRedrawnImageThatStraddlesTilesUploadsEachOfThem() throws {
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(200, 120)
    let layer = CALayer()
    layer.frame = root.bounds
    layer.contents = Self.image(width: 200, height: 120)
    root.addSublayer(layer)
    let frame = try Self.uploads(root, size: (200, 120), gl: gl) {
      // x 188…197 crosses the tiles at columns 5 and 6 (x 160…199, the last 8 wide),
      // y 90…99 rows 2 and 3 (y 64…119, the last 24 high): a run of 40 × 32 texels and
      // one of 40 × 24.
      layer.contents = Self.image(width: 200, height: 120, mark: (188, 90))
    }
    #expect(frame.uploadedBytes == (40 * 32 + 40 * 24) * 4)
    let moved = try Self.uploads(root, size: (200, 120), gl: gl) {
      // The old square's four tiles come back, the new one's (columns 4 and 5, rows 1
      // and 2) change: rows 1, 2 and 3 have runs of 64, 72 and 40 texels.
      layer.contents = Self.image(width: 200, height: 120, mark: (155, 60))
    }
    #expect(moved.uploadedBytes == (64 * 32 + 72 * 32 + 40 * 24) * 4, "\(moved)")
  }

  @Test func editedTextUploadsLessThanItsBitmap() throws {
    SceneRenderer.installFonts()
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(240, 40)
    let text = CATextLayer()
    text.frame = CGRect(x: 0, y: 0, width: 240, height: 40)
    text.fontSize = 18
    text.string = "Layers, composited"
    text.foregroundColor = RenderFixtures.ink
    root.addSublayer(text)
    let frame = try Self.uploads(root, size: (240, 40), gl: gl) {
      text.string = "Layers, composited!"
    }
    #expect(frame.uploadedBytes > 0)
    #expect(frame.uploadedBytes <= 240 * 40 * 4 / 3, "\(frame)")
  }

  @Test func tileHashesFindTheChangedRunsOfEachRow() {
    let a = GLTileHashes(Self.image(width: 100, height: 70))
    let b = GLTileHashes(Self.image(width: 100, height: 70, mark: (30, 60)))
    #expect(a.columns == 4 && a.rows == 3)
    // x 30…39 spans tiles 0 and 1; y 60…69 spans rows 1 and 2 (the last 6 high).
    #expect(
      b.changedRuns(since: a) == [
        PixelRect(x0: 0, y0: 32, x1: 64, y1: 64), PixelRect(x0: 0, y0: 64, x1: 64, y1: 70),
      ])
    #expect(a.changedRuns(since: a).isEmpty)
    let other = GLTileHashes(Self.image(width: 90, height: 70))
    #expect(other.changedRuns(since: a) == [PixelRect(x0: 0, y0: 0, x1: 90, y1: 70)])
  }
}

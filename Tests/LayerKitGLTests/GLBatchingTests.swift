import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitGL

/// Layer parts are drawn in batches, one instanced call each, and small textures share
/// atlas pages: a scene of many small layers takes a handful of draw calls and the same
/// pixels as the CPU compositor.
@Suite struct GLBatchingTests {
  /// 1,000 small layers on a 40 × 25 grid: coloured, rounded, bordered, faded, turned,
  /// showing an image or a shape (a texture each: the image's, or the shape's bitmap),
  /// over one background.
  static func grid() -> (CALayer, [CALayer]) {
    let root = RenderFixtures.root(400, 250)
    var layers: [CALayer] = []
    for k in 0..<1000 {
      let x = CGFloat(k % 40) * 10
      let y = CGFloat(k / 40) * 10
      let l: CALayer
      switch k % 4 {
      case 0:
        l = CALayer()
        l.contents = RenderFixtures.quadrants
      case 1:
        let s = CAShapeLayer()
        s.path = CGPath(
          ellipseIn: CGRect(x: 1, y: 1, width: 6, height: 6 - CGFloat(k % 3)), transform: nil)
        s.fillColor = CGColor(red: CGFloat(k % 7) / 7, green: 0.4, blue: 0.7, alpha: 1)
        l = s
      default:
        l = CALayer()
        l.backgroundColor = CGColor(
          red: 0.2, green: CGFloat(k % 11) / 11, blue: 0.5, alpha: k % 8 == 2 ? 0.6 : 1)
      }
      l.frame = CGRect(x: x + 1, y: y + 1, width: 8, height: 8)
      if k % 5 == 0 { l.cornerRadius = 2 }
      if k % 6 == 0 {
        l.borderWidth = 1
        l.borderColor = RenderFixtures.ink
      }
      if k % 9 == 0 { l.opacity = 0.7 }
      // (A turned shape's kept bitmap is resampled, not filled again as on the CPU: its
      // edges differ by more than the comparison's level; `GLFeatureTreeTests`.)
      if k % 13 == 0, k % 4 != 1 { l.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) }
      root.addSublayer(l)
      layers.append(l)
    }
    return (root, layers)
  }

  /// A `width × height` image of 8-pixel checks, opaque.
  static func checker(width: Int, height: Int) -> CGImage {
    var px = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width where (x / 8 + y / 8) % 2 == 0 {
        let i = (y * width + x) * 4
        px[i] = 40
        px[i + 1] = UInt8(x * 255 / width)
        px[i + 2] = UInt8(y * 255 / height)
      }
    }
    return CGImage(width: width, height: height, premultipliedRGBA: px)!
  }

  @Test func aThousandSmallLayersDrawInAtMostTenCalls() throws {
    let gl = try GLTestSupport.backend()
    let (root, layers) = Self.grid()
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    let first = gl.lastFrame
    let c = ImageComparison(cpu, gpu)
    #expect(c.agrees, "\(c)")
    // Every layer draws at least one part; the image and shape textures share one page.
    #expect(first.draws >= 1000)
    #expect(first.drawCalls <= 10, "\(first)")
    #expect(gl.textures.atlasPages == 1)

    // Moved and faded, the layers keep their textures: nothing is uploaded, and the frame
    // is still a handful of calls.
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    context.layer = root
    for (k, l) in layers.enumerated() where k % 10 == 0 {
      let move = CABasicAnimation(keyPath: "position.y")
      move.byValue = 3.0
      move.duration = 1
      l.add(move, forKey: "move")
    }
    let target = try #require(CGContext(width: 400, height: 250))
    let frames = GLTestSupport.play(3, step: 0.25, context: context, gl: gl, into: target)
    for f in frames.dropFirst() {
      #expect(f.uploadedBytes == 0)
      #expect(f.drawCalls <= 10, "\(f)")
    }
  }

  @Test func aBatchIsIssuedWhereTheSampledTextureChanges() throws {
    // Two images too large for the atlas, drawn alternately: each change of texture ends
    // a batch; the backgrounds between them ride along.
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(300, 200)
    let big = [
      Self.checker(width: 160, height: 160),
      Self.checker(width: 150, height: 150),
    ]
    for k in 0..<6 {
      let l = CALayer()
      l.frame = CGRect(x: CGFloat(k) * 40, y: 10, width: 60, height: 60)
      l.contents = big[k % 2]
      l.backgroundColor = RenderFixtures.paper
      root.addSublayer(l)
    }
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(ImageComparison(cpu, gpu).agrees)
    #expect(gl.lastFrame.drawCalls == 6)
    #expect(gl.lastFrame.draws == 13)
    #expect(gl.textures.atlasPages == 0)
  }

  @Test func theRecordTexturesAreBoundedAndFollowWhatFramesNeed() throws {
    // 40 layers alternating two large images: 40 batches, through a pool of 32 record
    // textures taken again from the first; then a frame of one batch keeps one.
    let gl = try GLTestSupport.backend()
    let root = RenderFixtures.root(400, 100)
    let big = [Self.checker(width: 160, height: 160), Self.checker(width: 150, height: 150)]
    for k in 0..<40 {
      let l = CALayer()
      l.frame = CGRect(x: CGFloat(k) * 9, y: 10, width: 30, height: 30)
      l.contents = big[k % 2]
      root.addSublayer(l)
    }
    let (cpu, gpu) = GLTestSupport.renderBoth(root, gl: gl)
    #expect(ImageComparison(cpu, gpu).agrees)
    #expect(gl.lastFrame.drawCalls == 40)
    #expect(gl.drawer.recordTextureCount == GLQuadDrawer.recordTexturePool)
    let small = RenderFixtures.root(40, 40)
    _ = CARenderer(layer: small, backend: gl).render(width: 40, height: 40, scale: 1)
    _ = CARenderer(layer: small, backend: gl).render(width: 40, height: 40, scale: 1)
    #expect(gl.lastFrame.drawCalls == 1)
    #expect(gl.drawer.recordTextureCount == 1)
  }

  @Test func anAtlasPageGoesWithItsLastTextureWhenTheBudgetNeedsRoom() throws {
    // The budget holds one page and a little more: a large texture needs the room the
    // page takes, so the idle small textures are dropped and their page with them.
    let gl = try GLTestSupport.backend(textureBudget: GLTextureAtlas.pageBytes + 200 * 200 * 4)
    let small = RenderFixtures.root(100, 100)
    for k in 0..<10 {
      let s = CAShapeLayer()
      s.frame = CGRect(x: CGFloat(k) * 10, y: 10, width: 8, height: 8)
      s.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
      s.fillColor = RenderFixtures.ink
      small.addSublayer(s)
    }
    _ = CARenderer(layer: small, backend: gl).render(width: 100, height: 100, scale: 1)
    #expect(gl.textures.atlasPages == 1)
    #expect(gl.textureBytes == GLTextureAtlas.pageBytes)

    let large = RenderFixtures.root(300, 300)
    let image = CALayer()
    image.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
    image.contents = Self.checker(width: 300, height: 300)
    large.addSublayer(image)
    let (cpu, gpu) = GLTestSupport.renderBoth(large, gl: gl)
    #expect(ImageComparison(cpu, gpu).agrees)
    #expect(gl.textures.atlasPages == 0)
    #expect(gl.textureBytes == 300 * 300 * 4)
    #expect(gl.textureEvictions == 10)
  }
}

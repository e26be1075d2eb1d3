import Foundation
import Testing

@testable import LayerGraphics

/// Mip chains (levels of known images) and the trilinear image paint.
@Suite struct MipmapTests {
  /// A `w × h` checkerboard of `cell`-pixel squares, opaque black and white.
  static func checkerboard(_ w: Int, _ h: Int, cell: Int = 1) -> CGImage {
    var px = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w where (x / cell + y / cell) % 2 == 0 {
        px.replaceSubrange((y * w + x) * 4..<(y * w + x) * 4 + 3, with: [255, 255, 255])
      }
    }
    for i in stride(from: 3, to: px.count, by: 4) { px[i] = 255 }
    return CGImage(width: w, height: h, premultipliedRGBA: px)!
  }

  /// Bytes (R, G, B, A) of a packed pixel.
  static func bytes(_ p: UInt32) -> [Int] {
    [Int(p & 255), Int(p >> 8 & 255), Int(p >> 16 & 255), Int(p >> 24)]
  }

  @Test(arguments: [
    (1, 1, [(1, 1)]), (5, 3, [(3, 2), (2, 1), (1, 1)]), (8, 1, [(4, 1), (2, 1), (1, 1)]),
    (7, 9, [(4, 5), (2, 3), (1, 2), (1, 1)]),
  ])
  func levelSizesHalveRoundingUpDownToOnePixel(w: Int, h: Int, sizes: [(Int, Int)]) {
    let chain = MipmapChain(Self.checkerboard(w, h))
    let expected = w == 1 && h == 1 ? [] : sizes
    #expect(chain.reduced.map { [$0.width, $0.height] } == expected.map { [$0.0, $0.1] })
    #expect(chain.levelCount == expected.count + 1)
    #expect(chain.size(ofLevel: 0) == (w, h))
  }

  @Test func checkerboardAveragesToGreyAtLevelOne() {
    let chain = MipmapChain(Self.checkerboard(16, 16))
    // Two white and two black pixels: (510 + 2) >> 2 = 128 exactly, every level on.
    for level in chain.reduced {
      for p in level.pixels { #expect(Self.bytes(p) == [128, 128, 128, 255]) }
    }
  }

  @Test func oddEdgesAverageOnlyThePixelsThatExist() {
    // 3 × 3: values 0, 40, 80 / 120, 160, 200 / 240, 20, 60 in red, alpha 255.
    let reds: [UInt8] = [0, 40, 80, 120, 160, 200, 240, 20, 60]
    let px: [UInt8] = reds.flatMap { r -> [UInt8] in [r, 0, 0, 255] }
    let chain = MipmapChain(CGImage(width: 3, height: 3, premultipliedRGBA: px)!)
    let l1 = chain.reduced[0]
    #expect(l1.width == 2 && l1.height == 2)
    let red = l1.pixels.map { Self.bytes($0)[0] }
    // (0+40+120+160)/4 = 80; (80+200)/2 = 140; (240+20)/2 = 130; 60 alone.
    #expect(red == [80, 140, 130, 60])
    // Level 2: (80 + 140 + 130 + 60 + 2) >> 2 = 103.
    #expect(Self.bytes(chain.reduced[1].pixels[0])[0] == 103)
  }

  @Test func transparentPixelsAverageWithoutDarkening() {
    // One opaque red pixel and three clear ones: premultiplied (64, 0, 0, 64), still red.
    let px: [UInt8] = [255, 0, 0, 255] + [UInt8](repeating: 0, count: 12)
    let chain = MipmapChain(CGImage(width: 2, height: 2, premultipliedRGBA: px)!)
    #expect(Self.bytes(chain.reduced[0].pixels[0]) == [64, 0, 0, 64])
  }

  @Test func cacheBuildsOncePerImageAndHoldsImagesWeakly() {
    let cache = MipmapCache()
    var image: CGImage? = Self.checkerboard(32, 32)
    let a = cache.chain(for: image!)
    let b = cache.chain(for: image!)
    #expect(a === b)
    #expect(cache.buildCount == 1)
    // An equal but distinct image object gets its own chain.
    _ = cache.chain(for: Self.checkerboard(32, 32))
    #expect(cache.buildCount == 2)
    image = nil
    _ = cache.chain(for: Self.checkerboard(4, 4))
    #expect(cache.count == 1)  // the two released images' entries are gone
  }

  @Test func cacheDropsTheLeastRecentlyUsedBeyondItsBound() {
    let cache = MipmapCache(maximumEntries: 2)
    let images = (0..<3).map { _ in Self.checkerboard(8, 8) }
    _ = cache.chain(for: images[0])
    _ = cache.chain(for: images[1])
    _ = cache.chain(for: images[0])  // images[1] is now the least recently used
    _ = cache.chain(for: images[2])
    #expect(cache.count == 2)
    _ = cache.chain(for: images[0])
    #expect(cache.buildCount == 3)
    _ = cache.chain(for: images[1])
    #expect(cache.buildCount == 4)
  }

  /// Draws `image` into a `size × size` bitmap filling it, trilinearly at `bias`.
  static func drawMipmapped(_ image: CGImage, size: Int, bias: CGFloat, alpha: CGFloat = 1)
    -> CGImage
  {
    let ctx = CGContext(width: size, height: size)!
    ctx.setAlpha(alpha)
    ctx.drawMipmapped(image, in: CGRect(x: 0, y: 0, width: size, height: size), lodBias: bias)
    return ctx.makeImage()!
  }

  @Test(arguments: [
    (64, 16, 0.0, 2.0), (64, 16, 1.0, 3.0), (64, 16, -0.5, 1.5), (64, 64, 0.0, 0.0),
    (64, 9, 0.0, 2.830),
  ])
  func levelOfDetailIsLog2OfImagePixelsPerDevicePixelPlusBias(
    image: Int, device: Int, bias: Double, lod: Double
  ) {
    let s = CGFloat(image) / CGFloat(device)
    let m = CGAffineTransform(scaleX: s, y: s)
    #expect(abs(CGContext.levelOfDetail(m, bias: bias) - lod) < 1e-3)
  }

  @Test func levelOfDetailFollowsTheMoreMinifiedAxis() {
    let m = CGAffineTransform(scaleX: 2, y: 8).concatenating(CGAffineTransform(rotationAngle: 0.3))
    #expect(abs(CGContext.levelOfDetail(m, bias: 0) - 3) < 1e-9)
  }

  @Test func atOrBelowLevelZeroItDrawsExactlyAsBilinear() {
    let image = Self.checkerboard(48, 48, cell: 3)
    let ctx = CGContext(width: 24, height: 24)!
    ctx.draw(image, in: CGRect(x: 0, y: 0, width: 24, height: 24))
    // 2× minification is λ = 1; a bias of −1 brings it to level 0.
    #expect(Self.drawMipmapped(image, size: 24, bias: -1).pixels == ctx.makeImage()!.pixels)
  }

  @Test func aFractionalLevelBlendsTheTwoLevelsAroundIt() {
    let image = Self.checkerboard(48, 48, cell: 3)
    let l1 = Self.drawMipmapped(image, size: 24, bias: 0)  // λ = 1
    let l2 = Self.drawMipmapped(image, size: 24, bias: 1)  // λ = 2
    let mid = Self.drawMipmapped(image, size: 24, bias: 0.5)  // λ = 1.5, weight 128
    #expect(l1.pixels != l2.pixels)
    for i in l1.pixels.indices {
      let expected = (Int(l1.pixels[i]) * 128 + Int(l2.pixels[i]) * 128) >> 8
      #expect(abs(Int(mid.pixels[i]) - expected) <= 1, "byte \(i)")
    }
  }

  @Test func levelsPastTheChainClampToTheLastLevel() {
    let image = Self.checkerboard(16, 16)
    let far = Self.drawMipmapped(image, size: 4, bias: 20)  // λ = 22 → level 4 (1 × 1)
    for i in stride(from: 0, to: far.pixels.count, by: 4) {
      #expect(Array(far.pixels[i..<i + 4]) == [128, 128, 128, 255])
    }
  }

  @Test func globalAlphaScalesTheBlend() {
    let image = Self.checkerboard(32, 32)
    let half = Self.drawMipmapped(image, size: 8, bias: 0, alpha: 0.5)
    // Grey 128 at opacity 128/255: 128·128/255 ≈ 64.
    for i in stride(from: 0, to: half.pixels.count, by: 4) {
      #expect(Array(half.pixels[i..<i + 4]) == [64, 64, 64, 128])
    }
  }
}

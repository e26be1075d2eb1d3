import Foundation
import Testing

@_spi(Benchmarks) @testable import LayerGraphics

/// The blur against a plain reference of its recipe: three horizontal then three
/// vertical running-sum box passes, each rounding to bytes as `(sum · ⌊2²⁴/n⌋ + 2²³) >> 24`.
/// Results must match exactly (tolerance 0), on one thread and on two (large regions).
@Suite struct GaussianBlurTests {
  /// Box passes on `channels` interleaved byte channels, one sample at a time.
  static func reference(_ v: [UInt8], width: Int, height: Int, channels: Int, sigma: Double)
    -> [UInt8]
  {
    var img = v
    let passes = GaussianBlur.boxes(sigma: sigma)
    func pass(_ get: (Int) -> Int, count: Int, reach: (left: Int, right: Int)) -> [UInt8] {
      let recip = (1 << 24) / (reach.left + reach.right + 1)
      return (0..<count).map { x in
        var sum = 0
        for k in (x - reach.left)...(x + reach.right) where k >= 0 && k < count {
          sum += Int(img[get(k)])
        }
        return UInt8((sum * recip + (1 << 23)) >> 24)
      }
    }
    for reach in passes {
      for y in 0..<height {
        for c in 0..<channels {
          let out = pass({ (y * width + $0) * channels + c }, count: width, reach: reach)
          for x in 0..<width { img[(y * width + x) * channels + c] = out[x] }
        }
      }
    }
    for reach in passes {
      for x in 0..<width {
        for c in 0..<channels {
          let out = pass({ ($0 * width + x) * channels + c }, count: height, reach: reach)
          for y in 0..<height { img[(y * width + x) * channels + c] = out[y] }
        }
      }
    }
    return img
  }

  static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
    var s = seed
    return (0..<count).map { _ in
      s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: s >> 40)
    }
  }

  /// (width, height, σ): small regions, an even box width (σ = 2 → d = 4), one large
  /// enough for two threads, rows and columns that are not multiples of 16 (the lane
  /// passes' overlapping last step), blocks of fewer than 16 rows (the 32-bit passes)
  /// and a σ too large for 16-bit lanes (σ = 120 → boxes of 225 and 226).
  @Test(arguments: [
    (9, 7, 1.5), (33, 20, 2.0), (70, 12, 10.0), (300, 230, 3.0), (17, 81, 2.5), (100, 15, 6.0),
    (64, 70, 4.0),
    (260, 40, 120.0),
  ])
  func alphaBlurMatchesTheReferencePasses(width: Int, height: Int, sigma: Double) {
    var img = Self.noise(width * height, seed: UInt64(width))
    let expected = Self.reference(img, width: width, height: height, channels: 1, sigma: sigma)
    img.withUnsafeMutableBufferPointer {
      GaussianBlur.blurAlpha(
        $0.baseAddress!, width: width, height: height, stride: width, sigma: sigma)
    }
    #expect(img == expected)
  }

  @Test(arguments: [(9, 7, 1.5), (70, 33, 2.0), (150, 120, 4.0), (5, 37, 2.0), (21, 19, 7.0)])
  func rgbaBlurMatchesTheReferencePasses(width: Int, height: Int, sigma: Double) {
    var img = Self.noise(width * height * 4, seed: UInt64(height))
    let expected = Self.reference(img, width: width, height: height, channels: 4, sigma: sigma)
    img.withUnsafeMutableBytes {
      let px = $0.bindMemory(to: UInt32.self).baseAddress!
      GaussianBlur.blurRGBA(px, width: width, height: height, stride: width, sigma: sigma)
    }
    #expect(img == expected)
  }

  /// The 16-bit lane division gives the 32-bit rounding for every sum a box of width
  /// `n` can hold, for every width it accepts; it accepts every width up to 128.
  @Test func laneDivisionMatchesTheReciprocalRounding() {
    var accepted = 0
    for n in 2...300 {
      let reach = (left: n / 2, right: n - 1 - n / 2)
      guard let d = BoxPasses.Divisor(reach) else {
        #expect(n > 128, "width \(n)")
        continue
      }
      accepted += 1
      let recip = (1 << 24) / n
      var mismatches = 0
      for sum in 0...(255 * n) where d.divide(sum) != (sum * recip + (1 << 23)) >> 24 {
        mismatches += 1
      }
      #expect(mismatches == 0, "width \(n)")
    }
    #expect(accepted >= 127)
  }

  /// Blurring the alpha of pixels straight into a byte plane equals copying the alpha
  /// out and blurring it in place (tolerance 0), with strides wider than the region.
  @Test(arguments: [(13, 9, 1.5), (40, 70, 5.0), (90, 33, 0.2)])
  func alphaOfPixelsMatchesCopyThenBlur(width: Int, height: Int, sigma: Double) {
    let stride = width + 3
    let bytes = Self.noise(stride * height * 4, seed: UInt64(width * 7))
    let pixels: [UInt32] = (0..<(stride * height)).map { k in
      UInt32(bytes[4 * k]) | UInt32(bytes[4 * k + 3]) << 24
    }
    var expected = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width { expected[y * width + x] = UInt8(pixels[y * stride + x] >> 24) }
    }
    expected.withUnsafeMutableBufferPointer {
      GaussianBlur.blurAlpha(
        $0.baseAddress!, width: width, height: height, stride: width, sigma: sigma)
    }
    var actual = [UInt8](repeating: 7, count: (width + 1) * height)
    pixels.withUnsafeBufferPointer { p in
      actual.withUnsafeMutableBufferPointer { a in
        GaussianBlur.blurAlpha(
          ofPixels: p.baseAddress!, pixelStride: stride, width: width, height: height,
          into: a.baseAddress!, alphaStride: width + 1, sigma: sigma)
      }
    }
    for y in 0..<height {
      #expect(
        Array(actual[(y * (width + 1))..<(y * (width + 1) + width)])
          == Array(expected[(y * width)..<((y + 1) * width)]))
      #expect(actual[y * (width + 1) + width] == 7)
    }
  }
}

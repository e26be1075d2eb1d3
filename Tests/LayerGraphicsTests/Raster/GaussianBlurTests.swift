import Foundation
@_spi(Benchmarks) @testable import LayerGraphics
import Testing

/// The blur against a plain reference of its recipe: three horizontal then three
/// vertical running-sum box passes, each rounding to bytes as `(sum · ⌊2²⁴/n⌋ + 2²³) >> 24`.
/// Results must match exactly (tolerance 0), on one thread and on two (large regions).
@Suite struct GaussianBlurTests {
  /// Box passes on `channels` interleaved byte channels, one sample at a time.
  static func reference(_ v: [UInt8], width: Int, height: Int, channels: Int, sigma: Double) -> [UInt8] {
    var img = v
    let passes = GaussianBlur.boxes(sigma: sigma)
    func pass(_ get: (Int) -> Int, count: Int, reach: (left: Int, right: Int)) -> [UInt8] {
      let recip = (1 << 24) / (reach.left + reach.right + 1)
      return (0..<count).map { x in
        var sum = 0
        for k in (x - reach.left)...(x + reach.right) where k >= 0 && k < count { sum += Int(img[get(k)]) }
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
    (9, 7, 1.5), (33, 20, 2.0), (70, 12, 10.0), (300, 230, 3.0), (17, 81, 2.5), (100, 15, 6.0), (64, 70, 4.0),
    (260, 40, 120.0),
  ])
  func alphaBlurMatchesTheReferencePasses(width: Int, height: Int, sigma: Double) {
    var img = Self.noise(width * height, seed: UInt64(width))
    let expected = Self.reference(img, width: width, height: height, channels: 1, sigma: sigma)
    img.withUnsafeMutableBufferPointer {
      GaussianBlur.blurAlpha($0.baseAddress!, width: width, height: height, stride: width, sigma: sigma)
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
      for sum in 0...(255 * n) where d.divide(sum) != (sum * recip + (1 << 23)) >> 24 { mismatches += 1 }
      #expect(mismatches == 0, "width \(n)")
    }
    #expect(accepted >= 127)
  }
}

import Foundation
import Testing

@testable import LayerKitSDL

/// PNG encoding and PNG/JPEG/WebP decoding through SDL_image.
@Suite struct ImageCodecTests {
  /// A deterministic image whose every byte differs from its neighbours'.
  static func sampleImage(width: Int, height: Int, opaque: Bool) -> CGImage {
    var straight = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        straight[i] = UInt8((x * 37 + y * 11) & 255)
        straight[i + 1] = UInt8((x * 5 + y * 53) & 255)
        straight[i + 2] = UInt8((x * y * 7 + 19) & 255)
        straight[i + 3] = opaque ? 255 : UInt8((x * 29 + y * 17) & 255)
      }
    }
    return CGImage(width: width, height: height, straightRGBA: straight)!
  }

  static func fixture(_ name: String) throws -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    return try Data(contentsOf: url)
  }

  @Test(arguments: [true, false])
  func pngRoundTripGivesBackTheSamePremultipliedBytes(opaque: Bool) throws {
    // Premultiplying c·255/a rounded gives back c exactly for a < 255 (the rounding error
    // of each step is under half a unit), and a = 255 is stored untouched; so the round
    // trip is exact and the tolerance is zero.
    let image = Self.sampleImage(width: 37, height: 23, opaque: opaque)
    let png = try #require(image.pngData())
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(EncodedImageFormat.detect(png) == .png)
    let decoded = try CGImage(pngData: png)
    #expect(decoded.width == 37 && decoded.height == 23)
    #expect(decoded.pixels == image.pixels)
  }

  @Test func pngOfFullyTransparentPixelsDecodesToZero() throws {
    let image = CGImage(width: 2, height: 1, premultipliedRGBA: [0, 0, 0, 0, 10, 20, 30, 40])!
    let decoded = try CGImage(pngData: try #require(image.pngData()))
    #expect(decoded.pixels == image.pixels)
  }

  @Test func emptyDataIsRejected() {
    #expect(throws: ImageDecodingError.emptyData) { try CGImage(encodedData: Data()) }
  }

  @Test func randomBytesAreAnUnsupportedFormat() {
    var generator = SplitMix64(seed: 42)
    let bytes = Data((0..<512).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    #expect(EncodedImageFormat.detect(bytes) == nil)
    do {
      _ = try CGImage(encodedData: bytes)
      Issue.record("random bytes decoded")
    } catch {
      guard case .unsupportedFormat(let message) = error else {
        Issue.record("expected unsupportedFormat, got \(error)")
        return
      }
      #expect(!message.isEmpty)
    }
  }

  @Test(arguments: [8, 33, 60, 0.5])
  func truncatedPNGIsCorrupt(keepFraction: Double) throws {
    let png = try #require(Self.sampleImage(width: 16, height: 16, opaque: false).pngData())
    let keep = keepFraction < 1 ? Int(Double(png.count) * keepFraction) : Int(keepFraction)
    do {
      _ = try CGImage(pngData: png.prefix(keep))
      Issue.record("a PNG cut to \(keep) of \(png.count) bytes decoded")
    } catch {
      guard case .corruptData(.png, let message) = error else {
        Issue.record("expected corruptData(.png), got \(error)")
        return
      }
      #expect(!message.isEmpty)
    }
  }

  @Test func imagesWiderThanTheLimitAreTooLarge() throws {
    let width = CGImage.maximumDimension + 1
    let png = try SDLImageCodec.encode(
      straightRGBA: [UInt8](repeating: 255, count: width * 4), width: width, height: 1, as: .png)
    #expect(throws: ImageDecodingError.tooLarge(width: width, height: 1)) {
      try CGImage(encodedData: png)
    }
  }

  @Test func jpegDecodesFlatColoursClosely() throws {
    // JPEG is lossy and its decoder smooths subsampled colour across block edges; the
    // inside of flat 16×16 quadrants (4 pixels away from any colour edge) survives
    // quality 95 within a few units.
    var straight = [UInt8]()
    for y in 0..<32 {
      for x in 0..<32 {
        straight += (x < 16) == (y < 16) ? [200, 40, 30, 255] : [20, 90, 220, 255]
      }
    }
    let image = CGImage(width: 32, height: 32, straightRGBA: straight)!
    let jpeg = try #require(image.jpegData(quality: 95))
    #expect(EncodedImageFormat.detect(jpeg) == .jpeg)
    let decoded = try CGImage(encodedData: jpeg)
    #expect(decoded.width == 32 && decoded.height == 32)
    var worst = 0
    for y in 0..<32 where abs(y - 16) >= 4 && abs(y - 16) <= 12 {
      for x in 0..<32 where abs(x - 16) >= 4 && abs(x - 16) <= 12 {
        let a = decoded.pixel(x: x, y: y)
        let b = image.pixel(x: x, y: y)
        worst = max(
          worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)),
          abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
      }
    }
    #expect(worst <= 4)
  }

  @Test func truncatedJPEGIsCorrupt() throws {
    let jpeg = try #require(
      Self.sampleImage(width: 16, height: 16, opaque: true).jpegData(quality: 90))
    do {
      _ = try CGImage(encodedData: jpeg.prefix(20))
      Issue.record("a truncated JPEG decoded")
    } catch {
      guard case .corruptData(.jpeg, _) = error else {
        Issue.record("expected corruptData(.jpeg), got \(error)")
        return
      }
    }
  }

  @Test func losslessWebPFixtureDecodesToPremultipliedPixels() throws {
    // Made with `cwebp -lossless -exact` from straight RGBA:
    // row 0: red, green, blue (opaque); row 1: white at 128, clear, (200,100,50) at 64.
    let webp = try Self.fixture("rgba-3x2-lossless.webp")
    #expect(EncodedImageFormat.detect(webp) == .webp)
    let image = try CGImage(encodedData: webp)
    #expect(image.width == 3 && image.height == 2)
    let expected: [UInt8] = [
      255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
      128, 128, 128, 128, 0, 0, 0, 0, 50, 25, 13, 64,
    ]
    #expect(image.pixels == expected)
  }

  @Test(
    arguments: [
      // Indexed colour with a transparency chunk: red, clear white, green, white.
      ("palette-alpha-2x2.png", [255, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 255, 255, 255, 255, 255]),
      // Grey with alpha: 54 opaque, 18 clear, 182 at 128 (premultiplied to 91), 255 opaque.
      ("gray-alpha-2x2.png", [54, 54, 54, 255, 0, 0, 0, 0, 91, 91, 91, 128, 255, 255, 255, 255]),
    ] as [(String, [UInt8])])
  func pngColourTypesDecodeToPremultipliedRGBA(fixture: String, expected: [UInt8]) throws {
    let image = try CGImage(pngData: try Self.fixture(fixture))
    #expect(image.width == 2 && image.height == 2)
    #expect(image.pixels == expected)
  }

  @Test func truncatedWebPIsCorrupt() throws {
    let webp = try Self.fixture("rgba-3x2-lossless.webp")
    do {
      _ = try CGImage(encodedData: webp.prefix(30))
      Issue.record("a truncated WebP decoded")
    } catch {
      guard case .corruptData(.webp, _) = error else {
        Issue.record("expected corruptData(.webp), got \(error)")
        return
      }
    }
  }
}

/// A tiny deterministic generator for test data.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

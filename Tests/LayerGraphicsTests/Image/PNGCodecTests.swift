import Foundation
import Testing

@testable import LayerGraphics

/// The pure-Swift PNG codec: files made by another encoder (zlib's, through
/// `Fixtures/make-png-fixtures.py`) decode pixel for pixel, our own files round-trip, and
/// damaged data throws the right error.
@Suite struct PNGCodecTests {
  static func fixture(_ name: String) throws -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    return try Data(contentsOf: url)
  }

  /// The straight RGBA the generator's formula gives at (x, y), 8 bits per channel.
  typealias Formula = @Sendable (Int, Int) -> [Int]

  static let formulas: [(String, Int, Int, Formula)] = [
    (
      "gray1-adam7-13x11.png", 13, 11,
      { x, y in
        let v = (x * 3 + y * 5) % 7 < 3 ? 255 : 0
        return [v, v, v, 255]
      }
    ),
    (
      "palette4-trns-13x11.png", 13, 11,
      { x, y in
        let i = (x + 2 * y) % 11
        return [i * 23 % 256, i * 51 % 256, i * 97 % 256, i < 5 ? i * 50 : 255]
      }
    ),
    (
      "rgb16-trns-adam7-13x11.png", 13, 11,
      { x, y in
        let rgb = [
          (x * 4099 + y * 7) & 0xFFFF, (x * 257 * y) & 0xFFFF, (65535 - x * 1000) & 0xFFFF,
        ]
        let key = [0, 0, 65535]  // the formula at (0, 0), named in tRNS
        return rgb.map { $0 >> 8 } + [rgb == key ? 0 : 255]
      }
    ),
    (
      "grayalpha16-13x11.png", 13, 11,
      { x, y in
        let v = ((x * 5000) & 0xFFFF) >> 8
        return [v, v, v, ((y * 6000) & 0xFFFF) >> 8]
      }
    ),
    ("rgba8-stored-13x11.png", 13, 11, rgba),
    ("rgba8-dynamic-64x64.png", 64, 64, rgba),
  ]

  static let rgba: Formula = { x, y in
    [(x * 7 + y) % 256, (y * 13) % 256, (x * y) % 256, (x + y) % 3 != 0 ? 255 : (x * 9) % 256]
  }

  @Test(arguments: 0..<formulas.count)
  func decodesEveryColourTypeDepthFilterAndBlockKind(index: Int) throws {
    let (name, width, height, formula) = Self.formulas[index]
    let image = try CGImage(pngData: try Self.fixture(name))
    #expect(image.width == width && image.height == height)
    var straight = [UInt8]()
    for y in 0..<height {
      for x in 0..<width { straight += formula(x, y).map { UInt8($0) } }
    }
    let expected = try #require(CGImage(width: width, height: height, straightRGBA: straight))
    #expect(image.pixels == expected.pixels, "\(name)")
  }

  static func sample(width: Int, height: Int, opaque: Bool) -> CGImage {
    var straight = [UInt8]()
    for y in 0..<height {
      for x in 0..<width {
        straight += [UInt8((x * 37) % 256), UInt8((y * 59) % 256), UInt8((x ^ y) & 0xFF)]
        straight.append(opaque ? 255 : UInt8((x * 11 + y * 3) % 256))
      }
    }
    return CGImage(width: width, height: height, straightRGBA: straight)!
  }

  @Test(arguments: [(1, 1, true), (7, 3, false), (64, 40, true), (300, 20, false)])
  func ownFilesRoundTripExactly(width: Int, height: Int, opaque: Bool) throws {
    let image = Self.sample(width: width, height: height, opaque: opaque)
    let png = try #require(image.pngData())
    // Colour type 2 (RGB) when every pixel is opaque, 6 (RGBA) otherwise.
    #expect(png[25] == (opaque ? 2 : 6))
    let decoded = try CGImage(pngData: png)
    #expect(decoded.pixels == image.pixels)
    #expect(image.pngData() == png)
  }

  @Test func repetitiveImagesCompress() throws {
    let flat = try #require(
      CGImage(width: 200, height: 200, premultipliedRGBA: [UInt8](repeating: 200, count: 160_000)))
    let png = try #require(flat.pngData())
    #expect(png.count < 2_000)
    #expect(try CGImage(pngData: png).pixels == flat.pixels)
  }

  @Test(arguments: [8, 20, 33, 50, 0.5, 0.9])
  func truncatedFilesAreCorrupt(keep: Double) throws {
    let png = try #require(Self.sample(width: 16, height: 16, opaque: false).pngData())
    let count = keep < 1 ? Int(Double(png.count) * keep) : Int(keep)
    #expect {
      _ = try CGImage(pngData: png.prefix(count))
    } throws: { error in
      guard case .corruptData(.png, let message) = error as? ImageDecodingError else {
        return false
      }
      return !message.isEmpty
    }
  }

  @Test func flippedBitsFailTheChecksums() throws {
    var png = try #require(Self.sample(width: 16, height: 16, opaque: false).pngData())
    png[png.count / 2] ^= 0x10
    #expect(throws: ImageDecodingError.self) { try CGImage(pngData: png) }
  }

  @Test func otherDataIsUnsupportedAndEmptyDataIsEmpty() {
    #expect(throws: ImageDecodingError.emptyData) { try CGImage(pngData: Data()) }
    #expect {
      try CGImage(pngData: Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]))
    } throws: { error in
      if case .unsupportedFormat = error as? ImageDecodingError { return true }
      return false
    }
  }

  @Test func oversizedHeadersAreTooLargeBeforeAnyPixelIsRead() throws {
    var png = try #require(Self.sample(width: 2, height: 2, opaque: true).pngData())
    // IHDR's width is bytes 16..<20; make it 40000 and fix the chunk's CRC.
    png.replaceSubrange(16..<20, with: [0, 0, 0x9C, 0x40])
    let crc = CRC32.checksum([UInt8](png), 12..<29)
    png.replaceSubrange(
      29..<33, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32($0))) })
    #expect(throws: ImageDecodingError.tooLarge(width: 40_000, height: 2)) {
      try CGImage(pngData: png)
    }
  }

  @Test func inflateRejectsALengthLongerThanTheLimit() throws {
    let stream = Deflater.deflate(zlib: [UInt8](repeating: 7, count: 1000))
    #expect(try Inflater.inflate(zlib: stream, limit: 1000) == [UInt8](repeating: 7, count: 1000))
    #expect(throws: InflateError.self) { try Inflater.inflate(zlib: stream, limit: 999) }
  }
}

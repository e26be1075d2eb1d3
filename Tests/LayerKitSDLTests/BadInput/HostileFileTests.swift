import Foundation
import Testing

@testable import LayerKitSDL

/// Hostile files: data that claims more than it is, or is not what LayerKit decodes.
/// Each is refused with a typed error before a decoder allocates anything; each runs in
/// its own process, since a regression would allocate gigabytes or crash.
@Suite struct HostileFileTests {
  /// A PNG signature and an IHDR chunk declaring `width` × `height` (8-bit `colorType`),
  /// followed by `filler` bytes of nothing useful.
  static func pngHeader(width: UInt32, height: UInt32, colorType: UInt8 = 0, filler: Int = 64)
    -> Data
  {
    var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    d.append(contentsOf: Array("IHDR".utf8))
    for v in [width, height] { withUnsafeBytes(of: v.bigEndian) { d.append(contentsOf: $0) } }
    d.append(contentsOf: [8, colorType, 0, 0, 0, 0, 0, 0, 0])
    d.append(Data(count: filler))
    return d
  }

  /// The error decoding `data` throws, or nil when it decodes.
  static func error(decoding data: Data) -> ImageDecodingError? {
    do throws(ImageDecodingError) {
      _ = try CGImage(encodedData: data)
      return nil
    } catch {
      return error
    }
  }

  @Test func aPNGHeaderOf32768Squared1MBIsTooLarge() async {
    await #expect(processExitsWith: .success) {
      let data = HostileFileTests.pngHeader(width: 32768, height: 32768, filler: 1 << 20)
      precondition(
        HostileFileTests.error(decoding: data)
          == ImageDecodingError.tooLarge(width: 32768, height: 32768))
    }
  }

  @Test func aPNGWithinTheSideLimitButOverThePixelBudgetIsTooLarge() async {
    await #expect(processExitsWith: .success) {
      let data = HostileFileTests.pngHeader(width: 10_000, height: 10_000, colorType: 6)
      precondition(
        HostileFileTests.error(decoding: data)
          == ImageDecodingError.tooLarge(width: 10_000, height: 10_000))
    }
  }

  @Test func aJPEGFrameOf60000SquaredIsTooLarge() async {
    await #expect(processExitsWith: .success) {
      var data = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00])  // SOI, a short APP0
      data.append(contentsOf: [0xFF, 0xC0, 0x00, 0x11, 0x08, 0xEA, 0x60, 0xEA, 0x60, 0x03])  // SOF0
      data.append(Data(count: 64))
      precondition(
        HostileFileTests.error(decoding: data)
          == ImageDecodingError.tooLarge(width: 60_000, height: 60_000))
    }
  }

  @Test func aWebPCanvasOf16384SquaredIsTooLarge() async {
    await #expect(processExitsWith: .success) {
      var data = Data(
        Array("RIFF".utf8) + [0x40, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0])
      data.append(contentsOf: [0xFF, 0x3F, 0x00, 0xFF, 0x3F, 0x00])  // 16384 − 1, twice
      data.append(Data(count: 64))
      precondition(
        HostileFileTests.error(decoding: data)
          == ImageDecodingError.tooLarge(width: 16384, height: 16384))
    }
  }

  @Test func aGIMPXCFHeaderIsNotAFormatLayerKitDecodes() async {
    await #expect(processExitsWith: .success) {
      var data = Data("gimp xcf v011".utf8)
      data.append(contentsOf: [0, 0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 0, 0, 0, 0])
      guard case .unsupportedFormat = HostileFileTests.error(decoding: data) else {
        preconditionFailure("not refused as unsupported")
      }
    }
  }

  @Test func anSVGDocumentIsNotAFormatLayerKitDecodes() async {
    await #expect(processExitsWith: .success) {
      let svg =
        #"<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><rect width="30000" height="30000"/></svg>"#
      guard case .unsupportedFormat = HostileFileTests.error(decoding: Data(svg.utf8)) else {
        preconditionFailure("not refused as unsupported")
      }
    }
  }

  @Test func aPNGWhoseHeaderIsCutShortIsCorrupt() {
    let data = Self.pngHeader(width: 4, height: 4).prefix(20)
    guard case .corruptData(.png, _) = Self.error(decoding: data) else {
      Issue.record("expected corruptData(.png)")
      return
    }
  }

  @Test func headersOfRealFilesGiveTheirSizes() throws {
    let png = try #require(
      CGImage(width: 5, height: 3, premultipliedRGBA: [UInt8](repeating: 255, count: 60))?.pngData()
    )
    #expect(EncodedImageHeader(png, format: .png).map { [$0.width, $0.height] } == [5, 3])
    let jpeg = try #require(
      CGImage(width: 7, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 56))?.jpegData(
        quality: 80))
    #expect(EncodedImageHeader(jpeg, format: .jpeg).map { [$0.width, $0.height] } == [7, 2])
    let webp = try ImageCodecTests.fixture("rgba-3x2-lossless.webp")
    #expect(EncodedImageHeader(webp, format: .webp).map { [$0.width, $0.height] } == [3, 2])
  }

  /// Found by `Scripts/fuzz FuzzImageDecoding` (its wall-clock timeout, on a loaded
  /// machine): a 2 × 2 palette PNG with a damaged chunk. It decodes or is refused with a
  /// typed error, at once.
  @Test func aMutatedPalettePNGDecodesOrIsRefused() throws {
    let data = try ImageCodecTests.fixture("fuzz-palette-2x2-mutated.png")
    switch Self.error(decoding: data) {
    case nil, .corruptData(.png, _): break
    case let other?: Issue.record("unexpected \(other)")
    }
  }

  /// Found by `Scripts/fuzz FuzzImageDecoding`: a 220-byte PNG whose `gAMA` chunk runs
  /// past the end made libpng (through SDL_image, which ignores short reads) loop
  /// forever. Its own process, so a regression fails instead of hanging the run.
  @Test func aPNGChunkRunningPastTheEndIsCorruptNotAHang() async {
    await #expect(processExitsWith: .success) {
      let data = try! ImageCodecTests.fixture("fuzz-png-chunk-past-end.png")
      guard case .corruptData(.png, _) = HostileFileTests.error(decoding: data) else {
        preconditionFailure("not refused as corrupt")
      }
    }
  }
}

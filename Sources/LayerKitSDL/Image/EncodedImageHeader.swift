import Foundation

/// The pixel size an encoded image declares in its header, read without decoding.
///
/// Decoders allocate what the header asks for, so a few hundred bytes can claim a
/// 32768 × 32768 image (4 GiB of pixels). `SDLImageCodec` reads the size first and
/// refuses images over `maximumPixelCount` before a decoder runs.
struct EncodedImageHeader: Equatable {
  var width: Int
  var height: Int

  /// The most pixels a decoded image may have: `CGContext.maximumPixelCount` (2²⁶, a
  /// 8192 × 8192 image, 256 MiB of RGBA), since a larger one could not be drawn anyway.
  static let maximumPixelCount = CGContext.maximumPixelCount

  /// The size declared by `data`, which starts with `format`'s signature; nil when the
  /// header is cut short or malformed.
  init?(_ data: Data, format: EncodedImageFormat) {
    let bytes = [UInt8](data.prefix(64 * 1024))
    let size: (Int, Int)?
    switch format {
    case .png: size = Self.png(bytes)
    case .jpeg: size = Self.jpeg(data)
    case .webp: size = Self.webp(bytes)
    }
    guard let (w, h) = size else { return nil }
    width = w
    height = h
  }

  /// Whether the image fits the per-side and total pixel limits.
  var isWithinBudget: Bool { Self.fits(width: width, height: height) }

  /// Whether an image of `width` × `height` fits `CGImage.maximumDimension` per side and
  /// `maximumPixelCount` in all.
  static func fits(width: Int, height: Int) -> Bool {
    width <= CGImage.maximumDimension && height <= CGImage.maximumDimension
      && width * height <= maximumPixelCount
  }

  private static func be32(_ b: [UInt8], _ i: Int) -> Int {
    Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
  }
  private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
  private static func le24(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | Int(b[i + 2]) << 16 }

  /// Whether every PNG chunk from the signature up to `IEND` lies inside `data`.
  ///
  /// SDL_image's PNG reader ignores short reads, so libpng, asked for a chunk that runs
  /// past the end, goes on reading stale bytes and can loop forever (a 220-byte file
  /// with a damaged `gAMA` length did). A PNG whose chunks do not all fit is refused
  /// before libpng sees it.
  static func pngChunksAreComplete(_ data: Data) -> Bool {
    let b = [UInt8](data)
    var offset = 8
    while offset + 12 <= b.count {
      let length = be32(b, offset)
      guard length <= 0x7FFF_FFFF, offset + 12 + length <= b.count else { return false }
      if b[offset + 4] == 0x49, b[offset + 5] == 0x45, b[offset + 6] == 0x4E, b[offset + 7] == 0x44
      {
        return true  // IEND
      }
      offset += 12 + length
    }
    return false
  }

  /// PNG: the IHDR chunk must come first (width and height, big-endian, at 16 and 20).
  private static func png(_ b: [UInt8]) -> (Int, Int)? {
    guard b.count >= 24, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
    return (be32(b, 16), be32(b, 20))
  }

  /// JPEG: the first start-of-frame marker (SOF0…SOF15 except DHT, JPG and DAC) holds
  /// the height and width; segments before it are skipped by their lengths.
  private static func jpeg(_ data: Data) -> (Int, Int)? {
    let b = [UInt8](data)
    var i = 2
    while i + 3 < b.count {
      guard b[i] == 0xFF else { return nil }
      let marker = b[i + 1]
      if marker == 0xFF {  // fill byte
        i += 1
        continue
      }
      if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
        i += 2
        continue
      }
      let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
      guard length >= 2 else { return nil }
      if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
        guard i + 8 < b.count else { return nil }
        let h = Int(b[i + 5]) << 8 | Int(b[i + 6])
        let w = Int(b[i + 7]) << 8 | Int(b[i + 8])
        return (w, h)
      }
      if marker == 0xDA || marker == 0xD9 { return nil }  // scan data before any frame
      i += 2 + length
    }
    return nil
  }

  /// WebP: the first chunk after `RIFF····WEBP` is VP8 (lossy: 14-bit sizes after the
  /// key-frame start code), VP8L (lossless: 14-bit sizes minus one, packed) or VP8X
  /// (extended: 24-bit sizes minus one).
  private static func webp(_ b: [UInt8]) -> (Int, Int)? {
    guard b.count >= 30 else { return nil }
    switch String(decoding: b[12..<16], as: UTF8.self) {
    case "VP8 ":
      guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
      return (le16(b, 26) & 0x3FFF, le16(b, 28) & 0x3FFF)
    case "VP8L":
      guard b[20] == 0x2F else { return nil }
      let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
      return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    case "VP8X":
      return (le24(b, 24) + 1, le24(b, 27) + 1)
    default:
      return nil
    }
  }
}

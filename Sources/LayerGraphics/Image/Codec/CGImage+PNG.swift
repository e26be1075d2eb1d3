import Foundation

extension CGImage {
  /// Decodes a PNG file into premultiplied RGBA, in pure Swift.
  ///
  /// Every PNG colour type and bit depth is read, with `tRNS` transparency and Adam7
  /// interlacing; 16-bit samples keep their high byte, and ancillary chunks (gamma, colour
  /// profiles, text) are skipped, so colour is taken as sRGB. Colour is premultiplied by alpha
  /// with rounding (`c·a/255` to the nearest integer), as `init?(width:height:straightRGBA:)`
  /// does. JPEG and WebP need `init(encodedData:)` from LayerKitSDL.
  ///
  /// - Throws: ``ImageDecodingError``: `.emptyData`; `.unsupportedFormat` for data that is
  ///   not PNG; `.corruptData(format: .png, …)` for truncated or damaged files (bad
  ///   chunk CRCs, zlib checksums, filters or sizes); `.tooLarge` when a side exceeds
  ///   ``maximumDimension``.
  public convenience init(pngData: Data) throws(ImageDecodingError) {
    let decoded = try PNGDecoder.decode([UInt8](pngData))
    // decode() checked both dimensions and produced exactly width·height·4 bytes.
    self.init(width: decoded.width, height: decoded.height, straightRGBA: decoded.rgba)!
  }

  /// The image as a PNG file (8-bit, straight alpha; RGB when every pixel is opaque), encoded
  /// in pure Swift. The result is never nil; the optional is Core Graphics' shape of the API.
  ///
  /// Colour is un-premultiplied first (`c·255/a` rounded, zero where `a == 0`), so a
  /// round trip through ``init(pngData:)`` gives back exactly the same premultiplied bytes.
  /// The same pixels always give the same bytes.
  public func pngData() -> Data? {
    Data(PNGEncoder.encode(straightRGBA: straightRGBA(), width: width, height: height))
  }

  /// The pixels with alpha divided out, rounded to nearest.
  package func straightRGBA() -> [UInt8] {
    var p = pixels
    for i in stride(from: 0, to: p.count, by: 4) {
      let a = UInt32(p[i + 3])
      if a == 255 { continue }
      if a == 0 {
        p[i] = 0
        p[i + 1] = 0
        p[i + 2] = 0
        continue
      }
      for c in i..<(i + 3) { p[c] = UInt8(min(255, (UInt32(p[c]) * 255 + a / 2) / a)) }
    }
    return p
  }
}

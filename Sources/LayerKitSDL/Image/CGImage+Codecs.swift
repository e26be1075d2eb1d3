import Foundation

extension CGImage {
  /// Decodes a PNG, JPEG or WebP image into premultiplied RGBA.
  ///
  /// Decoding goes through SDL_image. Colour is premultiplied by alpha with rounding
  /// (`c·a/255` to the nearest integer), as `init?(width:height:straightRGBA:)` does.
  ///
  /// - Throws: ``ImageDecodingError`` for empty, unsupported, corrupt or oversized data.
  public convenience init(encodedData: Data) throws(ImageDecodingError) {
    let decoded = try SDLImageCodec.decode(encodedData)
    // decode() checked both dimensions and produced exactly width·height·4 bytes.
    self.init(width: decoded.width, height: decoded.height, straightRGBA: decoded.rgba)!
  }

  /// Decodes PNG data (any format ``init(encodedData:)`` reads is accepted).
  ///
  /// - Throws: ``ImageDecodingError`` for empty, unsupported, corrupt or oversized data.
  public convenience init(pngData: Data) throws(ImageDecodingError) {
    try self.init(encodedData: pngData)
  }

  /// The image as a PNG file (8-bit RGBA, straight alpha), or nil if encoding fails.
  ///
  /// Colour is un-premultiplied first (`c·255/a` rounded, zero where `a == 0`), so a
  /// round trip through ``init(pngData:)`` gives back exactly the same premultiplied bytes.
  public func pngData() -> Data? {
    try? SDLImageCodec.encode(straightRGBA: straightRGBA(), width: width, height: height, as: .png)
  }

  /// The image as a JPEG file at `quality` 0…100 (alpha is dropped), or nil on failure.
  package func jpegData(quality: Int) -> Data? {
    let q = Int32(max(0, min(100, quality)))
    return try? SDLImageCodec.encode(
      straightRGBA: straightRGBA(), width: width, height: height, as: .jpeg(quality: q))
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

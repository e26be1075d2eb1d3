import Foundation

extension CGImage {
  /// Decodes a PNG, JPEG or WebP image into premultiplied RGBA.
  ///
  /// PNG goes through LayerGraphics' own decoder (`CGImage(pngData:)`), everything
  /// else through SDL_image. Colour is premultiplied by alpha with rounding
  /// (`c·a/255` to the nearest integer), as `init?(width:height:straightRGBA:)` does.
  ///
  /// - Throws: `ImageDecodingError` for empty, unsupported, corrupt or oversized data.
  public convenience init(encodedData: Data) throws(ImageDecodingError) {
    if EncodedImageFormat.detect(encodedData) == .png {
      try self.init(pngData: encodedData)
      return
    }
    let decoded = try SDLImageCodec.decode(encodedData)
    // decode() checked both dimensions and produced exactly width·height·4 bytes.
    self.init(width: decoded.width, height: decoded.height, straightRGBA: decoded.rgba)!
  }

  /// The image as a JPEG file at `quality` 0…100 (alpha is dropped), or nil on failure.
  package func jpegData(quality: Int) -> Data? {
    let q = Int32(max(0, min(100, quality)))
    return try? SDLImageCodec.encode(
      straightRGBA: straightRGBA(), width: width, height: height, as: .jpeg(quality: q))
  }
}

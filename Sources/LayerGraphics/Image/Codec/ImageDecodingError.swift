/// Why encoded image data could not become a ``CGImage``.
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The data was empty.
  case emptyData
  /// The data is not in a format LayerKit decodes: PNG everywhere (in Swift); with
  /// LayerKitSDL also JPEG and WebP. Other formats SDL_image knows, such as XCF, SVG, BMP
  /// or GIF, are refused unread. Carries the decoder's message.
  case unsupportedFormat(message: String)
  /// The data starts like `format` but could not be decoded (truncated or damaged).
  /// Carries the decoder's message.
  case corruptData(format: EncodedImageFormat, message: String)
  /// The image's header (or its decoder) gives a size over `CGImage.maximumDimension`
  /// per side or over the decoded-pixel budget (2²⁶ pixels); nothing was decoded.
  case tooLarge(width: Int, height: Int)

  public var description: String {
    switch self {
    case .emptyData:
      "image data is empty"
    case .unsupportedFormat(let message):
      "unsupported image format: \(message)"
    case .corruptData(let format, let message):
      "corrupt \(format.rawValue) data: \(message)"
    case .tooLarge(let width, let height):
      "image of \(width)×\(height) pixels exceeds the limits of "
        + "\(CGImage.maximumDimension) per side and \(CGContext.maximumPixelCount) in all"
    }
  }
}

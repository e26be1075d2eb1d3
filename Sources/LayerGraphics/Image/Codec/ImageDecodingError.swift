/// Why encoded image data could not become a ``CGImage``.
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The data was empty.
  case emptyData
  /// The data is not in a format LayerKit decodes (PNG everywhere; with LayerKitSDL also
  /// JPEG, WebP and the few others SDL_image accepts, such as BMP and GIF). Carries the
  /// decoder's message.
  case unsupportedFormat(message: String)
  /// The data starts like `format` but could not be decoded (truncated or damaged).
  /// Carries the decoder's message.
  case corruptData(format: EncodedImageFormat, message: String)
  /// The image decoded, but a dimension exceeds `CGImage.maximumDimension`.
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
      "image of \(width)×\(height) pixels exceeds the limit of "
        + "\(CGImage.maximumDimension) per side"
    }
  }
}

import Foundation

/// Why ``ImageLoader`` could not produce an image for a URL.
public enum ImageLoadingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The URL's scheme is not `file`, `http` or `https`.
  case unsupportedScheme(url: URL)
  /// A `file:` URL that could not be read (missing, a directory, no permission).
  case unreadableFile(url: URL, reason: String)
  /// An `http(s):` request that answered with a status other than 2xx.
  case httpStatus(url: URL, statusCode: Int)
  /// An `http(s):` request that failed before a response (no route, refused, timed out).
  case transportFailed(url: URL, reason: String)
  /// The bytes arrived but are not an image LayerKit decodes.
  case invalidImageData(url: URL, ImageDecodingError)

  /// The URL the error is about.
  public var url: URL {
    switch self {
    case .unsupportedScheme(let url), .unreadableFile(let url, _), .httpStatus(let url, _),
      .transportFailed(let url, _), .invalidImageData(let url, _):
      url
    }
  }

  public var description: String {
    switch self {
    case .unsupportedScheme(let url):
      "cannot load \(url.absoluteString): only file, http and https URLs are supported"
    case .unreadableFile(let url, let reason):
      "cannot read \(url.path): \(reason)"
    case .httpStatus(let url, let statusCode):
      "\(url.absoluteString) answered HTTP \(statusCode)"
    case .transportFailed(let url, let reason):
      "cannot fetch \(url.absoluteString): \(reason)"
    case .invalidImageData(let url, let error):
      "\(url.absoluteString) is not a decodable image (\(error))"
    }
  }
}

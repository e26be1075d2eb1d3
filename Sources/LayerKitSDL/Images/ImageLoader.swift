import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Loads images from `file:` and `http(s):` URLs through a memory and a disk cache.
///
/// ``loadImage(from:)`` is not `async`: a memory-cache hit comes back at once as
/// ``LoadingImage/cached(_:)``, so a layer can show it in the frame that asked. Otherwise it
/// starts a detached task (``LoadingImage/inProgress(_:)``) that
///
/// 1. returns the bytes stored in the ``ImageDiskCache`` for the URL, if any, or else reads
///    them from the source (the file, or the network through `URLSession`) and stores
///    them in the disk cache;
/// 2. checks for cancellation, so a cancelled load never decodes or fills the caches;
/// 3. decodes them (PNG, JPEG, WebP) off the calling thread and puts the image in the
///    memory cache.
///
/// ```swift
/// switch loader.loadImage(from: url) {
/// case .cached(let image):
///   layer.contents = image
/// case .inProgress(let task):
///   self.loadTask = task           // task.cancel() when the image is no longer wanted
///   let image = try await task.value
/// }
/// ```
///
/// Failures are typed: ``ImageLoadingError`` for a missing file, an HTTP error status, a
/// transport failure or bytes that are not an image; `CancellationError` after `cancel()`.
public final class ImageLoader: Sendable {
  /// Reads the bytes of a URL; the loader's only contact with the outside world.
  public typealias DataSource = @Sendable (URL) async throws -> Data

  /// Decoded images.
  public let memoryCache: ImageMemoryCache
  /// Encoded bytes, kept across loaders and runs; nil for none.
  public let diskCache: ImageDiskCache?
  private let source: DataSource

  /// Makes a loader.
  /// - Parameters:
  ///   - memoryCache: the decoded-image cache (default: a new one of 64 MiB).
  ///   - diskCache: where encoded bytes are kept (default: none).
  ///   - source: reads a URL's bytes (default: ``fetch(_:)``).
  public init(
    memoryCache: ImageMemoryCache = ImageMemoryCache(), diskCache: ImageDiskCache? = nil,
    source: @escaping DataSource = ImageLoader.fetch
  ) {
    self.memoryCache = memoryCache
    self.diskCache = diskCache
    self.source = source
  }

  /// The decoded image for `url` if the memory cache holds it.
  public func cachedImage(for url: URL) -> CGImage? {
    memoryCache.image(for: url)
  }

  /// The image for `url`: at once from memory, or a cancellable task.
  public func loadImage(from url: URL) -> LoadingImage {
    if let image = cachedImage(for: url) { return .cached(image) }
    return .inProgress(
      Task.detached { [self] in
        let data = try await self.loadData(for: url)
        try Task.checkCancellation()
        return try self.decode(data, for: url)
      })
  }

  /// Loads a `file:` URL on the calling thread, through the same caches: for scripted
  /// scenes and headless rendering, which must not wait on the concurrency pool.
  /// - Throws: ``ImageLoadingError``; `http(s):` URLs give ``ImageLoadingError/transportFailed(url:reason:)``.
  public func loadImageSynchronously(from url: URL) throws(ImageLoadingError) -> CGImage {
    if let image = cachedImage(for: url) { return image }
    let data: Data
    if let stored = diskCache?.data(for: url) {
      data = stored
    } else {
      switch url.scheme?.lowercased() {
      case "file":
        do {
          data = try Data(contentsOf: url)
        } catch {
          throw .unreadableFile(url: url, reason: Self.describe(error))
        }
        diskCache?.store(data, for: url)
      case "http", "https":
        throw .transportFailed(url: url, reason: "synchronous loads read only file URLs")
      default:
        throw .unsupportedScheme(url: url)
      }
    }
    return try decode(data, for: url)
  }

  private func loadData(for url: URL) async throws -> Data {
    if let stored = diskCache?.data(for: url) { return stored }
    let data: Data
    do {
      data = try await source(url)
    } catch {
      // A cancelled download reports a transport error; say what really happened.
      try Task.checkCancellation()
      throw error
    }
    try Task.checkCancellation()
    diskCache?.store(data, for: url)
    return data
  }

  private func decode(_ data: Data, for url: URL) throws(ImageLoadingError) -> CGImage {
    do {
      let image = try CGImage(encodedData: data)
      memoryCache.setImage(image, for: url)
      return image
    } catch {
      throw .invalidImageData(url: url, error)
    }
  }

  /// Reads a `file:` URL from disk, or fetches an `http(s):` URL with the shared
  /// `URLSession`.
  /// - Throws: ``ImageLoadingError``.
  @Sendable public static func fetch(_ url: URL) async throws -> Data {
    switch url.scheme?.lowercased() {
    case "file":
      do {
        return try Data(contentsOf: url)
      } catch {
        throw ImageLoadingError.unreadableFile(url: url, reason: describe(error))
      }
    case "http", "https":
      let response: (Data, URLResponse)
      do {
        response = try await URLSession.shared.data(for: URLRequest(url: url))
      } catch {
        try Task.checkCancellation()
        throw ImageLoadingError.transportFailed(url: url, reason: describe(error))
      }
      if let http = response.1 as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
        throw ImageLoadingError.httpStatus(url: url, statusCode: http.statusCode)
      }
      return response.0
    default:
      throw ImageLoadingError.unsupportedScheme(url: url)
    }
  }

  private static func describe(_ error: any Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return ns.localizedDescription
  }
}

import Foundation

/// Encoded image bytes by URL, as files in one directory.
///
/// The on-disk tier of ``ImageLoader`` (the role a `URLCache` with a directory plays in the
/// loader this follows). Each URL maps to a file named after a 64-bit FNV-1a hash of its
/// absolute string; a write goes to a temporary file first and is renamed into place, so
/// a reader on another thread never sees half a file. Entries never expire: the directory
/// belongs to the cache and ``removeAll()`` empties it.
public struct ImageDiskCache: Sendable {
  /// Where the files live.
  public let directory: URL

  /// Uses `directory`, creating it when missing.
  /// - Throws: the file system's error when the directory cannot be created.
  public init(directory: URL) throws {
    self.directory = directory
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// A cache in the user's cache directory (`$XDG_CACHE_HOME` or `~/.cache`), under
  /// `layerkit-images`.
  public static func standard() throws -> ImageDiskCache {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    return try ImageDiskCache(directory: base.appendingPathComponent("layerkit-images"))
  }

  /// The file that holds (or would hold) the bytes of `url`.
  public func fileURL(for url: URL) -> URL {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.absoluteString.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return directory.appendingPathComponent(String(format: "%016llx.img", hash))
  }

  /// The stored bytes for `url`, or nil when there are none.
  public func data(for url: URL) -> Data? {
    try? Data(contentsOf: fileURL(for: url))
  }

  /// Stores `data` for `url`. Failures (a full disk) are ignored: the cache is an
  /// optimisation, and the next load reads the source again.
  public func store(_ data: Data, for url: URL) {
    let target = fileURL(for: url)
    let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
    do {
      try data.write(to: temporary)
      _ = try? FileManager.default.removeItem(at: target)
      try FileManager.default.moveItem(at: temporary, to: target)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
    }
  }

  /// Deletes every stored file.
  public func removeAll() {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in files {
      try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
  }
}

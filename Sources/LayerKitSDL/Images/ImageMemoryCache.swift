import Foundation
import Synchronization

/// Decoded images by URL, bounded by their total pixel bytes; least recently used goes first.
///
/// The in-memory tier of ``ImageLoader`` (the role `NSCache` plays on Apple platforms).
/// Safe to use from any thread.
public final class ImageMemoryCache: Sendable {
  private struct Entry {
    var image: CGImage
    var lastUse: UInt64
  }

  private struct Storage {
    var entries: [URL: Entry] = [:]
    var totalBytes = 0
    var clock: UInt64 = 0
  }

  /// The most pixel bytes (`width · height · 4` per image) kept; default 64 MiB.
  public let capacityBytes: Int
  private let storage = Mutex(Storage())

  /// Makes an empty cache.
  /// - Parameter capacityBytes: the pixel-byte budget; values below 0 count as 0.
  public init(capacityBytes: Int = 64 << 20) {
    self.capacityBytes = max(0, capacityBytes)
  }

  /// The image stored for `url`, marking it as recently used.
  public func image(for url: URL) -> CGImage? {
    storage.withLock { s in
      guard var entry = s.entries[url] else { return nil }
      s.clock += 1
      entry.lastUse = s.clock
      s.entries[url] = entry
      return entry.image
    }
  }

  /// Stores `image` for `url`, evicting the least recently used images over budget.
  /// An image larger than the whole budget is not stored.
  public func setImage(_ image: CGImage, for url: URL) {
    let bytes = image.width * image.height * 4
    guard bytes <= capacityBytes else { return }
    storage.withLock { s in
      if let old = s.entries[url] { s.totalBytes -= old.image.width * old.image.height * 4 }
      s.clock += 1
      s.entries[url] = Entry(image: image, lastUse: s.clock)
      s.totalBytes += bytes
      while s.totalBytes > capacityBytes,
        let victim = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        s.totalBytes -= victim.value.image.width * victim.value.image.height * 4
        s.entries[victim.key] = nil
      }
    }
  }

  /// Forgets every image.
  public func removeAll() {
    storage.withLock { s in s = Storage() }
  }

  /// How many images are stored.
  public var count: Int { storage.withLock { $0.entries.count } }
}

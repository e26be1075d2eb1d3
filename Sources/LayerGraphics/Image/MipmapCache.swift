import Foundation

/// The mip chains of recently minified images, built once per `CGImage` object.
///
/// Entries are keyed by the image's identity and hold it weakly: an image that is gone
/// (or whose identifier was reused by a new object) never answers with a stale chain.
/// The cache is bounded: when it holds more than `maximumEntries` chains or
/// `maximumBytes` of reduced levels, the least recently used ones are dropped (entries
/// whose image is gone first). It is shared by every renderer and thread and locked.
package final class MipmapCache: @unchecked Sendable {
  /// The process-wide cache.
  package static let shared = MipmapCache()

  /// At most this many chains are kept (default 64).
  package let maximumEntries: Int
  /// At most this many bytes of reduced levels are kept (default 64 MiB); a single chain
  /// larger than this is still returned, and kept until the next insertion.
  package let maximumBytes: Int

  private struct Entry {
    weak var image: CGImage?
    var chain: MipmapChain
    var lastUse: UInt64
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]
  private var bytes = 0
  private var clock: UInt64 = 0
  private var builds = 0

  package init(maximumEntries: Int = 64, maximumBytes: Int = 64 << 20) {
    self.maximumEntries = maximumEntries
    self.maximumBytes = maximumBytes
  }

  /// The chain of `image`, built now if this cache does not hold it.
  ///
  /// - Complexity: O(1) when cached; O(pixels) to build (outside the lock).
  package func chain(for image: CGImage) -> MipmapChain {
    let id = ObjectIdentifier(image)
    lock.lock()
    clock &+= 1
    if let e = entries[id], e.image === image {
      entries[id]!.lastUse = clock
      lock.unlock()
      return e.chain
    }
    lock.unlock()
    let chain = MipmapChain(image)
    lock.lock()
    defer { lock.unlock() }
    builds += 1
    if let old = entries[id] { bytes -= old.chain.byteCount }
    entries[id] = Entry(image: image, chain: chain, lastUse: clock)
    bytes += chain.byteCount
    evict(keeping: id)
    return chain
  }

  /// How many chains this cache has built (each cache miss builds one).
  package var buildCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return builds
  }

  /// The number of chains held.
  package var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }

  /// Drops dead entries, then the least recently used others, until within bounds;
  /// `kept` (the entry just added) stays.
  private func evict(keeping kept: ObjectIdentifier) {
    for (id, e) in entries where e.image == nil {
      bytes -= e.chain.byteCount
      entries[id] = nil
    }
    guard entries.count > maximumEntries || bytes > maximumBytes else { return }
    let order = entries.filter { $0.key != kept }.sorted { $0.value.lastUse < $1.value.lastUse }
    for (id, e) in order {
      guard entries.count > maximumEntries || bytes > maximumBytes else { break }
      bytes -= e.chain.byteCount
      entries[id] = nil
    }
  }
}

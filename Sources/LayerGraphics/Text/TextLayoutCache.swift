import Foundation

/// Laid-out text kept for reuse, keyed by everything a layout depends on: the runs (text,
/// font, size, colour, kerning, ligatures), the options (box size, wrapping, alignment,
/// truncation) and the registry with its generation, so registering a face or changing an
/// engine invalidates every earlier entry.
///
/// Two generations of entries bound the memory: new layouts go into the young
/// generation; when it holds `capacity` entries it becomes the old one (the previous old
/// one is dropped), and a hit in the old generation moves the entry back to the young
/// one. Text shown frame after frame therefore stays cached, and text not asked for
/// during `2 × capacity` other layouts is forgotten. Thread-safe.
public final class TextLayoutCache: @unchecked Sendable {
  // Sendable: both generations are read and written under `lock` only.
  /// The cache text layers use.
  public static let shared = TextLayoutCache(capacity: 512)

  private struct Key: Hashable {
    var text: AttributedText
    var options: TextLayoutOptions
    var registry: Int
    var generation: Int
  }

  /// Entries per generation.
  public let capacity: Int
  private let lock = NSLock()
  private var young: [Key: TextLayout] = [:]
  private var old: [Key: TextLayout] = [:]
  private var hitCount = 0
  private var missCount = 0

  /// A cache of at most `2 × capacity` layouts (`capacity` at least 1).
  public init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
  }

  /// The layout of `text` under `options` with `registry`'s fonts: from the cache when it
  /// was laid out before with the same inputs, else laid out now and kept.
  public func layout(
    _ text: AttributedText, options: TextLayoutOptions, registry: FontRegistry
  ) -> TextLayout {
    let key = Key(
      text: text, options: options, registry: registry.registryID,
      generation: registry.generation)
    if let hit = lookup(key) { return hit }
    let made = TextLayout(text, options: options, registry: registry)
    store(made, for: key)
    return made
  }

  /// How many lookups were answered from the cache and how many laid out; a test and
  /// benchmark hook.
  public var statistics: (hits: Int, misses: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (hitCount, missCount)
  }

  /// Forgets every entry.
  public func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    young.removeAll()
    old.removeAll()
  }

  private func lookup(_ key: Key) -> TextLayout? {
    lock.lock()
    defer { lock.unlock() }
    if let hit = young[key] {
      hitCount += 1
      return hit
    }
    if let hit = old.removeValue(forKey: key) {
      hitCount += 1
      insert(hit, for: key)
      return hit
    }
    missCount += 1
    return nil
  }

  private func store(_ layout: TextLayout, for key: Key) {
    lock.lock()
    defer { lock.unlock() }
    insert(layout, for: key)
  }

  /// Adds to the young generation, ageing it first when full (lock held).
  private func insert(_ layout: TextLayout, for key: Key) {
    if young.count >= capacity {
      old = young
      young = [:]
    }
    young[key] = layout
  }
}

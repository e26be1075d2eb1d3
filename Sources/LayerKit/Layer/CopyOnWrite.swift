import Foundation

/// A value kept behind one shared reference and copied only when it is written while
/// shared: copying the wrapper costs one reference count, whatever the value's size.
///
/// Equality first compares the references (two copies of one value are equal without
/// reading it), then the values.
package struct CopyOnWrite<Value: Equatable & Sendable>: Equatable, Sendable {
  // Only written through `value`'s `_modify`, after a uniqueness check: a shared
  // storage is never mutated, so sharing it between threads is safe.
  private final class Storage: @unchecked Sendable {
    // Read for every layer drawn and evaluated, so reads skip the runtime's exclusivity
    // check: the only write is `value`'s `_modify` on a uniquely held storage, which
    // nothing reads at the same time.
    @exclusivity(unchecked) var value: Value
    init(_ value: Value) { self.value = value }
  }

  private var storage: Storage

  /// Wraps `value` in a storage of its own.
  package init(_ value: Value) { storage = Storage(value) }

  /// The value; writing it copies the storage first when another wrapper shares it.
  package var value: Value {
    get { storage.value }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      yield &storage.value
    }
  }

  /// Whether `self` and `other` share one storage (so they are equal without comparing).
  package func isIdentical(to other: Self) -> Bool { storage === other.storage }

  package static func == (a: Self, b: Self) -> Bool {
    a.storage === b.storage || a.storage.value == b.storage.value
  }
}

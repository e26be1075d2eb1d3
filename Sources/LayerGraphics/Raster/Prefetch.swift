/// LLVM's prefetch intrinsic: a hint that `address` will be read or written soon. It never
/// faults and never changes the program's results, whatever the address.
///
/// - Parameters:
///   - rw: 0 to read, 1 to write.
///   - locality: 0 (no temporal locality) to 3 (keep in all cache levels).
///   - cacheType: 1 for the data cache.
@_silgen_name("llvm.prefetch.p0")
func llvmPrefetch(_ address: UnsafeRawPointer, _ rw: Int32, _ locality: Int32, _ cacheType: Int32)

/// Cache hints for the pixel kernels.
enum Prefetch {
  /// Asks for the cache line holding `address`, which is about to be read and written.
  @inline(__always)
  static func forWriting(_ address: UnsafeRawPointer) {
    llvmPrefetch(address, 1, 3, 1)
  }
}

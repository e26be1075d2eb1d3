#if !LAYERKIT_NO_PREFETCH
  /// LLVM's prefetch intrinsic: a hint that `address` will be read or written soon. It never
  /// faults and never changes the program's results, whatever the address.
  ///
  /// - Parameters:
  ///   - rw: 0 to read, 1 to write.
  ///   - locality: 0 (no temporal locality) to 3 (keep in all cache levels).
  ///   - cacheType: 1 for the data cache.
  @_silgen_name("llvm.prefetch.p0")
  func llvmPrefetch(
    _ address: UnsafeRawPointer, _ rw: Int32, _ locality: Int32, _ cacheType: Int32)
#endif

/// Cache hints for the pixel kernels.
///
/// Built with the compilation condition `LAYERKIT_NO_PREFETCH` (`-Xswiftc
/// -DLAYERKIT_NO_PREFETCH`), every hint is a no-op: Swift 6.3.1 crashes compiling the
/// `llvm.prefetch` intrinsic under `-sanitize=thread`, so `Scripts/test --sanitize=thread`
/// passes it. A hint never changes results, so both builds draw the same pixels.
enum Prefetch {
  /// Asks for the cache line holding `address`, which is about to be read and written.
  @inline(__always)
  static func forWriting(_ address: UnsafeRawPointer) {
    #if !LAYERKIT_NO_PREFETCH
      llvmPrefetch(address, 1, 3, 1)
    #endif
  }
}

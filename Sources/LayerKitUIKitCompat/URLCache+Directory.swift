import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking

  extension URLCache {
    /// A cache keeping up to `memoryCapacity` bytes in memory and `diskCapacity` bytes in
    /// `directory` (nil: the default place), as on Apple's platforms since iOS 13; Linux's
    /// Foundation takes the folder as a path.
    public convenience init(memoryCapacity: Int, diskCapacity: Int, directory: URL?) {
      self.init(
        memoryCapacity: memoryCapacity, diskCapacity: diskCapacity, diskPath: directory?.path)
    }
  }
#endif

/// A frame reduced to a palette of at most 256 entries, one index per pixel.
public struct IndexedFrame: Equatable, Sendable {
  /// The image size in pixels.
  public var width: Int
  public var height: Int
  /// The opaque colours, straight (not premultiplied) 8-bit RGB.
  public var palette: [SIMD3<UInt8>]
  /// The index that marks transparent pixels (`palette.count`), or nil when every pixel
  /// is opaque enough to keep.
  public var transparentIndex: Int?
  /// One palette index per pixel, rows top to bottom.
  public var indices: [UInt8]

  /// The number of entries including the transparent one.
  public var entryCount: Int { palette.count + (transparentIndex == nil ? 0 : 1) }
}

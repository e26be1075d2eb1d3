/// The layout of a bitmap's pixels: the alpha info in the low five bits, byte order
/// above.
///
/// `CGContext` accepts 8-bit RGBA with premultiplied alpha last
/// (`CGImageAlphaInfo.premultipliedLast.rawValue`), in default or big-endian 32-bit
/// byte order, which both mean bytes R, G, B, A in memory.
public struct CGBitmapInfo: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The mask of the alpha info bits.
  public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
  /// Components are floating point.
  public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
  /// The mask of the byte order bits.
  public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
  public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
  public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
  public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
  public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

import Foundation
import LayerGraphics

/// Writes zip archives for the dotLottie tests: each member stored or deflated (with
/// LayerGraphics's PNG deflater, its zlib header and trailer dropped), one disk, no
/// extras, so every offset of the result is known.
public enum ZipFixture {
  /// One member: its name, its bytes, and whether they are deflated (else stored).
  public struct Member {
    public var name: String
    public var bytes: [UInt8]
    public var deflated: Bool

    public init(name: String, bytes: [UInt8], deflated: Bool = true) {
      self.name = name
      self.bytes = bytes
      self.deflated = deflated
    }
  }

  /// The archive of `members`, in order, each local header 30 bytes plus the name and each
  /// central-directory entry 46 bytes plus the name, then a 22-byte end record.
  public static func archive(_ members: [Member]) -> [UInt8] {
    var out: [UInt8] = []
    var directory: [UInt8] = []
    for m in members {
      let data =
        m.deflated ? Array(Deflater.deflate(zlib: m.bytes).dropFirst(2).dropLast(4)) : m.bytes
      let name = Array(m.name.utf8)
      let crc = CRC32.checksum(m.bytes, m.bytes.indices)
      let offset = out.count
      let method: UInt16 = m.deflated ? 8 : 0
      out += le32(0x0403_4b50) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0)
      out += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(m.bytes.count))
      out += le16(UInt16(name.count)) + le16(0) + name + data
      directory += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0) + le16(method)
      directory += le16(0) + le16(0) + le32(crc) + le32(UInt32(data.count))
      directory += le32(UInt32(m.bytes.count)) + le16(UInt16(name.count)) + le16(0) + le16(0)
      directory += le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) + name
    }
    let start = out.count
    out += directory
    out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(members.count))
    out += le16(UInt16(members.count)) + le32(UInt32(directory.count)) + le32(UInt32(start))
    out += le16(0)
    return out
  }

  public static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
  public static func le32(_ v: UInt32) -> [UInt8] {
    le16(UInt16(v & 0xFFFF)) + le16(UInt16(v >> 16))
  }
}

import Foundation

/// The encoded image formats LayerKit reads, recognised by their leading bytes.
public enum EncodedImageFormat: String, Sendable, CaseIterable {
  case png = "PNG"
  case jpeg = "JPEG"
  case webp = "WebP"

  /// The format whose signature `data` starts with, or nil when it matches none.
  ///
  /// Only the signature is checked (PNG's 8-byte magic, JPEG's start-of-image marker
  /// `FF D8 FF`, WebP's `RIFF····WEBP` header); the rest of the data may be corrupt.
  public static func detect(_ data: Data) -> EncodedImageFormat? {
    let head = [UInt8](data.prefix(12))
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.count == 12, head.starts(with: Array("RIFF".utf8)),
      Array(head[8..<12]) == Array("WEBP".utf8)
    {
      return .webp
    }
    return nil
  }
}

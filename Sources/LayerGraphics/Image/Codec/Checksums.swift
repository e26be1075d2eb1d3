/// The Adler-32 checksum that ends a zlib stream (RFC 1950 §8.2).
enum Adler32 {
  /// The checksum of `bytes`: two sums modulo 65521, the second in the high half.
  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var i = 0
    // 5552 bytes is the longest run whose sums cannot overflow 32 bits before reducing.
    while i < bytes.count {
      let end = min(bytes.count, i + 5552)
      while i < end {
        a &+= UInt32(bytes[i])
        b &+= a
        i += 1
      }
      a %= 65521
      b %= 65521
    }
    return b << 16 | a
  }
}

/// The CRC-32 that closes every PNG chunk (ISO 3309, polynomial 0xEDB88320 reflected).
package enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// The CRC of `bytes[range]`.
  package static func checksum(_ bytes: [UInt8], _ range: Range<Int>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for i in range { c = table[Int((c ^ UInt32(bytes[i])) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}

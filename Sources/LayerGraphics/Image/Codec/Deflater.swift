/// A zlib (RFC 1950) compressor: LZ77 over a 32 KiB window with hash chains, written as one
/// DEFLATE block with the fixed Huffman code (RFC 1951 §3.2.6), then the Adler-32.
///
/// Matching is greedy: at each position the longest of up to `maxChain` earlier 3-byte
/// matches is taken. The output is deterministic: the same bytes always give the same
/// stream, so encoded golden images do not change between runs.
package enum Deflater {
  private static let window = 1 << 15
  private static let maxChain = 48
  private static let minMatch = 3
  private static let maxMatch = 258
  private static let hashBits = 15

  /// The zlib stream of `data`.
  package static func deflate(zlib data: [UInt8]) -> [UInt8] {
    var writer = BitWriter()
    writer.bytes.reserveCapacity(data.count / 2 + 64)
    writer.bytes.append(contentsOf: [0x78, 0x9C] as [UInt8])  // 32 KiB window, default level
    writer.write(1, count: 1)  // the final block
    writer.write(1, count: 2)  // fixed Huffman codes
    compress(data, into: &writer)
    writer.writeSymbol(256, Self.literalCodes)
    writer.flush()
    let adler = Adler32.checksum(data)
    for shift in stride(from: 24, through: 0, by: -8) {
      writer.bytes.append(UInt8(truncatingIfNeeded: adler >> UInt32(shift)))
    }
    return writer.bytes
  }

  private static func compress(_ data: [UInt8], into writer: inout BitWriter) {
    let count = data.count
    var head = [Int32](repeating: -1, count: 1 << hashBits)
    var previous = [Int32](repeating: -1, count: window)
    @inline(__always) func hash(_ i: Int) -> Int {
      let v = Int(data[i]) << 16 | Int(data[i + 1]) << 8 | Int(data[i + 2])
      return (v &* 0x9E37_79B1) >> 17 & ((1 << hashBits) - 1)
    }
    @inline(__always) func insert(_ i: Int) {
      guard i + minMatch <= count else { return }
      let h = hash(i)
      previous[i & (window - 1)] = head[h]
      head[h] = Int32(i)
    }
    var i = 0
    while i < count {
      var bestLength = 0
      var bestDistance = 0
      if i + minMatch <= count {
        var candidate = Int(head[hash(i)])
        var chain = maxChain
        let longest = min(maxMatch, count - i)
        while candidate >= 0, i - candidate <= window, chain > 0 {
          if data[candidate + bestLength] == data[i + bestLength] || bestLength == 0 {
            var length = 0
            while length < longest, data[candidate + length] == data[i + length] { length += 1 }
            if length > bestLength {
              bestLength = length
              bestDistance = i - candidate
              if length == longest { break }
            }
          }
          let next = Int(previous[candidate & (window - 1)])
          guard next < candidate else { break }
          candidate = next
          chain -= 1
        }
      }
      if bestLength >= minMatch {
        writer.writeLength(bestLength)
        writer.writeDistance(bestDistance)
        for j in i..<(i + bestLength) { insert(j) }
        i += bestLength
      } else {
        writer.writeSymbol(Int(data[i]), literalCodes)
        insert(i)
        i += 1
      }
    }
  }

  /// The fixed literal/length code, bit-reversed for LSB-first output: (code, length).
  static let literalCodes = canonicalCodes(Inflater.fixedLiteralLengths)
  /// The fixed distance code: 30 five-bit codes.
  static let distanceCodes = canonicalCodes(Array(repeating: 5, count: 30))

  /// The canonical codes for `lengths` (RFC 1951 §3.2.2), each reversed so that writing
  /// it least significant bit first sends the code's most significant bit first.
  static func canonicalCodes(_ lengths: [UInt8]) -> [(code: UInt32, length: Int)] {
    var counts = [Int](repeating: 0, count: 16)
    for length in lengths { counts[Int(length)] += 1 }
    counts[0] = 0
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for bits in 1...15 {
      code = (code + counts[bits - 1]) << 1
      next[bits] = code
    }
    return lengths.map { length in
      guard length > 0 else { return (0, 0) }
      let value = next[Int(length)]
      next[Int(length)] += 1
      var reversed: UInt32 = 0
      for bit in 0..<Int(length) {
        reversed |= UInt32((value >> bit) & 1) << UInt32(Int(length) - 1 - bit)
      }
      return (reversed, Int(length))
    }
  }
}

/// Collects bits least significant first into bytes, as DEFLATE packs them.
private struct BitWriter {
  var bytes: [UInt8] = []
  private var buffer: UInt64 = 0
  private var count = 0

  mutating func write(_ value: UInt32, count bits: Int) {
    buffer |= UInt64(value) << UInt64(count)
    count += bits
    while count >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      count -= 8
    }
  }

  mutating func writeSymbol(_ symbol: Int, _ codes: [(code: UInt32, length: Int)]) {
    write(codes[symbol].code, count: codes[symbol].length)
  }

  mutating func writeLength(_ length: Int) {
    var index = 28
    while Inflater.lengthBase[index] > length { index -= 1 }
    writeSymbol(257 + index, Deflater.literalCodes)
    write(UInt32(length - Inflater.lengthBase[index]), count: Inflater.lengthExtra[index])
  }

  mutating func writeDistance(_ distance: Int) {
    var index = 29
    while Inflater.distanceBase[index] > distance { index -= 1 }
    writeSymbol(index, Deflater.distanceCodes)
    write(UInt32(distance - Inflater.distanceBase[index]), count: Inflater.distanceExtra[index])
  }

  /// Pads the last byte with zero bits.
  mutating func flush() {
    if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
    buffer = 0
    count = 0
  }
}

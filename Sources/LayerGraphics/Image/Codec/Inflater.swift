/// Why zlib or DEFLATE data could not be decompressed.
package struct InflateError: Error, Equatable, CustomStringConvertible {
  package var description: String
}

/// A zlib (RFC 1950) and DEFLATE (RFC 1951) decompressor: stored, fixed-Huffman and
/// dynamic-Huffman blocks, with the Adler-32 trailer checked.
///
/// Codes are decoded canonically, one bit at a time, from per-length counts (the way
/// RFC 1951 §3.2.2 builds them), which needs no tables beyond the code lengths. The output
/// never grows past `limit` bytes, so corrupt or hostile data cannot exhaust memory.
package struct Inflater {
  private let input: [UInt8]
  private var position = 0
  private var bitBuffer: UInt32 = 0
  private var bitCount = 0
  private var output: [UInt8] = []
  private let limit: Int

  /// Decompresses a zlib stream.
  ///
  /// - Parameters:
  ///   - zlib: the stream: a two-byte header, DEFLATE blocks, a big-endian Adler-32.
  ///   - limit: the most bytes the result may have; more is an error.
  /// - Throws: ``InflateError`` naming what is wrong with the data.
  package static func inflate(zlib: [UInt8], limit: Int) throws(InflateError) -> [UInt8] {
    guard zlib.count >= 2 else { throw InflateError(description: "zlib header is missing") }
    let cmf = Int(zlib[0])
    let flg = Int(zlib[1])
    guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf << 8 | flg) % 31 == 0 else {
      throw InflateError(description: "zlib header is not DEFLATE")
    }
    guard flg & 0x20 == 0 else { throw InflateError(description: "zlib preset dictionary") }
    var inflater = Inflater(input: zlib, limit: limit)
    inflater.position = 2
    try inflater.run()
    // The Adler-32 trailer starts at the next byte boundary.
    let trailer = inflater.position - inflater.bitCount / 8
    guard trailer + 4 <= zlib.count else {
      throw InflateError(description: "zlib checksum is missing (data truncated)")
    }
    let stored = zlib[trailer..<trailer + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard stored == Adler32.checksum(inflater.output) else {
      throw InflateError(description: "zlib checksum does not match")
    }
    return inflater.output
  }

  /// Decompresses a raw DEFLATE stream (a zip entry's data: no header, no trailer).
  ///
  /// - Parameters:
  ///   - deflate: the DEFLATE blocks.
  ///   - limit: the most bytes the result may have; more is an error.
  /// - Throws: ``InflateError`` naming what is wrong with the data.
  package static func inflate(deflate: [UInt8], limit: Int) throws(InflateError) -> [UInt8] {
    var inflater = Inflater(input: deflate, limit: limit)
    try inflater.run()
    return inflater.output
  }

  private init(input: [UInt8], limit: Int) {
    self.input = input
    self.limit = limit
    output.reserveCapacity(min(limit, 1 << 24))
  }

  private mutating func run() throws(InflateError) {
    var last = false
    while !last {
      last = try bits(1) == 1
      switch try bits(2) {
      case 0: try storedBlock()
      case 1: try codes(literal: Self.fixedLiteral, distance: Self.fixedDistance)
      case 2:
        let (literal, distance) = try dynamicTables()
        try codes(literal: literal, distance: distance)
      default: throw InflateError(description: "invalid DEFLATE block type")
      }
    }
  }

  /// The next `count` bits (0…16), least significant first.
  private mutating func bits(_ count: Int) throws(InflateError) -> Int {
    while bitCount < count {
      guard position < input.count else {
        throw InflateError(description: "compressed data ends early (truncated)")
      }
      bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
      position += 1
      bitCount += 8
    }
    let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
    bitBuffer >>= UInt32(count)
    bitCount -= count
    return value
  }

  private mutating func storedBlock() throws(InflateError) {
    bitBuffer = 0
    bitCount = 0
    guard position + 4 <= input.count else {
      throw InflateError(description: "stored block header ends early (truncated)")
    }
    let length = Int(input[position]) | Int(input[position + 1]) << 8
    let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
    guard length == ~complement & 0xFFFF else {
      throw InflateError(description: "stored block length check fails")
    }
    position += 4
    guard position + length <= input.count else {
      throw InflateError(description: "stored block ends early (truncated)")
    }
    guard output.count + length <= limit else { throw Self.tooLong }
    output.append(contentsOf: input[position..<position + length])
    position += length
  }

  private mutating func codes(literal: HuffmanCode, distance: HuffmanCode) throws(InflateError) {
    while true {
      let symbol = try decode(literal)
      if symbol < 256 {
        guard output.count < limit else { throw Self.tooLong }
        output.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      let lengthIndex = symbol - 257
      guard lengthIndex < 29 else { throw InflateError(description: "invalid length code") }
      let length = Self.lengthBase[lengthIndex] + (try bits(Self.lengthExtra[lengthIndex]))
      let distanceIndex = try decode(distance)
      guard distanceIndex < 30 else { throw InflateError(description: "invalid distance code") }
      let back = Self.distanceBase[distanceIndex] + (try bits(Self.distanceExtra[distanceIndex]))
      guard back <= output.count else {
        throw InflateError(description: "distance reaches before the start of the data")
      }
      guard output.count + length <= limit else { throw Self.tooLong }
      let start = output.count - back
      for i in 0..<length { output.append(output[start + i]) }
    }
  }

  private mutating func decode(_ code: HuffmanCode) throws(InflateError) -> Int {
    var value = 0
    var first = 0
    var index = 0
    for length in 1...15 {
      value |= try bits(1)
      let count = Int(code.counts[length])
      if value - count < first { return Int(code.symbols[index + value - first]) }
      index += count
      first = (first + count) << 1
      value <<= 1
    }
    throw InflateError(description: "invalid Huffman code")
  }

  /// Reads a dynamic block's code-length code and the literal/length and distance codes.
  private mutating func dynamicTables() throws(InflateError) -> (HuffmanCode, HuffmanCode) {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let lengthCodeCount = try bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw InflateError(description: "too many codes in a dynamic block")
    }
    var lengthLengths = [UInt8](repeating: 0, count: 19)
    for i in 0..<lengthCodeCount {
      lengthLengths[Self.codeLengthOrder[i]] = UInt8(try bits(3))
    }
    let lengthCode = try HuffmanCode(lengths: lengthLengths)
    var lengths = [UInt8]()
    lengths.reserveCapacity(literalCount + distanceCount)
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(lengthCode)
      if symbol < 16 {
        lengths.append(UInt8(symbol))
        continue
      }
      var repeated: UInt8 = 0
      let times: Int
      switch symbol {
      case 16:
        guard let previous = lengths.last else {
          throw InflateError(description: "repeat of a code length with none before")
        }
        repeated = previous
        times = 3 + (try bits(2))
      case 17: times = 3 + (try bits(3))
      default: times = 11 + (try bits(7))
      }
      guard lengths.count + times <= literalCount + distanceCount else {
        throw InflateError(description: "code lengths overrun the table")
      }
      lengths.append(contentsOf: repeatElement(repeated, count: times))
    }
    guard lengths[256] != 0 else { throw InflateError(description: "no end-of-block code") }
    return (
      try HuffmanCode(lengths: Array(lengths[0..<literalCount])),
      try HuffmanCode(lengths: Array(lengths[literalCount...]))
    )
  }

  private static let tooLong = InflateError(
    description: "decompressed data is longer than expected")
  static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
  ]
  private static let codeLengthOrder = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  /// RFC 1951 §3.2.6: literals 0–143 have 8 bits, 144–255 nine, 256–279 seven, 280–287
  /// eight.
  static let fixedLiteralLengths: [UInt8] =
    Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112)
    + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8)
  private static let fixedLiteral = try! HuffmanCode(lengths: fixedLiteralLengths)
  private static let fixedDistance = try! HuffmanCode(lengths: Array(repeating: 5, count: 30))
}

/// A canonical Huffman code given by its code lengths: how many codes each length has, and
/// the symbols in code order.
struct HuffmanCode {
  var counts = [UInt16](repeating: 0, count: 16)
  var symbols: [UInt16] = []

  /// - Throws: when the lengths over-subscribe the code space (an incomplete code is
  ///   allowed, as zlib allows it for single-code distance trees).
  init(lengths: [UInt8]) throws(InflateError) {
    for length in lengths { counts[Int(length)] += 1 }
    counts[0] = 0
    var left = 1
    for length in 1...15 {
      left = left << 1 - Int(counts[length])
      guard left >= 0 else { throw InflateError(description: "over-subscribed Huffman code") }
    }
    var offsets = [Int](repeating: 0, count: 16)
    for length in 1..<15 { offsets[length + 1] = offsets[length] + Int(counts[length]) }
    symbols = [UInt16](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length != 0 {
      symbols[offsets[Int(length)]] = UInt16(symbol)
      offsets[Int(length)] += 1
    }
  }
}

import Foundation

/// Turns UTF-8 JSON bytes into `JSONDocument`'s tape in one pass, without recursion.
///
/// The grammar is RFC 8259's, checked strictly: one value, optionally after a UTF-8 byte
/// order mark, surrounded by white space; no trailing commas; numbers
/// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; strings without raw control characters,
/// with valid escapes and valid UTF-8. Numbers are converted as they are met, correctly
/// rounded: a number of at most 19 significant digits whose power of ten is exact in a
/// `Double` (Clinger's fast path) is one multiplication or division; any other goes through
/// the standard library's decimal conversion. An integer without fraction or exponent
/// reads as the `Double` of its 64-bit value when it has one (`-0` is 0), as Foundation's
/// `JSONSerialization` answers.
struct JSONParser {
  let bytes: [UInt8]
  private var i = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Exact powers of ten, 10⁰ … 10²².
  private static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

  private func fail(_ what: String) -> LottieError {
    .malformedJSON(reason: "\(what) at byte \(i)")
  }

  /// Parses the whole input, appending its values to `tape`.
  mutating func parse(into tape: inout [JSONDocument.Entry]) throws(LottieError) {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
    // Open containers: their tape index; an object's pending key is checked by grammar.
    var stack: [Int] = []
    skipSpace()
    value: while true {
      // A value starts at `i`.
      guard i < bytes.count else { throw fail("unexpected end of input") }
      switch bytes[i] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = bytes[i] == UInt8(ascii: "{")
        guard stack.count < LottieLimits.maxJSONDepth else {
          throw .limitExceeded(
            path: "$", limit: "\(LottieLimits.maxJSONDepth) nested JSON arrays and objects")
        }
        stack.append(tape.count)
        tape.append(.init(kind: isObject ? .object : .array, count: 0, payload: 0))
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: isObject ? "}" : "]") {
          i += 1
          tape[stack.removeLast()].payload = UInt64(tape.count)
          break
        }
        if isObject { try key(into: &tape) }
        continue value
      case UInt8(ascii: "\""):
        tape.append(try string())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        tape.append(.init(kind: .number, count: 0, payload: try number().bitPattern))
      case UInt8(ascii: "t"):
        try literal("true")
        tape.append(.init(kind: .true, count: 0, payload: 0))
      case UInt8(ascii: "f"):
        try literal("false")
        tape.append(.init(kind: .false, count: 0, payload: 0))
      case UInt8(ascii: "n"):
        try literal("null")
        tape.append(.init(kind: .null, count: 0, payload: 0))
      default:
        throw fail("unexpected character")
      }
      // A value ended: close the containers it completes, or go on to the next element.
      while let top = stack.last {
        tape[top].count += 1
        skipSpace()
        guard i < bytes.count else { throw fail("unexpected end of input") }
        let isObject = tape[top].kind == .object
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          skipSpace()
          if isObject { try key(into: &tape) }
          continue value
        }
        guard bytes[i] == UInt8(ascii: isObject ? "}" : "]") else {
          throw fail(isObject ? "expected , or }" : "expected , or ]")
        }
        i += 1
        tape[top].payload = UInt64(tape.count)
        stack.removeLast()
      }
      skipSpace()
      guard i == bytes.count else { throw fail("unexpected text after the document") }
      return
    }
  }

  /// Reads an object member's key and its colon, leaving `i` at the value.
  private mutating func key(into tape: inout [JSONDocument.Entry]) throws(LottieError) {
    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
    tape.append(try string())
    skipSpace()
    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected :") }
    i += 1
    skipSpace()
  }

  private mutating func skipSpace() {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x0A, 0x0D, 0x09: i += 1
      default: return
      }
    }
  }

  private mutating func literal(_ word: StaticString) throws(LottieError) {
    let n = word.utf8CodeUnitCount
    guard i + n <= bytes.count else { throw fail("unexpected end of input") }
    for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw fail("unexpected character") }
    i += n
  }

  /// Reads a string starting at its opening quote.
  private mutating func string() throws(LottieError) -> JSONDocument.Entry {
    i += 1
    let start = i
    var escaped = false
    while true {
      guard i < bytes.count else { throw fail("unterminated string") }
      let b = bytes[i]
      if b == UInt8(ascii: "\"") { break }
      if b == UInt8(ascii: "\\") {
        escaped = true
        guard i + 1 < bytes.count else { throw fail("unterminated string") }
        switch bytes[i + 1] {
        case UInt8(ascii: "u"):
          guard i + 6 <= bytes.count, bytes[(i + 2)..<(i + 6)].allSatisfy(Self.isHex) else {
            throw fail("bad \\u escape")
          }
          i += 6
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          i += 2
        default: throw fail("bad escape")
        }
      } else if b < 0x20 {
        throw fail("control character in a string")
      } else if b < 0x80 {
        i += 1
      } else {
        i += try utf8Sequence(at: i)
      }
    }
    let entry = JSONDocument.Entry(
      kind: escaped ? .escapedString : .string, count: UInt32(i - start),
      payload: UInt64(start))
    i += 1
    return entry
  }

  /// The length of the valid UTF-8 sequence of two to four bytes at `k`.
  private func utf8Sequence(at k: Int) throws(LottieError) -> Int {
    let b = bytes[k]
    let (n, low, high): (Int, UInt8, UInt8)
    switch b {
    case 0xC2...0xDF: (n, low, high) = (2, 0x80, 0xBF)
    case 0xE0: (n, low, high) = (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (n, low, high) = (3, 0x80, 0xBF)
    case 0xED: (n, low, high) = (3, 0x80, 0x9F)
    case 0xF0: (n, low, high) = (4, 0x90, 0xBF)
    case 0xF1...0xF3: (n, low, high) = (4, 0x80, 0xBF)
    case 0xF4: (n, low, high) = (4, 0x80, 0x8F)
    default: throw .malformedJSON(reason: "invalid UTF-8 at byte \(k)")
    }
    guard k + n <= bytes.count, (low...high).contains(bytes[k + 1]),
      bytes[(k + 2)..<(k + n)].allSatisfy({ (0x80...0xBF).contains($0) })
    else { throw .malformedJSON(reason: "invalid UTF-8 at byte \(k)") }
    return n
  }

  private static func isHex(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      return true
    default: return false
    }
  }

  private func digit(_ k: Int) -> UInt8? {
    guard k < bytes.count else { return nil }
    let d = bytes[k] &- UInt8(ascii: "0")
    return d < 10 ? d : nil
  }

  /// Reads a number, correctly rounded.
  private mutating func number() throws(LottieError) -> Double {
    let start = i
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    var mantissa: UInt64 = 0
    var significant = 0
    var exponent = 0
    guard let first = digit(i) else { throw fail("bad number") }
    i += 1
    if first != 0 {
      mantissa = UInt64(first)
      significant = 1
      while let d = digit(i) {
        if significant < 19 {
          mantissa = mantissa * 10 + UInt64(d)
          if mantissa != 0 { significant += 1 }
        } else {
          exponent += 1
          significant += 1
        }
        i += 1
      }
    }
    var integral = true
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      integral = false
      i += 1
      guard digit(i) != nil else { throw fail("bad number") }
      while let d = digit(i) {
        if significant < 19 {
          mantissa = mantissa * 10 + UInt64(d)
          exponent -= 1
          if mantissa != 0 { significant += 1 }
        } else if d != 0 {
          significant += 1
        }
        i += 1
      }
    }
    if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
      integral = false
      i += 1
      var expNegative = false
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        expNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      guard digit(i) != nil else { throw fail("bad number") }
      var e = 0
      while let d = digit(i) {
        if e < 100_000 { e = e * 10 + Int(d) }
        i += 1
      }
      exponent += expNegative ? -e : e
    }
    if integral, significant <= 18 {
      // The Int64 of the text, as JSONSerialization reads integers (`-0` is 0); with at
      // most 18 digits nothing was scaled into `exponent`.
      return Double(negative ? -Int64(mantissa) : Int64(mantissa))
    }
    if significant <= 19, mantissa < (1 << 53), abs(exponent) <= 22 {
      let m = Double(mantissa)
      let v = exponent < 0 ? m / Self.powers[-exponent] : m * Self.powers[exponent]
      return negative ? -v : v
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    guard let v = Double(text) else { throw fail("bad number") }
    return v
  }

  /// The bytes of a string's content with its escapes replaced (`\u` pairs joined into
  /// one scalar, a lone surrogate becoming U+FFFD); the content was checked when parsed.
  static func unescape(_ content: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(content.count)
    var k = content.startIndex
    func hex(_ at: Int) -> UInt32 {
      guard at + 4 <= content.endIndex else { return 0xFFFD }
      return content[at..<(at + 4)].reduce(0) { v, b in
        v << 4 | UInt32(b <= UInt8(ascii: "9") ? b - 48 : (b | 0x20) - 87)
      }
    }
    while k < content.endIndex {
      let b = content[k]
      guard b == UInt8(ascii: "\\"), k + 1 < content.endIndex else {
        out.append(b)
        k += 1
        continue
      }
      let e = content[k + 1]
      k += 2
      switch e {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex(k)
        k += 4
        if (0xD800...0xDBFF).contains(scalar), k + 6 <= content.endIndex,
          content[k] == UInt8(ascii: "\\"), content[k + 1] == UInt8(ascii: "u")
        {
          let low = hex(k + 2)
          if (0xDC00...0xDFFF).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            k += 6
          }
        }
        let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        out.append(contentsOf: String(Character(s)).utf8)
      default: out.append(e)
      }
    }
    return out
  }
}

import Foundation

/// A JSON document parsed in place into a flat tape: one 16-byte entry per value, in
/// document order, with numbers converted and strings left as byte ranges of the input.
///
/// The tape is what the model reads instead of Foundation's `Any` tree: no boxed numbers,
/// no dictionaries, no bridging. A container's entry holds its element count and the index
/// one past its last entry, so a reader steps over a whole subtree at once:
///
/// ```
/// {"w": 100, "layers": [1, 2]}
/// index   0        1     2    3         4        5  6
///         object   "w"   100  "layers"  array    1  2
///         end 7                         end 7
///         count 2                       count 2
/// ```
///
/// An object's members are (key string, value) entry pairs. Parsing is iterative (an
/// explicit stack, never recursion), refuses nesting deeper than
/// `LottieLimits.maxJSONDepth` and input larger than `LottieLimits.maxJSONBytes`, checks
/// the grammar of RFC 8259 strictly (no trailing commas, no leading zeros) and the UTF-8 of
/// strings, and answers every fault with `LottieError.malformedJSON` naming the byte offset.
/// A JSON path (`$.layers[2].ks`) is computed only when an error asks for one.
final class JSONDocument {
  /// What an entry of the tape holds.
  enum Kind: UInt8 {
    case null, `false`, `true`, number
    /// A string without escapes: its content is the input bytes as they stand.
    case string
    /// A string with escapes, unescaped when read.
    case escapedString
    case array, object
  }

  /// One value of the tape.
  struct Entry {
    var kind: Kind
    /// Elements of an array, members of an object, content bytes of a string.
    var count: UInt32
    /// A number's bit pattern, a string's first content byte, a container's end index.
    var payload: UInt64
  }

  /// The input, UTF-8.
  let bytes: [UInt8]
  /// The values, in document order; the root at index 0. A constant once parsed, so the
  /// model's many reads of it need no exclusivity check (a stored `var` of a class is
  /// checked at run time on every access, a tenth of the parse).
  let tape: [Entry]

  /// Parses `data`.
  init(_ data: Data) throws(LottieError) {
    guard data.count <= LottieLimits.maxJSONBytes else {
      throw .limitExceeded(path: "$", limit: "\(LottieLimits.maxJSONBytes) bytes of JSON")
    }
    bytes = [UInt8](data)
    var tape: [Entry] = []
    tape.reserveCapacity(bytes.count / 8 + 16)
    var parser = JSONParser(bytes: bytes)
    try parser.parse(into: &tape)
    self.tape = tape
  }

  /// The index one past the subtree at `i`.
  @inline(__always)
  func end(_ i: Int) -> Int {
    let e = tape[i]
    return e.kind == .array || e.kind == .object ? Int(e.payload) : i + 1
  }

  /// The number at `i` (`true` and `false` read as 1 and 0), nil for anything else.
  @inline(__always)
  func number(_ i: Int) -> Double? {
    let e = tape[i]
    switch e.kind {
    case .number: return Double(bitPattern: e.payload)
    case .true: return 1
    case .false: return 0
    default: return nil
    }
  }

  /// The string at `i`, nil when it is not a string.
  func string(_ i: Int) -> String? {
    let e = tape[i]
    guard e.kind == .string || e.kind == .escapedString else { return nil }
    let start = Int(e.payload)
    let content = bytes[start..<(start + Int(e.count))]
    return e.kind == .string
      ? String(decoding: content, as: UTF8.self)
      : String(decoding: JSONParser.unescape(content), as: UTF8.self)
  }

  /// Whether the string at `i` equals `key`, compared byte by byte.
  func stringEquals(_ i: Int, _ key: String) -> Bool {
    let e = tape[i]
    switch e.kind {
    case .string:
      let start = Int(e.payload)
      let n = Int(e.count)
      var key = key
      return key.withUTF8 { k in
        guard k.count == n else { return false }
        return bytes.withUnsafeBufferPointer { b in
          n == 0 || memcmp(k.baseAddress!, b.baseAddress! + start, n) == 0
        }
      }
    case .escapedString: return string(i) == key
    default: return false
    }
  }

  /// The value of the last member named `key` of the object at `i`, nil when absent.
  func member(_ i: Int, _ key: String) -> Int? {
    guard tape[i].kind == .object else { return nil }
    var found: Int?
    var k = i + 1
    let stop = Int(tape[i].payload)
    while k < stop {
      if stringEquals(k, key) { found = k + 1 }
      k = end(k + 1)
    }
    return found
  }

  /// The indices of the elements of the array at `i`.
  func elements(_ i: Int) -> [Int] {
    var out: [Int] = []
    out.reserveCapacity(Int(tape[i].count))
    var k = i + 1
    let stop = Int(tape[i].payload)
    while k < stop {
      out.append(k)
      k = end(k)
    }
    return out
  }

  /// The JSON path of the value at `target` (`$.layers[2].ks`), found by walking down from
  /// the root (only errors ask for it).
  /// - Complexity: O(depth × siblings passed).
  func path(to target: Int) -> String {
    var out = "$"
    var i = 0
    while i != target, i < tape.count {
      let stop = end(i)
      guard target > i, target < stop else { break }
      switch tape[i].kind {
      case .array:
        var k = i + 1
        var position = 0
        while end(k) <= target {
          k = end(k)
          position += 1
        }
        out += "[\(position)]"
        i = k
      case .object:
        var k = i + 1
        while end(k + 1) <= target { k = end(k + 1) }
        out += "." + (string(k) ?? "")
        i = k + 1
      default:
        return out
      }
    }
    return out
  }
}

import Foundation

/// A value of a parsed JSON document (`JSONDocument`'s tape), read by the model.
///
/// Reads never trap: a missing member or a value of the wrong type throws
/// `LottieError` with the value's JSON path (`$.layers[2].ks.o.k`), which is worked out
/// only then; reading costs no allocation beyond the arrays and strings returned.
struct JSONNode {
  /// The document holding the value.
  let document: JSONDocument
  /// The value's index in the document's tape.
  let index: Int

  /// Parses `data` as a JSON document (see `JSONDocument` for the grammar and limits).
  static func parse(_ data: Data) throws(LottieError) -> JSONNode {
    JSONNode(document: try JSONDocument(data), index: 0)
  }

  /// The JSONPath-style location of the value (`$.layers[2].ks`), for messages.
  var path: String { document.path(to: index) }

  /// The member `key` of this object, nil when absent or null (the last of equal keys).
  subscript(key: String) -> JSONNode? {
    guard let m = document.member(index, key), document.tape[m].kind != .null else {
      return nil
    }
    return JSONNode(document: document, index: m)
  }

  /// Whether this is an object.
  var isObject: Bool { document.tape[index].kind == .object }
  /// Whether this is an array.
  var isArray: Bool { document.tape[index].kind == .array }
  /// The element count of an array, 0 for anything else.
  var count: Int { isArray ? Int(document.tape[index].count) : 0 }

  /// The member `key`, or a `missingValue` error.
  func required(_ key: String) throws(LottieError) -> JSONNode {
    guard isObject else { throw .invalidValue(path: path, expected: "an object") }
    guard let n = self[key] else { throw .missingValue(path: "\(path).\(key)") }
    return n
  }

  /// The elements of this array.
  func array() throws(LottieError) -> [JSONNode] {
    guard isArray else { throw .invalidValue(path: path, expected: "an array") }
    return document.elements(index).map { JSONNode(document: document, index: $0) }
  }

  /// The first element of this array, nil when it is empty or not an array.
  var first: JSONNode? {
    guard count > 0 else { return nil }
    return JSONNode(document: document, index: index + 1)
  }

  /// This value as a finite number (`true`/`false` read as 1/0, as Lottie exporters write both).
  func double() throws(LottieError) -> Double {
    if let d = document.number(index) {
      guard d.isFinite else { throw .invalidValue(path: path, expected: "a finite number") }
      return d
    }
    // Some exporters wrap a scalar in a one-element array.
    if count == 1, let f = first { return try f.double() }
    throw .invalidValue(path: path, expected: "a number")
  }

  /// This value as a list of finite numbers (a single number reads as a list of one).
  func doubles() throws(LottieError) -> [Double] {
    guard isArray else { return [try double()] }
    var out: [Double] = []
    out.reserveCapacity(count)
    var k = index + 1
    let stop = document.end(index)
    while k < stop {
      if let d = document.number(k), d.isFinite {
        out.append(d)
      } else {
        out.append(try JSONNode(document: document, index: k).double())
      }
      k = document.end(k)
    }
    return out
  }

  /// This value as a string.
  func string() throws(LottieError) -> String {
    guard let s = document.string(index) else {
      throw .invalidValue(path: path, expected: "a string")
    }
    return s
  }

  /// The number at `key`, or `fallback` when absent.
  func double(_ key: String, default fallback: Double) throws(LottieError) -> Double {
    try self[key]?.double() ?? fallback
  }

  /// The integer at `key`, or `fallback` when absent (fractions are truncated); a value
  /// of a billion or more in magnitude is refused (these are tags and counts).
  func int(_ key: String, default fallback: Int) throws(LottieError) -> Int {
    guard let d = try self[key]?.double() else { return fallback }
    guard abs(d) < 1e9 else {
      throw .invalidValue(path: "\(path).\(key)", expected: "a small integer")
    }
    return Int(d.rounded(.towardZero))
  }

  /// This value as an integer, fractions truncated toward zero, through a checked
  /// conversion: a number `Int` does not hold (`1e19`, `-1e19`) is refused, as
  /// lottie-ios's `Codable` reading of an `Int` refuses it.
  func integer() throws(LottieError) -> Int {
    guard let i = Int(exactly: try double().rounded(.towardZero)) else {
      throw .invalidValue(path: path, expected: "an integer between -2^63 and 2^63")
    }
    return i
  }

  /// The frame time at `key` (a layer's `ip`, `op`, `st`), or `fallback` when absent,
  /// clamped to `±LottieLimits.maxFrameTime` (see `clampedFrameTime(_:)`).
  func frameTime(_ key: String, default fallback: Double) throws(LottieError) -> Double {
    Self.clampedFrameTime(try double(key, default: fallback))
  }

  /// A finite frame time clamped to `±LottieLimits.maxFrameTime` frames: times beyond it
  /// (`1e308`) lie decades past any playback, so moving them there changes nothing
  /// shown, and the differences and spans computed from them stay finite.
  static func clampedFrameTime(_ t: Double) -> Double {
    min(LottieLimits.maxFrameTime, max(-LottieLimits.maxFrameTime, t))
  }

  /// The flag at `key` (a boolean or a number), or `fallback`.
  func bool(_ key: String, default fallback: Bool) throws(LottieError) -> Bool {
    guard let n = self[key] else { return fallback }
    return try n.double() != 0
  }

  /// The string at `key`, nil when absent; a number reads as its decimal text.
  func optionalString(_ key: String) throws(LottieError) -> String? {
    guard let n = self[key] else { return nil }
    if let s = n.document.string(n.index) { return s }
    if let d = try? n.double() { return Int(exactly: d).map { String($0) } ?? String(d) }
    throw .invalidValue(path: n.path, expected: "a string")
  }
}

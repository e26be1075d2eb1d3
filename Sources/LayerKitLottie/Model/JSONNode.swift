import Foundation

/// A value of the parsed JSON document together with its path from the root, so every
/// read can name where a wrong value sits.
///
/// Reads never trap: a missing member or a value of the wrong type throws
/// `LottieError` with the path (`$.layers[2].ks.o.k`).
struct JSONNode {
  /// The Foundation value (`NSDictionary`, `NSArray`, `NSNumber`, `NSString`, `NSNull`).
  let value: Any
  /// The JSONPath-style location of `value`.
  let path: String

  /// Parses `data` as a JSON document.
  static func parse(_ data: Data) throws(LottieError) -> JSONNode {
    do {
      let any = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return JSONNode(value: any, path: "$")
    } catch {
      throw .malformedJSON(reason: (error as NSError).localizedDescription)
    }
  }

  /// The member `key` of this object, nil when absent or null.
  subscript(key: String) -> JSONNode? {
    guard let dict = value as? [String: Any], let v = dict[key], !Self.isNull(v) else {
      return nil
    }
    return JSONNode(value: v, path: "\(path).\(key)")
  }

  /// Whether `v` is JSON's null, told by its dynamic type alone: `v is NSNull` would first
  /// bridge a Swift array or dictionary, with everything it holds, to Foundation objects,
  /// which made every member read cost as much as the member's whole subtree.
  private static func isNull(_ v: Any) -> Bool { type(of: v) == NSNull.self }

  /// Whether this is an object.
  var isObject: Bool { value is [String: Any] }
  /// Whether this is an array.
  var isArray: Bool { value is [Any] }

  /// The member `key`, or a `missingValue` error.
  func required(_ key: String) throws(LottieError) -> JSONNode {
    guard isObject else { throw .invalidValue(path: path, expected: "an object") }
    guard let n = self[key] else { throw .missingValue(path: "\(path).\(key)") }
    return n
  }

  /// The elements of this array.
  func array() throws(LottieError) -> [JSONNode] {
    guard let a = value as? [Any] else { throw .invalidValue(path: path, expected: "an array") }
    return a.enumerated().map { JSONNode(value: $0.element, path: "\(path)[\($0.offset)]") }
  }

  /// This value as a finite number (`true`/`false` read as 1/0, as Lottie exporters write both).
  func double() throws(LottieError) -> Double {
    // Arrays, objects and strings are told apart before the `NSNumber` cast, which would
    // bridge them to Foundation objects first.
    if let a = value as? [Any] {
      // Some exporters wrap a scalar in a one-element array.
      if a.count == 1 { return try JSONNode(value: a[0], path: "\(path)[0]").double() }
    } else if !(value is [String: Any]) && !(value is String), let n = value as? NSNumber {
      let d = n.doubleValue
      guard d.isFinite else { throw .invalidValue(path: path, expected: "a finite number") }
      return d
    }
    throw .invalidValue(path: path, expected: "a number")
  }

  /// This value as a list of finite numbers (a single number reads as a list of one).
  func doubles() throws(LottieError) -> [Double] {
    if let a = value as? [Any] {
      var out: [Double] = []
      out.reserveCapacity(a.count)
      for (i, e) in a.enumerated() {
        out.append(try JSONNode(value: e, path: "\(path)[\(i)]").double())
      }
      return out
    }
    return [try double()]
  }

  /// This value as a string.
  func string() throws(LottieError) -> String {
    guard let s = value as? String else { throw .invalidValue(path: path, expected: "a string") }
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
    if let s = n.value as? String { return s }
    if let d = try? n.double() { return Int(exactly: d).map { String($0) } ?? String(d) }
    throw .invalidValue(path: n.path, expected: "a string")
  }
}

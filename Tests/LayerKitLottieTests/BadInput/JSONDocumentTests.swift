import Foundation
import Testing

@testable import LayerKitLottie

/// The in-place JSON reader: RFC 8259's grammar, correctly rounded numbers, strings with
/// escapes, the limits, and JSON paths in errors.
@Suite struct JSONDocumentTests {
  static func parse(_ text: String) throws(LottieError) -> JSONNode {
    try JSONNode.parse(Data(text.utf8))
  }

  static func isMalformed(_ text: String) -> Bool {
    do {
      _ = try parse(text)
      return false
    } catch {
      if case .malformedJSON = error { return true }
      return false
    }
  }

  @Test func readsNestedValues() throws {
    let n = try Self.parse(#" {"a": [1, -2.5, true, false, null, {"b": "x"}], "c": {}} "#)
    let a = try n.required("a").array()
    #expect(a.count == 6)
    #expect(try a[0].double() == 1)
    #expect(try a[1].double() == -2.5)
    #expect(try a[2].double() == 1)
    #expect(try a[3].double() == 0)
    #expect(try a[5].required("b").string() == "x")
    #expect(n.document.string(a[1].index) == nil)
    #expect(n["c"]?.isObject == true)
    #expect(n["missing"] == nil)
  }

  @Test func nullMembersReadAsAbsent() throws {
    let n = try Self.parse(#"{"a": null}"#)
    #expect(n["a"] == nil)
    #expect(throws: LottieError.missingValue(path: "$.a")) { try n.required("a") }
  }

  @Test func theLastOfEqualKeysWins() throws {
    let n = try Self.parse(#"{"a": 1, "b": 2, "a": 3}"#)
    #expect(try n.required("a").double() == 3)
  }

  /// Numbers agree bit for bit with the standard library's correctly rounded conversion,
  /// on the fast path (≤ 19 digits, exact powers of ten) and off it.
  @Test(arguments: [
    "0", "-0", "1", "-1", "0.1", "0.833333333333333", "1.66666666666667", "123456789012345678",
    "9007199254740993", "1e19", "-1e19", "1e308", "2.2250738585072014e-308", "5e-324",
    "0.30000000000000004", "12345678901234567890123", "1.7976931348623157e308",
    "3.141592653589793238462643383279", "0.000001234", "1E5", "1e+5", "1e-5", "-12.5e-3",
    "4.35679e22", "1234567890123456789", "100000000000000000000000",
  ])
  func numbersAreCorrectlyRounded(text: String) throws {
    let n = try Self.parse("[\(text)]")
    let d = try #require(n.first.flatMap { n.document.number($0.index) })
    let expected = text == "-0" ? 0.0 : Double(text)!
    #expect(d.bitPattern == expected.bitPattern)
  }

  @Test func randomDecimalsMatchTheStandardLibrary() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    var texts: [String] = []
    for _ in 0..<2000 {
      let digits = String(next() % 10_000_000_000_000_000)
      let point = Int(next() % UInt64(digits.count + 1))
      var t = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
      if t.hasPrefix(".") { t = "0" + t }
      if t.hasSuffix(".") { t += "0" }
      if next() % 3 == 0 { t += "e\(Int(next() % 60) - 30)" }
      texts.append(t)
    }
    let n = try Self.parse("[" + texts.joined(separator: ",") + "]")
    let values = try n.doubles()
    for (t, v) in zip(texts, values) { #expect(v.bitPattern == Double(t)!.bitPattern, "\(t)") }
  }

  @Test func stringsAreUnescaped() throws {
    let n = try Self.parse(#"["a\"b\\c\/d\n\t", "\u00e9\u4e2d", "\ud83d\ude00", "\ud800x", "é中"]"#)
    let s = try n.array().map { try $0.string() }
    #expect(s == ["a\"b\\c/d\n\t", "é中", "😀", "\u{FFFD}x", "é中"])
    let keyed = try Self.parse(#"{"n\u006d": "name"}"#)
    #expect(try keyed.required("nm").string() == "name")
  }

  @Test(arguments: [
    "", "[", "[1,]", "{\"a\":1,}", "01", "[-]", "[1.]", "[.5]", "[1e]", "{a:1}", "[tru]",
    "[1] 2", "\"\u{01}\"", "[\"\\x\"]", "[\"\\u12\"]", "{\"a\" 1}", "[1 2]", "nul",
  ])
  func badSyntaxIsMalformedJSON(text: String) {
    #expect(Self.isMalformed(text))
  }

  @Test func invalidUTF8IsMalformedJSON() {
    for bad: [UInt8] in [
      [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82],
    ] {
      let data = Data([UInt8(ascii: "\"")] + bad + [UInt8(ascii: "\"")])
      #expect(throws: LottieError.self) { try JSONNode.parse(data) }
    }
    #expect(throws: Never.self) {
      try JSONNode.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)))
    }
  }

  @Test func nestingBeyondTheLimitIsRefused() throws {
    let deep = LottieLimits.maxJSONDepth + 1
    let text = String(repeating: "[", count: deep) + String(repeating: "]", count: deep)
    #expect(
      throws: LottieError.limitExceeded(
        path: "$", limit: "\(LottieLimits.maxJSONDepth) nested JSON arrays and objects")
    ) { try Self.parse(text) }
    let fits = LottieLimits.maxJSONDepth
    _ = try Self.parse(String(repeating: "[", count: fits) + String(repeating: "]", count: fits))
  }

  @Test func errorsNameTheJSONPath() throws {
    let n = try Self.parse(#"{"layers": [{"ks": {}}, {"ks": {"o": {"k": "x"}}}]}"#)
    let o = try n.required("layers").array()[1].required("ks").required("o").required("k")
    #expect(o.path == "$.layers[1].ks.o.k")
    #expect(throws: LottieError.invalidValue(path: "$.layers[1].ks.o.k", expected: "a number")) {
      try o.double()
    }
    let list = try Self.parse(#"{"v": [[0, 0], [1, "y"]]}"#)
    #expect(throws: LottieError.invalidValue(path: "$.v[1][1]", expected: "a number")) {
      try list.required("v").array()[1].doubles()
    }
  }
}

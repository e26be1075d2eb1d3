import Foundation

/// One keyframe of a text layer's document (`t.d.k[i].s`): the text and how it is set.
///
/// Units as the format documents them: sizes, line height, baseline shift and stroke width
/// in points, tracking in thousandths of an em, colours as RGB(A) fractions.
struct TextDocument {
  /// The text (`t`); `\r`, `\n` and `\u{3}` break lines.
  var text: String
  /// The font's name (`f`), looked up in the file's `fonts` and the font registry.
  var fontName: String
  /// The font size (`s`), in points.
  var fontSize: Double
  /// Fill colour (`fc`), nil for none.
  var fillColor: [Double]?
  /// Stroke colour (`sc`), nil for none.
  var strokeColor: [Double]?
  /// Stroke width (`sw`), in points.
  var strokeWidth: Double
  /// Whether the stroke is drawn over the fill (`of`).
  var strokeOverFill: Bool
  /// 0 left, 1 right, 2 centre (`j`); the other values (justified lines) read as left.
  var justification: Int
  /// Extra space after each character (`tr`), in thousandths of an em.
  var tracking: Double
  /// The distance between baselines (`lh`), in points.
  var lineHeight: Double
  /// Moves the baseline up (`ls`), in points.
  var baselineShift: Double
  /// The box of box text (`sz`, width and height in points), nil for point text.
  var boxSize: [Double]?
  /// The top-left corner of the box (`ps`), in points.
  var boxPosition: [Double]?

  init(_ n: JSONNode) throws(LottieError) {
    guard n.isObject else { throw .invalidValue(path: n.path, expected: "a text document") }
    text = try n.optionalString("t") ?? ""
    fontName = try n.optionalString("f") ?? ""
    fontSize = min(max(try n.double("s", default: 10), 0), LottieLimits.maxSide)
    fillColor = try n["fc"]?.doubles()
    strokeColor = try n["sc"]?.doubles()
    strokeWidth = min(max(try n.double("sw", default: 0), 0), LottieLimits.maxSide)
    strokeOverFill = try n.bool("of", default: false)
    justification = try n.int("j", default: 0)
    tracking = min(max(try n.double("tr", default: 0), -1e5), 1e5)
    lineHeight = min(max(try n.double("lh", default: fontSize * 1.2), -1e5), 1e5)
    baselineShift = min(max(try n.double("ls", default: 0), -1e5), 1e5)
    boxSize = try n["sz"]?.doubles()
    boxPosition = try n["ps"]?.doubles()
    guard text.unicodeScalars.count <= LottieLimits.maxTextLength else {
      throw .limitExceeded(
        path: "\(n.path).t", limit: "\(LottieLimits.maxTextLength) characters of text")
    }
  }

  /// The text's lines (see `lines(of:)`).
  var paragraphs: [String] { Self.lines(of: text) }
}

/// A font of the file's `fonts.list`: the name documents refer to (`fName`) and the
/// family and style its `chars` are stored under.
struct LottieFont {
  var family: String
  var style: String
}

/// A glyph of the file's `chars`: its outline as shape items drawn at size 100, and its
/// advance (`w`) at that size.
struct LottieGlyph {
  var advance: Double
  var shapes: [ShapeItem]
}

import Foundation
import LayerGraphics

/// A deterministic font for layout tests: every covered character is a filled box whose
/// advance comes from a table, so expected positions can be computed by hand.
final class TestFontFace: FontFace, @unchecked Sendable {
  let familyName: String
  let styleName: String
  let postScriptName: String
  let isBold: Bool
  let metrics: FontMetrics
  private let covers: @Sendable (Unicode.Scalar) -> Bool
  private let advanceUnits: CGFloat
  private let kerningPairs: [String: CGFloat]

  init(
    family: String, style: String = "Regular", bold: Bool = false,
    metrics: FontMetrics = FontMetrics(unitsPerEm: 1000, ascent: 800, descent: 200, lineGap: 0),
    advance: CGFloat = 500, kerning: [String: CGFloat] = [:],
    covers: @escaping @Sendable (Unicode.Scalar) -> Bool
  ) {
    self.familyName = family
    self.styleName = style
    self.postScriptName = family.replacingOccurrences(of: " ", with: "") + "-" + style
    self.isBold = bold
    self.metrics = metrics
    self.advanceUnits = advance
    self.kerningPairs = kerning
    self.covers = covers
  }

  /// Glyph ids are the scalar value (truncated to 16 bits), plus one so that 0 stays
  /// `.notdef`.
  func glyph(for scalar: Unicode.Scalar) -> CGGlyph? {
    covers(scalar) ? CGGlyph(truncatingIfNeeded: scalar.value &+ 1) : nil
  }

  func advance(of glyph: CGGlyph) -> CGFloat { advanceUnits }

  func kerning(between left: CGGlyph, and right: CGGlyph) -> CGFloat {
    guard let l = Unicode.Scalar(UInt32(left) - 1), let r = Unicode.Scalar(UInt32(right) - 1)
    else { return 0 }
    return kerningPairs[String(Character(l)) + String(Character(r))] ?? 0
  }

  /// A box from x 0…advance, y 0…700; spaces have no outline.
  func outline(of glyph: CGGlyph) -> CGPath? {
    if glyph == 0x21 || glyph == 0x3001 { return nil }  // U+0020 and U+3000
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: advanceUnits, y: 0))
    path.addLine(to: CGPoint(x: advanceUnits, y: 700))
    path.addLine(to: CGPoint(x: 0, y: 700))
    path.closeSubpath()
    return path
  }
}

/// Registries built from `TestFontFace`s.
enum TestFonts {
  /// Latin: printable ASCII and "…", 500 units each (5 pt at size 10), "AV" kerned by
  /// −100 units; ascent 800, descent 200.
  static func latin(bold: Bool = false) -> TestFontFace {
    TestFontFace(
      family: "Test Sans", style: bold ? "Bold" : "Regular", bold: bold,
      kerning: ["AV": -100]
    ) { s in (0x20...0x7E).contains(s.value) || s.value == 0x2026 }
  }

  /// Japanese: kana, CJK punctuation and ideographs, one em each (10 pt at size 10);
  /// ascent 880, descent 120, line gap 100.
  static func japanese() -> TestFontFace {
    TestFontFace(
      family: "Test CJK",
      metrics: FontMetrics(unitsPerEm: 1000, ascent: 880, descent: 120, lineGap: 100),
      advance: 1000
    ) { s in (0x3000...0x30FF).contains(s.value) || (0x4E00...0x9FFF).contains(s.value) }
  }

  /// A registry with the Latin face first and the Japanese face as fallback.
  static func registry() -> FontRegistry {
    let registry = FontRegistry()
    registry.register(latin())
    registry.register(japanese())
    return registry
  }

  /// Size 10 in the default family.
  static let font = FontDescription(name: "Test Sans", size: 10)
}

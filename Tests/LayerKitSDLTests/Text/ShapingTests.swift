import Foundation
import LayerKitSDL
import Testing

@testable import LayerGraphics

/// HarfBuzz shaping on the faces FreeType loads, checked against `hb-shape`.
///
/// Expected glyph ids, clusters and advances were printed by `hb-shape --no-glyph-names`
/// from HarfBuzz 6.0.0 (Debian bookworm, `libharfbuzz-bin`) on the same font files, for
/// example `hb-shape --no-glyph-names DejaVuSans.ttf "AVATAR To"` gives
/// `[36=0+1270|57=1+1270|36=2+1242|55=3+1092|36=4+1401|53=5+1423|3=6+651|55=7+903|82=8+1253]`.
@Suite struct ShapingTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let devanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"

  static let registry: FontRegistry = {
    let registry = FontRegistry()
    _ = try? FreeTypeFonts.installDefault(into: registry)
    return registry
  }()

  func shape(
    _ text: String, path: String, direction: TextDirection = .leftToRight, ligatures: Bool = true
  ) throws -> [ShapedGlyphRecord] {
    let face = try FreeTypeFace(path: path)
    let scalars = Array(text.unicodeScalars)
    return try #require(
      HarfBuzzShaper().shape(
        scalars, range: scalars.indices, face: face, direction: direction,
        features: ShapingFeatures(ligatures: ligatures)))
  }

  @Test func gposKerningMatchesHBShape() throws {
    let glyphs = try shape("AVATAR To", path: Self.dejaVu)
    #expect(glyphs.map(\.glyph) == [36, 57, 36, 55, 36, 53, 3, 55, 82])
    #expect(glyphs.map(\.advance) == [1270, 1270, 1242, 1092, 1401, 1423, 651, 903, 1253])
    #expect(glyphs.map(\.cluster) == Array(0..<9))
  }

  @Test func ligatureFormsAndCanBeTurnedOff() throws {
    // hb-shape: [82=0+1253|5044=1+1980|70=4+1126|72=5+1260]
    let on = try shape("office", path: Self.dejaVu)
    #expect(on.map(\.glyph) == [82, 5044, 70, 72])
    #expect(on.map(\.cluster) == [0, 1, 4, 5])
    #expect(on.map(\.advance) == [1253, 1980, 1126, 1260])
    // hb-shape --features=-liga: [82=0+1253|73=1+721|73=2+721|76=3+569|70=4+1126|72=5+1260]
    let off = try shape("office", path: Self.dejaVu, ligatures: false)
    #expect(off.map(\.glyph) == [82, 73, 73, 76, 70, 72])
  }

  @Test func arabicJoinsRightToLeftInLogicalOrder() throws {
    // hb-shape (visual order): [5256=4+624|5260=3+618|5277=2+1266|5288=1+1130|5341=0+1097]
    let glyphs = try shape("مرحبا", path: Self.dejaVu, direction: .rightToLeft)
    #expect(glyphs.map(\.glyph) == [5341, 5288, 5277, 5260, 5256])
    #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
    #expect(glyphs.map(\.advance) == [1097, 1130, 1266, 618, 624])
  }

  @Test func devanagariReordersAndAttachesMarks() throws {
    // hb-shape: [44=0+555|50=1+598|215=2+389|40=4+570|75=4+0]
    let glyphs = try shape("नमस्ते", path: Self.devanagari)
    #expect(glyphs.map(\.glyph) == [44, 50, 215, 40, 75])
    #expect(glyphs.map(\.cluster) == [0, 1, 2, 4, 4])
    #expect(glyphs.map(\.advance) == [555, 598, 389, 570, 0])
  }

  @Test func layoutUsesShapedAdvances() throws {
    let font = FontDescription(name: "DejaVu Sans", size: 20.48)
    let layout = TextLayout(AttributedText("AVATAR", font: font), registry: Self.registry)
    // DejaVu Sans has 2048 units per em: at 20.48 points one unit is 0.01 point.
    let expected: CGFloat = (1270 + 1270 + 1242 + 1092 + 1401 + 1423) / 100
    #expect(abs(layout.size.width - expected) < 1e-9)
    #expect(layout.glyphs.count == 6)
  }

  @Test func ligatureIsOneGlyphAndItsTextSurvives() {
    let layout = TextLayout(
      AttributedText("office", font: FontDescription(name: "DejaVu Sans", size: 20)),
      registry: Self.registry)
    #expect(layout.glyphs.map(\.glyph) == [82, 5044, 70, 72])
    #expect(layout.lineTexts == ["office"])
  }
}

/// `NSAttributedString` runs with their own kerning and ligature settings.
@Suite struct AttributedShapingTests {
  func layout(_ attributed: NSAttributedString) -> TextLayout {
    TextLayout(
      AttributedText(
        attributed, defaultFont: FontDescription(name: "DejaVu Sans", size: 20.48),
        defaultColor: .black),
      registry: ShapingTests.registry)
  }

  @Test func ligatureZeroKeepsTheLettersApart() {
    let text = NSMutableAttributedString(string: "office office")
    text.addAttribute(.ligature, value: 0, range: NSRange(location: 7, length: 6))
    // hb-shape: with ligatures [82, 5044, 70, 72]; with -liga [82, 73, 73, 76, 70, 72].
    #expect(layout(text).glyphs.map(\.glyph) == [82, 5044, 70, 72, 82, 73, 73, 76, 70, 72])
  }

  @Test func kernAddsSpaceAfterEachCluster() {
    let plain = layout(NSAttributedString(string: "AVA"))
    let text = NSMutableAttributedString(string: "AVA")
    text.addAttribute(.kern, value: 2.5, range: NSRange(location: 0, length: 3))
    let kerned = layout(text)
    #expect(abs(kerned.glyphs[1].position.x - plain.glyphs[1].position.x - 2.5) < 1e-9)
    #expect(abs(kerned.glyphs[2].position.x - plain.glyphs[2].position.x - 5) < 1e-9)
  }

  @Test func kernOfTheWrongTypeIsReported() {
    let text = NSMutableAttributedString(string: "AV")
    text.addAttribute(.kern, value: "wide", range: NSRange(location: 0, length: 2))
    var notes: [String] = []
    let runs = StyledRun.runs(of: text) { notes.append($0) }
    #expect(runs.first?.kern == nil)
    #expect(notes.count == 1)
  }

  @Test func runsKeepTheirOwnFontAndColour() {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let text = NSMutableAttributedString(string: "Hi مرحبا")
    text.addAttribute(.foregroundColor, value: red, range: NSRange(location: 3, length: 5))
    text.addAttribute(
      .font, value: FontDescription(name: "DejaVu Sans", size: 40),
      range: NSRange(location: 3, length: 5))
    let shaped = layout(text)
    let arabic = shaped.glyphs.filter { $0.color == red }
    #expect(arabic.count == 5)
    #expect(arabic.allSatisfy { $0.fontSize == 40 })
  }
}

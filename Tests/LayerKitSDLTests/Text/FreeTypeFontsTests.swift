import Foundation
import LayerKitSDL
import Testing

/// Installing the default fonts and laying out real text with them.
@Suite struct FreeTypeFontsTests {
  func installed() throws -> FontRegistry {
    let registry = FontRegistry()
    try FreeTypeFonts.installDefault(into: registry)
    return registry
  }

  @Test func installsDejaVuAndNotoCJKRegularAndBold() throws {
    let registry = try installed()
    let names = registry.faces.map(\.postScriptName)
    #expect(
      names == ["DejaVuSans", "DejaVuSans-Bold", "NotoSansCJKjp-Regular", "NotoSansCJKjp-Bold"])
    #expect(registry.defaultFamilyName == "DejaVu Sans")
  }

  @Test func installingTwiceRegistersEachFaceOnce() throws {
    let registry = try installed()
    try FreeTypeFonts.installDefault(into: registry)
    #expect(registry.faces.count == 4)
  }

  @Test(
    arguments: [
      ("Helvetica", "DejaVuSans"),
      ("Helvetica-Bold", "DejaVuSans-Bold"),
      ("HelveticaNeue-Bold", "DejaVuSans-Bold"),
      ("DejaVuSans-Bold", "DejaVuSans-Bold"),
      ("Unknown Font", "DejaVuSans"),
      ("HiraginoSans-W3", "NotoSansCJKjp-Regular"),
      ("HiraginoSans-W6", "NotoSansCJKjp-Bold"),
      ("Noto Sans CJK JP", "NotoSansCJKjp-Regular"),
    ] as [(String, String)])
  func resolvesAppleFontNames(name: String, postScriptName: String) throws {
    let registry = try installed()
    let description = FontDescription(name: name, size: 12)
    let face = registry.face(named: description.name, bold: description.isBold)
    #expect(face?.postScriptName == postScriptName)
  }

  @Test func japaneseInALatinFontFallsBackToNoto() throws {
    let registry = try installed()
    let layout = TextLayout(
      AttributedText("Aあ漢\u{10FFFD}", font: FontDescription(name: "Helvetica", size: 20)),
      registry: registry)
    let faces = layout.glyphs.map { $0.face?.postScriptName }
    #expect(faces == ["DejaVuSans", "NotoSansCJKjp-Regular", "NotoSansCJKjp-Regular", nil])
    #expect(layout.glyphs[3].isNotdef)
  }

  @Test func boldLatinFallsBackToBoldJapanese() throws {
    let registry = try installed()
    let layout = TextLayout(
      AttributedText("Bあ", font: FontDescription(name: "Helvetica-Bold", size: 20)),
      registry: registry)
    #expect(
      layout.glyphs.map { $0.face?.postScriptName } == ["DejaVuSans-Bold", "NotoSansCJKjp-Bold"])
  }

  @Test func capitalAInkSitsBetweenBaselineAndAscent() throws {
    let registry = try installed()
    let layout = TextLayout(
      AttributedText("A", font: FontDescription(name: "Helvetica", size: 100)),
      registry: registry)
    let line = layout.lines[0]
    let ink = layout.inkBounds
    // y grows downwards: the letter stands on the baseline and stays under the line top.
    #expect(abs(ink.maxY - line.origin.y) < 0.01)
    #expect(ink.minY > line.origin.y - line.ascent)
    // Cap height 0.729 em.
    #expect(abs(ink.height - 72.9) < 0.5)
  }

  @Test func wrapsARealJapaneseSentence() throws {
    let registry = try installed()
    // Noto Sans CJK characters are one em wide: 5 per line at 20 pt in 100 pt.
    let layout = TextLayout(
      AttributedText("今日はいい天気ですね。散歩に行きましょう。", font: FontDescription(name: "Helvetica", size: 20)),
      options: TextLayoutOptions(size: CGSize(width: 100, height: 1000), isWrapped: true),
      registry: registry)
    // 。 may not start a line, so ね moves down with it.
    #expect(layout.lineTexts == ["今日はいい", "天気です", "ね。散歩に", "行きましょ", "う。"])
  }
}

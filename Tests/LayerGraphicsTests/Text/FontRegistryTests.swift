import Foundation
import LayerGraphics
import Testing

/// Name resolution, fallback order and caching in `FontRegistry`.
@Suite struct FontRegistryTests {
  func registry() -> FontRegistry {
    let registry = FontRegistry()
    registry.register(TestFonts.latin())
    registry.register(TestFonts.latin(bold: true))
    registry.register(TestFonts.japanese())
    registry.addAlias("Helvetica", forFamily: "Test Sans")
    return registry
  }

  @Test(
    arguments: [
      ("Test Sans", false, "TestSans-Regular"),
      ("Test Sans", true, "TestSans-Bold"),
      ("TestSans-Bold", false, "TestSans-Bold"),
      ("test sans bold", false, "TestSans-Bold"),
      ("Helvetica", false, "TestSans-Regular"),
      ("Helvetica-Bold", true, "TestSans-Bold"),
      ("Test CJK", true, "TestCJK-Regular"),
      ("No Such Font", false, "TestSans-Regular"),
      ("No Such Font", true, "TestSans-Bold"),
      ("", false, "TestSans-Regular"),
    ] as [(String, Bool, String)])
  func resolvesNamesToFaces(name: String, bold: Bool, expected: String) {
    #expect(registry().face(named: name, bold: bold)?.postScriptName == expected)
  }

  @Test func boldIsInferredFromTheName() {
    #expect(FontDescription(name: "Helvetica-Bold").isBold)
    #expect(FontDescription(name: "HiraginoSans-W6").isBold)
    #expect(!FontDescription(name: "HiraginoSans-W3").isBold)
    #expect(!FontDescription(name: "Helvetica", size: 12).isBold)
    #expect(FontDescription(name: "Helvetica", isBold: true).isBold)
  }

  @Test func badSizesBecomeZero() {
    #expect(FontDescription(size: .nan).size == 0)
    #expect(FontDescription(size: -3).size == 0)
    #expect(FontDescription(size: .infinity).size == 0)
  }

  @Test func theDefaultFamilyCatchesUnknownNames() {
    let registry = registry()
    registry.defaultFamilyName = "Test CJK"
    #expect(registry.face(named: "Nope", bold: false)?.familyName == "Test CJK")
  }

  @Test func registeringTheSameFaceTwiceDoesNothing() {
    let registry = registry()
    #expect(!registry.register(TestFonts.latin()))
    #expect(registry.faces.count == 3)
  }

  @Test func anEmptyRegistryResolvesNothing() {
    #expect(FontRegistry().face(named: "Helvetica", bold: false) == nil)
    let registry = registry()
    registry.removeAll()
    #expect(registry.faces.isEmpty)
  }

  @Test func outlinesAreCachedPerFaceAndGlyph() {
    let registry = registry()
    let text = AttributedText("abcabc", font: TestFonts.font)
    let first = TextLayout(text, registry: registry)
    let second = TextLayout(text, registry: registry)
    // One outline object per distinct glyph, shared between layouts and repeats.
    #expect(first.glyphs[0].outline === first.glyphs[3].outline)
    #expect(first.glyphs[1].outline === second.glyphs[1].outline)
    #expect(first.glyphs[0].outline !== first.glyphs[1].outline)
  }

  @Test func metricsAreSanitised() {
    let m = FontMetrics(unitsPerEm: 0, ascent: .nan, descent: -200, lineGap: -5)
    #expect(m == FontMetrics(unitsPerEm: 1000, ascent: 0, descent: 200, lineGap: 0))
  }
}

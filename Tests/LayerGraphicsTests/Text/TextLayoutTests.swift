import Foundation
import LayerGraphics
import Testing

/// Alignment, truncation, vertical metrics, fallback and drawing output of `TextLayout`,
/// with the test fonts (Latin 5 pt per character at size 10, Japanese 10 pt).
@Suite struct TextLayoutTests {
  let registry = TestFonts.registry()

  func layout(
    _ string: String, width: CGFloat = .infinity, height: CGFloat = .infinity,
    wrapped: Bool = false, alignment: TextAlignment = .natural,
    truncation: TextTruncation = .none
  ) -> TextLayout {
    TextLayout(
      AttributedText(string, font: TestFonts.font),
      options: TextLayoutOptions(
        size: CGSize(width: width, height: height), isWrapped: wrapped, alignment: alignment,
        truncation: truncation),
      registry: registry)
  }

  @Test(
    arguments: [
      (TextAlignment.natural, CGFloat(0)),
      (.left, 0),
      (.right, 85),
      (.center, 42.5),
      (.justified, 0),
    ] as [(TextAlignment, CGFloat)])
  func alignsLinesInTheWidth(alignment: TextAlignment, expectedX: CGFloat) {
    let result = layout("abc", width: 100, alignment: alignment)
    #expect(abs(result.lines[0].origin.x - expectedX) < 1e-9)
    #expect(abs(result.glyphs[0].position.x - expectedX) < 1e-9)
  }

  @Test func alignsToTheWidestLineWhenTheWidthIsUnlimited() {
    let result = layout("abcd\nab", alignment: .right)
    #expect(result.lines.map(\.origin.x) == [0, 10])
  }

  @Test func justifiesWrappedLinesButNotTheLastLineOfAParagraph() {
    // "aa bb" is 25 pt in 32: its one space takes the 7 extra points.
    let result = layout("aa bb cc", width: 32, wrapped: true, alignment: .justified)
    #expect(result.lineTexts == ["aa bb", "cc"])
    let first = result.glyphs[result.lines[0].glyphRange].map(\.position.x)
    #expect(first == [0, 5, 22, 27])
    let last = result.glyphs[result.lines[1].glyphRange].map(\.position.x)
    #expect(last == [0, 5])
  }

  @Test func justifiesJapaneseLinesBetweenCharacters() {
    // Three 10 pt characters in 35 pt: two gaps of 2.5 pt.
    let result = layout("あいうえ", width: 35, wrapped: true, alignment: .justified)
    #expect(result.lineTexts == ["あいう", "え"])
    let xs = result.glyphs[result.lines[0].glyphRange].map(\.position.x)
    #expect(xs == [0, 12.5, 25])
  }

  @Test(
    arguments: [
      (TextTruncation.end, "abcde…"),
      (.start, "…fghij"),
      (.middle, "ab…hij"),
      (.none, "abcdefghij"),
    ] as [(TextTruncation, String)])
  func truncatesAnOverlongLine(mode: TextTruncation, expected: String) {
    let result = layout("abcdefghij", width: 30, truncation: mode)
    #expect(result.lineTexts == [expected])
    #expect(result.isTruncated == (mode != .none))
    if mode != .none { #expect(result.size.width <= 30) }
  }

  @Test func doesNotTruncateTextThatFits() {
    let result = layout("abcdef", width: 30, truncation: .end)
    #expect(result.lineTexts == ["abcdef"])
    #expect(!result.isTruncated)
  }

  @Test func dropsSpacesBesideTheEllipsis() {
    #expect(layout("abcd efgh", width: 30, truncation: .end).lineTexts == ["abcd…"])
    #expect(layout("abcd efgh", width: 30, truncation: .start).lineTexts == ["…efgh"])
  }

  @Test func anEllipsisThatDoesNotFitLeavesTheLineEmpty() {
    #expect(layout("abcdef", width: 4, truncation: .end).lineTexts == [""])
  }

  @Test(
    arguments: [
      (TextTruncation.end, ["aaa", "bbb…"]),
      (.start, ["aaa", "…ddd"]),
      (.middle, ["aaa", "b…dd"]),
      (.none, ["aaa", "bbb", "ccc"]),
    ] as [(TextTruncation, [String])])
  func truncatesTheLastLineThatFitsTheHeight(mode: TextTruncation, expected: [String]) {
    // Lines are 10 pt tall; 25 pt holds two whole lines and part of a third.
    let result = layout(
      "aaa bbb ccc ddd", width: 20, height: 25, wrapped: true, truncation: mode)
    #expect(result.lineTexts == expected)
  }

  @Test func truncatesEachParagraphOfUnwrappedText() {
    let result = layout("abcdefgh\nxy\nlmnopqrs", width: 20, truncation: .end)
    #expect(result.lineTexts == ["abc…", "xy", "lmn…"])
  }

  @Test func keepsTheFirstLineWhenNothingFits() {
    let result = layout("abc def", width: 20, height: 3, wrapped: true, truncation: .end)
    #expect(result.lineTexts == ["abc…"])
  }

  @Test func stacksBaselinesByAscentDescentAndGap() {
    // Latin: ascent 8, descent 2, no gap. A line with Japanese takes the CJK face's
    // ascent 8.8, descent 2 (the larger) and gap 1.
    let result = layout("ab\nあb\nab")
    let baselines = result.lines.map(\.origin.y)
    let expected: [CGFloat] = [8, 8 + 2 + 8.8, 8 + 2 + 8.8 + 2 + 1 + 8]
    for (value, want) in zip(baselines, expected) { #expect(abs(value - want) < 1e-9) }
    #expect(abs(result.size.height - (expected[2] + 2)) < 1e-9)
    #expect(result.glyphs.allSatisfy { g in result.lines.contains { $0.origin.y == g.position.y } })
  }

  @Test func emptyLinesTakeTheHeightOfTheirFont() {
    let result = layout("a\n\nb")
    #expect(result.lines.map(\.origin.y) == [8, 18, 28])
  }

  @Test func kernsPairsFromTheFont() {
    // "AV" is kerned by −100 units = −1 pt at size 10.
    let result = layout("AVA")
    #expect(result.glyphs.map(\.position.x) == [0, 4, 9])
    #expect(result.lines[0].width == 14)
  }

  @Test func fallsBackToTheNextFaceForJapanese() {
    let result = layout("Aあ")
    #expect(result.glyphs.map { $0.face?.familyName } == ["Test Sans", "Test CJK"])
    #expect(result.glyphs[1].position.x == 5)
  }

  @Test(arguments: ["😀", "\u{E000}", "\u{10FFFD}", "\u{0301}"])
  func drawsANotdefBoxForAMissingGlyph(character: String) {
    let result = layout("a" + character + "b")
    #expect(result.glyphs.count == 3)
    #expect(result.glyphs[1].isNotdef)
    #expect(!result.glyphs[1].outline.isEmpty)
    // The box advances 0.6 em = 6 pt.
    #expect(abs(result.glyphs[2].position.x - 11) < 1e-9)
  }

  @Test func ignoresControlsJoinersAndVariationSelectors() {
    let result = layout("a\u{200D}\u{FE0F}\u{0007}b")
    #expect(result.glyphs.map(\.position.x) == [0, 5])
  }

  @Test func anEmptyRegistryStillLaysOutBoxes() {
    let result = TextLayout(
      AttributedText("ab\nc", font: TestFonts.font), registry: FontRegistry())
    #expect(result.glyphs.count == 3)
    #expect(result.glyphs.allSatisfy { $0.isNotdef })
    #expect(result.lines.map(\.origin.y) == [8, 18])
  }

  @Test func tabsAdvanceFourSpaces() {
    #expect(layout("a\tb").glyphs.map(\.position.x) == [0, 25])
  }
}

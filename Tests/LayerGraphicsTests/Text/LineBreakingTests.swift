import Foundation
import LayerGraphics
import Testing

/// Line breaking with the test fonts: Latin characters are 5 pt wide, Japanese 10 pt.
@Suite struct LineBreakingTests {
  let registry = TestFonts.registry()

  func lines(_ string: String, width: CGFloat, wrapped: Bool = true) -> [String] {
    let layout = TextLayout(
      AttributedText(string, font: TestFonts.font),
      options: TextLayoutOptions(
        size: CGSize(width: width, height: .infinity), isWrapped: wrapped),
      registry: registry)
    return layout.lineTexts
  }

  @Test(
    arguments: [
      (CGFloat(1000), ["hello world foo"]),
      (75, ["hello world foo"]),
      (74, ["hello world", "foo"]),
      (60, ["hello world", "foo"]),
      (54, ["hello", "world foo"]),
      (30, ["hello", "world", "foo"]),
      (25, ["hello", "world", "foo"]),
      (12, ["he", "ll", "o", "wo", "rl", "d", "fo", "o"]),
      (1, ["h", "e", "l", "l", "o", "w", "o", "r", "l", "d", "f", "o", "o"]),
    ] as [(CGFloat, [String])])
  func wrapsLatinAtSpacesAndSplitsOverlongWords(width: CGFloat, expected: [String]) {
    #expect(lines("hello world foo", width: width) == expected)
  }

  @Test func spacesAtABreakHangPastTheWidth() {
    // "ab   " is 25 pt with its spaces, but only "ab" (10 pt) counts.
    #expect(lines("ab   cd", width: 10) == ["ab", "cd"])
  }

  @Test(
    arguments: [
      ("a\nb\r\nc\rd", ["a", "b", "c", "d"]),
      ("a\n\nb", ["a", "", "b"]),
      ("a\n", ["a"]),
      ("\n", [""]),
      ("", []),
      ("a\u{2028}b\u{2029}c", ["a", "b", "c"]),
      ("  indented\nx", ["  indented", "x"]),
    ] as [(String, [String])])
  func breaksAtExplicitNewlines(text: String, expected: [String]) {
    #expect(lines(text, width: .infinity, wrapped: false) == expected)
    #expect(lines(text, width: 1000, wrapped: true) == expected)
  }

  @Test func unwrappedTextIgnoresTheWidth() {
    #expect(lines("hello world foo", width: 10, wrapped: false) == ["hello world foo"])
  }

  @Test(
    arguments: [
      ("あいうえお", CGFloat(25), ["あい", "うえ", "お"]),
      ("あいうえお", 50, ["あいうえお"]),
      // 。 may not start a line, so い moves down with it.
      ("あい。うえ", 20, ["あ", "い。", "うえ"]),
      // 「 may not end a line.
      ("あ「い", 20, ["あ", "「い"]),
      // Small kana and the prolonged sound mark stay with what precedes them.
      ("あいっー", 30, ["あ", "いっー"]),
      // Latin words inside Japanese break only at the boundaries.
      ("日本hello語", 40, ["日本", "hello語"]),
    ] as [(String, CGFloat, [String])])
  func breaksJapaneseBetweenCharactersWithKinsoku(
    text: String, width: CGFloat, expected: [String]
  ) {
    #expect(lines(text, width: width) == expected)
  }

  @Test func latinPunctuationDoesNotStartALine() {
    // "end." is 20 pt; at 15 pt the word must be split, but not right before the full stop.
    #expect(lines("an end.", width: 15) == ["an", "en", "d."])
    #expect(lines("an end. go", width: 20) == ["an", "end.", "go"])
  }

  @Test func hyphenatedWordsBreakAfterTheHyphen() {
    #expect(lines("well-known", width: 30) == ["well-", "known"])
  }

  @Test func combiningMarksStayWithTheirBase() {
    // "e" + COMBINING ACUTE: the mark has an advance in the test font but must not be split.
    let text = "ae\u{301}"
    #expect(lines(text, width: 10) == ["a", "e\u{301}"])
  }

  @Test func breakingAlwaysProgressesWithZeroWidth() {
    #expect(lines("abc", width: 0) == ["a", "b", "c"])
  }
}

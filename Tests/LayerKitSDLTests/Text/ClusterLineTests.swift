import Foundation
import LayerKitSDL
import Testing

@testable import LayerGraphics

/// Lines break and truncate between clusters, never inside a grapheme or a ligature.
@Suite struct ClusterLineTests {
  func layout(
    _ string: String, width: CGFloat, wrapped: Bool = true, truncation: TextTruncation = .none
  )
    -> TextLayout
  {
    TextLayout(
      AttributedText(string, font: FontDescription(name: "Helvetica", size: 20)),
      options: TextLayoutOptions(
        size: CGSize(width: width, height: .infinity), isWrapped: wrapped, truncation: truncation),
      registry: ShapingTests.registry)
  }

  @Test func forcedBreaksKeepEmojiSequencesWhole() {
    let family = "👨‍👩‍👧"
    let text = String(repeating: family, count: 5)
    let lines = layout(text, width: 55).lineTexts
    #expect(lines.count > 1)
    #expect(lines.joined() == text)
    for line in lines { #expect(line.count >= 1 && line.unicodeScalars.count % 5 == 0) }
  }

  @Test func forcedBreaksNeverSplitALigature() {
    // "ffi" is one glyph in DejaVu Sans (hb-shape: uniFB03); a narrow box cuts around it.
    let lines = layout("ffiffiffiffi", width: 30).lineTexts
    #expect(lines.count > 1)
    for line in lines { #expect(line.count % 3 == 0) }
  }

  @Test func devanagariBreaksBetweenGraphemes() {
    let text = "नमस्तेनमस्तेनमस्ते"
    let lines = layout(text, width: 60).lineTexts
    #expect(lines.count > 1)
    #expect(lines.joined() == text)
    // Every line is a whole number of the text's grapheme clusters.
    var rest = Substring(text)
    for line in lines {
      #expect(rest.hasPrefix(line))
      rest = rest.dropFirst(line.count)
    }
  }

  @Test(arguments: [TextTruncation.end, .start, .middle])
  func truncationCutsBetweenClusters(mode: TextTruncation) throws {
    let text = "👍🏽👨‍👩‍👧🇯🇵😀🎉👍🏽"
    let line = try #require(layout(text, width: 80, wrapped: false, truncation: mode).lines.first)
    #expect(line.isTruncated)
    #expect(line.text.contains("…"))
    let kept = line.text.split(separator: "…", omittingEmptySubsequences: false)
    for part in kept where !part.isEmpty {
      #expect(text.contains(part))
      for character in part { #expect(text.contains(character)) }
    }
  }

  @Test func arabicTruncatesAtTheEndOfTheReadingOrder() throws {
    let text = "مرحبا بالعالم مرحبا بالعالم"
    let truncated = layout(text, width: 120, wrapped: false, truncation: .end)
    let line = try #require(truncated.lines.first)
    #expect(line.text.hasSuffix("…"))
    #expect(text.hasPrefix(String(line.text.dropLast())))
    // The ellipsis is drawn at the left end of the right-to-left line.
    let ellipsis = try #require(truncated.glyphs.first { $0.character == "…" })
    #expect(truncated.glyphs.allSatisfy { $0.position.x >= ellipsis.position.x })
  }
}

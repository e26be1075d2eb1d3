import Foundation
import LayerKitSDL
import Testing

@testable import LayerGraphics

/// Bidi levels and reordering (FriBidi), fallback faces (fontconfig), colour emoji and the
/// `.notdef` box, through the whole layout.
@Suite struct BidiAndFallbackTests {
  static var registry: FontRegistry { ShapingTests.registry }

  func layout(_ string: String, size: CGFloat = 20, options: TextLayoutOptions = .init())
    -> TextLayout
  {
    TextLayout(
      AttributedText(string, font: FontDescription(name: "Helvetica", size: size)),
      options: options, registry: Self.registry)
  }

  @Test func paragraphDirectionComesFromTheFirstStrongCharacter() {
    let engine = FriBidiEngine()
    let arabicFirst = engine.paragraph(ArraySlice("123 مرحبا hello".unicodeScalars))
    #expect(arabicFirst.baseLevel == 1)
    let latinFirst = engine.paragraph(ArraySlice("hello مرحبا".unicodeScalars))
    #expect(latinFirst.baseLevel == 0)
    #expect(latinFirst.levels == [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1])
    let neutral = engine.paragraph(ArraySlice("123 !".unicodeScalars))
    #expect(neutral.baseLevel == 0)
  }

  @Test func mixedDirectionLineIsReorderedVisually() {
    let text = "Hello مرحبا 123"
    let line = layout(text)
    let scalars = Array(text.unicodeScalars)
    // The x of the glyph drawing scalar `index` (its cluster's first scalar).
    func x(_ character: Unicode.Scalar) -> CGFloat? {
      line.glyphs.first { $0.character == character }?.position.x
    }
    let h = x("H")!
    let m = x(scalars[6])!
    let alef = x(scalars[10])!
    let one = x("1")!
    let three = x("3")!
    // Latin first, then the number, then the Arabic word read right to left (UAX #9:
    // the digits after Arabic become AN at level 2, left of the level-1 Arabic).
    #expect(h < one)
    #expect(one < three)
    #expect(three < alef)
    #expect(alef < m)
    #expect(line.lineTexts == [text])
  }

  @Test func naturalAlignmentFollowsTheParagraphDirection() {
    let options = TextLayoutOptions(size: CGSize(width: 300, height: 100))
    let arabic = layout("مرحبا بالعالم", options: options)
    let line = arabic.lines[0]
    #expect(abs(line.origin.x + line.width - 300) < 1e-9)
    let latin = layout("Hello", options: options)
    #expect(latin.lines[0].origin.x == 0)
    var left = options
    left.alignment = .left
    #expect(layout("مرحبا", options: left).lines[0].origin.x == 0)
  }

  @Test func rightToLeftWrappedLinesAreReorderedPerLine() {
    let options = TextLayoutOptions(size: CGSize(width: 90, height: 200), isWrapped: true)
    let wrapped = layout("مرحبا بالعالم مرحبا", options: options)
    #expect(wrapped.lines.count >= 2)
    for line in wrapped.lines {
      // Every line starts logically at its rightmost glyph.
      let glyphs = wrapped.glyphs[line.glyphRange]
      let first = line.text.unicodeScalars.first!
      let rightmost = glyphs.max { $0.position.x < $1.position.x }!
      #expect(rightmost.character == first)
      #expect(abs(line.origin.x + line.width - 90) < 1e-9)
    }
  }

  @Test(arguments: [
    ("नमस्ते", "Noto Sans Devanagari"), ("สวัสดี", "Noto Sans Thai"), ("שלום", "DejaVu Sans"),
    ("こんにちは", "Noto Sans CJK JP"),
  ])
  func scriptsFallBackToAFaceThatCoversThem(text: String, family: String) {
    let shaped = layout(text)
    #expect(!shaped.glyphs.isEmpty)
    #expect(shaped.glyphs.allSatisfy { !$0.isNotdef })
    #expect(shaped.glyphs.first?.face?.familyName == family)
  }

  @Test(arguments: ["👍🏽", "👨‍👩‍👧", "🇯🇵", "😀"])
  func emojiSequencesAreSingleColourGlyphs(emoji: String) throws {
    let shaped = layout(emoji)
    #expect(shaped.glyphs.count == 1)
    let glyph = try #require(shaped.glyphs.first)
    #expect(glyph.face?.familyName == "Noto Color Emoji")
    let image = try #require(glyph.image)
    #expect(image.image.width > 100)
    // Noto Color Emoji: 2048 units per em, so the image is scaled by 20 / 2048 points per
    // unit, about 1.2 em wide (as wide as its advance).
    let fills = shaped.glyphFills()
    #expect(fills.count == 1)
    #expect(shaped.inkBounds == fills[0].imageRect)
    #expect(abs(fills[0].imageRect.width - 20 * image.bounds.width / 2048) < 1e-9)
  }

  @Test func aCharacterNoFontHasDrawsOneBox() {
    // U+0378 is unassigned: no face covers it.
    let shaped = layout("a\u{378}b")
    #expect(shaped.glyphs.count == 3)
    #expect(shaped.glyphs[1].isNotdef)
    #expect(!shaped.glyphs[0].isNotdef && !shaped.glyphs[2].isNotdef)
  }

  @Test func combiningMarksArePositionedOnTheirBase() {
    // hb-shape DejaVuSans.ttf "q\u{301}": [84=0+1300|690=0@-165,0+0]: the acute sits over
    // the q, moved 165 units left of the pen after it.
    let shaped = layout("q\u{301}x", size: 20.48)
    #expect(shaped.glyphs.map(\.glyph) == [84, 690, 91])
    let base = shaped.glyphs[0]
    let mark = shaped.glyphs[1]
    let next = shaped.glyphs[2]
    #expect(abs(mark.position.x - (base.position.x + 13 - 1.65)) < 1e-9)
    #expect(abs(next.position.x - (base.position.x + 13)) < 1e-9)
    #expect(shaped.lineTexts == ["q\u{301}x"])
  }

  @Test func precomposableMarksComposeAsHBShapeDoes() {
    // hb-shape DejaVuSans.ttf "e\u{301}": [171=0+1260], the precomposed é.
    #expect(layout("e\u{301}").glyphs.map(\.glyph) == [171])
  }
}

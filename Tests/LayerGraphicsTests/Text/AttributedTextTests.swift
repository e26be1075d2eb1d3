import Foundation
import LayerGraphics
import Testing

/// Converting `NSAttributedString` into runs, and colours in the drawn output.
@Suite struct AttributedTextTests {
  static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
  static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

  @Test func readsFontAndColourAttributes() {
    let string = NSMutableAttributedString(string: "Hello 世界!")
    string.addAttribute(.foregroundColor, value: Self.red, range: NSRange(location: 0, length: 5))
    string.addAttribute(
      .font, value: FontDescription(name: "Test Sans", size: 20),
      range: NSRange(location: 6, length: 2))
    string.addAttribute(.font, value: "TestSans-Bold", range: NSRange(location: 8, length: 1))
    let text = AttributedText(string, defaultFont: TestFonts.font, defaultColor: .white)
    #expect(
      text.runs == [
        TextRun(text: "Hello", font: TestFonts.font, color: Self.red),
        TextRun(text: " ", font: TestFonts.font, color: .white),
        TextRun(text: "世界", font: FontDescription(name: "Test Sans", size: 20), color: .white),
        TextRun(text: "!", font: FontDescription(name: "TestSans-Bold", size: 10), color: .white),
      ])
    #expect(text.string == "Hello 世界!")
  }

  @Test func acceptsTheCoreTextColourKey() {
    let key = NSAttributedString.Key(kCTForegroundColorAttributeName)
    let string = NSAttributedString(string: "ab", attributes: [key: Self.blue])
    let text = AttributedText(string, defaultFont: TestFonts.font, defaultColor: .white)
    #expect(text.runs.map(\.color) == [Self.blue])
  }

  @Test func ignoresValuesOfTheWrongType() {
    let string = NSAttributedString(
      string: "ab", attributes: [.foregroundColor: "red", .font: 12])
    var notes: [String] = []
    let text = AttributedText.converting(
      string, defaultFont: TestFonts.font, defaultColor: .white, onIgnored: { notes.append($0) })
    #expect(text.runs == [TextRun(text: "ab", font: TestFonts.font, color: .white)])
    #expect(notes.count == 2)
  }

  @Test func glyphFillsMergeNeighboursOfOneColour() {
    let text = AttributedText(runs: [
      TextRun(text: "ab", font: TestFonts.font, color: Self.red),
      TextRun(text: "c", font: TestFonts.font, color: Self.red),
      TextRun(text: "d", font: TestFonts.font, color: Self.blue),
    ])
    let layout = TextLayout(text, registry: TestFonts.registry())
    let fills = layout.glyphFills()
    #expect(fills.map(\.color) == [Self.red, Self.blue])
    // Each test glyph is one closed box: move, 3 lines, close.
    #expect(fills.map { $0.path.elements.count } == [15, 5])
  }

  @Test func glyphPathsAreFlippedOntoTheBaseline() {
    // A test glyph box spans y 0…700 units: at size 10, from the baseline (y = 8) up 7 pt.
    let layout = TextLayout(
      AttributedText("a", font: TestFonts.font), registry: TestFonts.registry())
    #expect(layout.inkBounds == CGRect(x: 0, y: 1, width: 5, height: 7))
    #expect(layout.path().elements.first == .moveTo(CGPoint(x: 0, y: 8)))
    let moved = layout.path(transform: CGAffineTransform(translationX: 10, y: 20))
    #expect(moved.elements.first == .moveTo(CGPoint(x: 10, y: 28)))
  }
}

import Foundation
import LayerKitSDL
import Testing

@testable import LayerKit

/// Text that a person or a network may hand over: every case gets a defined result and
/// never a crash or a hang.
@Suite struct BadTextInputTests {
  func layout(_ string: String, size: CGFloat = 20, width: CGFloat = .infinity) -> TextLayout {
    TextLayout(
      AttributedText(string, font: FontDescription(name: "Helvetica", size: size)),
      options: TextLayoutOptions(
        size: CGSize(width: width, height: .infinity), isWrapped: width.isFinite),
      registry: ShapingTests.registry)
  }

  @Test func emptyStringDrawsNothing() {
    let empty = layout("")
    #expect(empty.glyphs.isEmpty)
    #expect(empty.lines.isEmpty)
    #expect(empty.size == .zero)
  }

  @Test(arguments: ["\u{301}", "\u{94D}", "\u{64E}", "\u{5B8}", "\u{E31}"])
  func loneCombiningMarkIsDrawnOnce(mark: String) {
    let shaped = layout(mark)
    // HarfBuzz draws the mark (on a dotted circle for the Indic and Thai shapers).
    #expect((1...2).contains(shaped.glyphs.count))
    #expect(shaped.lines.count == 1)
  }

  @Test func aHundredThousandCharactersLayOutInOnePass() {
    let unit = "Hello مرحبا नमस्ते こんにちは 👍🏽 office. "
    let long = String(repeating: unit, count: 100_000 / unit.count + 1)
    #expect(long.count >= 100_000)
    let wrapped = layout(long, size: 12, width: 600)
    #expect(wrapped.lines.count > 1000)
    #expect(wrapped.glyphs.count > 50_000)
    #expect(wrapped.lines.allSatisfy { $0.width <= 600 + 1e-6 })
  }

  @Test(arguments: [0, -12, CGFloat.nan, -CGFloat.infinity])
  func unusableSizesDrawNothing(size: CGFloat) {
    let shaped = layout("Hello مرحبا", size: size)
    #expect(shaped.size.width == 0)
    #expect(shaped.glyphs.isEmpty)
  }

  @Test func aHugeSizeIsClippedToTheLayer() throws {
    let layer = CATextLayer()
    layer.fontRegistry = ShapingTests.registry
    layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
    layer.fontSize = 1e6
    layer.string = "Wä👍"
    let ctx = try #require(CGContext(width: 80, height: 80))
    layer.draw(in: ctx)
    #expect(ctx.makeImage() != nil)
  }

  @Test func nonFiniteFontSizeOnALayerIsRejectedWithADiagnostic() {
    CADiagnostics.drain()
    let layer = CATextLayer()
    layer.fontSize = .nan
    #expect(layer.fontSize == 36)
    #expect(CADiagnostics.drain().contains { $0.key == "fontSize" })
  }

  @Test func negativeFontSizeOnALayerDrawsNothingWithADiagnostic() {
    CADiagnostics.drain()
    let layer = CATextLayer()
    layer.fontRegistry = ShapingTests.registry
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
    layer.fontSize = -12
    layer.string = "Hello"
    #expect(CADiagnostics.drain().contains { $0.key == "fontSize" })
    #expect(layer.textGlyphFills().isEmpty)
  }

  @Test func unknownFontNamesUseTheDefaultFamily() {
    let shaped = TextLayout(
      AttributedText("Hi", font: FontDescription(name: "No Such Font-Bold", size: 20)),
      registry: ShapingTests.registry)
    #expect(shaped.glyphs.first?.face?.familyName == FreeTypeFonts.latinFamily)
  }

  @Test func anUnknownFontNameOnALayerIsReported() {
    CADiagnostics.drain()
    let layer = CATextLayer()
    layer.fontRegistry = ShapingTests.registry
    layer.font = "HiraginoSans-W3"
    layer.font = "Helvetica-Bold"
    #expect(CADiagnostics.drain().isEmpty)
    layer.font = "No Such Font"
    #expect(CADiagnostics.drain().map(\.key) == ["font"])
    #expect(layer.font as? String == "No Such Font")
  }

  @Test func aFontFileThatFailsToLoadThrows() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("broken.ttf").path
    try Data("not a font".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: FontError.self) { try FreeTypeFace(path: path) }
  }
}

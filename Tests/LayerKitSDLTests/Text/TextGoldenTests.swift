import Foundation
import LayerKitSDL
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// Text layers drawn with the real fonts through the rasterizer, against golden PNGs.
@Suite struct TextGoldenTests {
  static let registry: FontRegistry = {
    let registry = FontRegistry()
    _ = try? FreeTypeFonts.installDefault(into: registry)
    return registry
  }()

  static let ink = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)

  func textLayer(_ string: Any, size: CGSize, fontSize: CGFloat) -> CATextLayer {
    let layer = CATextLayer()
    layer.fontRegistry = Self.registry
    layer.bounds = CGRect(origin: .zero, size: size)
    layer.fontSize = fontSize
    layer.foregroundColor = Self.ink
    layer.string = string
    return layer
  }

  /// A white context of `width` × `height` pixels.
  func canvas(_ width: Int, _ height: Int) throws -> CGContext {
    let ctx = try #require(CGContext(width: width, height: height))
    ctx.setFillColor(.white)
    ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
    return ctx
  }

  @Test func latinAndJapaneseCentred() throws {
    let layer = textLayer(
      "Hello, LayerKit!\nこんにちは、世界。", size: CGSize(width: 240, height: 70), fontSize: 22)
    layer.alignmentMode = .center
    let ctx = try canvas(240, 70)
    layer.draw(in: ctx)
    assertMatchesGolden(try #require(ctx.makeImage()), named: "text-latin-japanese-centred")
  }

  @Test func rotatedAndScaledStaysSharp() throws {
    let layer = textLayer("Crisp テキスト", size: CGSize(width: 140, height: 30), fontSize: 18)
    let ctx = try canvas(200, 200)
    ctx.translateBy(x: 100, y: 100)
    ctx.rotate(by: -.pi / 6)
    ctx.scaleBy(x: 1.25, y: 1.25)
    ctx.translateBy(x: -70, y: -15)
    layer.draw(in: ctx)
    assertMatchesGolden(try #require(ctx.makeImage()), named: "text-rotated-scaled")
  }

  @Test func wrappedBubbleWithColouredRunsAndTruncation() throws {
    let red = CGColor(red: 0.85, green: 0.1, blue: 0.1, alpha: 1)
    let text = NSMutableAttributedString(
      string: "今日は「いい天気」ですね。散歩に行きましょう！ Let's take a long walk by the river.")
    text.addAttribute(.foregroundColor, value: red, range: NSRange(location: 3, length: 6))
    text.addAttribute(
      .font, value: FontDescription(name: "Helvetica-Bold", size: 16),
      range: NSRange(location: 25, length: 12))
    let layer = textLayer(text, size: CGSize(width: 150, height: 100), fontSize: 16)
    layer.isWrapped = true
    layer.truncationMode = .end
    layer.alignmentMode = .justified
    let ctx = try canvas(150, 100)
    layer.draw(in: ctx)
    assertMatchesGolden(try #require(ctx.makeImage()), named: "text-wrapped-bubble")
  }

  @Test func missingGlyphsDrawBoxes() throws {
    let layer = textLayer(
      "A\u{10FFFD}B\u{E000}C", size: CGSize(width: 120, height: 40), fontSize: 28)
    let ctx = try canvas(120, 40)
    layer.draw(in: ctx)
    assertMatchesGolden(try #require(ctx.makeImage()), named: "text-missing-glyphs")
  }
}

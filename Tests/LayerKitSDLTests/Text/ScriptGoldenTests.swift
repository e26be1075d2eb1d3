import Foundation
import LayerKitSDL
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// One golden per script at two sizes: shaping, bidi, fallback and colour emoji drawn
/// through `CATextLayer` and the rasterizer.
@Suite struct ScriptGoldenTests {
  /// The sample of each script, by golden name.
  static let samples: [(name: String, text: String)] = [
    ("latin", "AVATAR To Ty We office fluffy"),
    ("marks", "q\u{301} x\u{323}\u{302} Z\u{308}\u{331} n\u{303}"),
    ("arabic", "مرحبا بالعالم"),
    ("hebrew", "שָׁלוֹם עולם"),
    ("mixed", "Hello مرحبا 123"),
    ("devanagari", "नमस्ते दुनिया"),
    ("thai", "สวัสดีชาวโลก"),
    ("japanese", "こんにちは、世界。"),
    ("emoji", "👍🏽 👨‍👩‍👧 🇯🇵 😀"),
  ]

  static let cases: [(String, CGFloat)] = samples.flatMap { [($0.name, 14), ($0.name, 28)] }

  @Test(arguments: cases)
  func scriptDrawsAsShaped(name: String, fontSize: CGFloat) throws {
    let text = try #require(Self.samples.first { $0.name == name }).text
    let layer = CATextLayer()
    layer.fontRegistry = ShapingTests.registry
    layer.fontSize = fontSize
    layer.foregroundColor = TextGoldenTests.ink
    layer.string = text
    let size = layer.preferredFrameSize()
    let width = Int((size.width + 8).rounded(.up))
    let height = Int((size.height + 8).rounded(.up))
    layer.bounds = CGRect(x: 0, y: 0, width: width - 8, height: height - 8)
    let ctx = try #require(CGContext(width: width, height: height))
    ctx.setFillColor(.white)
    ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
    ctx.translateBy(x: 4, y: 4)
    layer.draw(in: ctx)
    assertMatchesGolden(
      try #require(ctx.makeImage()), named: "script-\(name)-\(Int(fontSize))")
  }
}

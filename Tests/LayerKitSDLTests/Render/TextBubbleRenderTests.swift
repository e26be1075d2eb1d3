import Foundation
import LayerKitSDL
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// A chat bubble composited by `CARenderer` with real fonts: a CATextLayer with Japanese
/// and Latin text inside a rounded, shadowed bubble.
@Suite struct TextBubbleRenderTests {
  static let bubbleColor = CGColor(red: 0.22, green: 0.55, blue: 0.95, alpha: 1)
  static let paper = CGColor(red: 0.96, green: 0.96, blue: 0.94, alpha: 1)

  static func scene() -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 260, height: 130)
    root.position = CGPoint(x: 130, y: 65)
    root.backgroundColor = paper
    let bubble = CALayer()
    bubble.frame = CGRect(x: 20, y: 16, width: 220, height: 92)
    bubble.backgroundColor = bubbleColor
    bubble.cornerRadius = 18
    bubble.shadowOpacity = 0.35
    bubble.shadowRadius = 6
    bubble.shadowOffset = CGSize(width: 0, height: 4)
    let text = CATextLayer()
    text.fontRegistry = TextGoldenTests.registry
    text.frame = bubble.bounds.insetBy(dx: 14, dy: 10)
    text.string = "こんにちは！ Hello from LayerKit.\n今日はいい天気ですね。"
    text.fontSize = 16
    text.foregroundColor = .white
    text.isWrapped = true
    bubble.addSublayer(text)
    root.addSublayer(bubble)
    return root
  }

  @Test func japaneseAndLatinInAShadowedBubbleMatchesGolden() throws {
    let image = CARenderer(layer: Self.scene()).render(width: 260, height: 130, scale: 1)
    // Glyph pixels: some pixels inside the text frame are (nearly) white on the bubble.
    var white = 0
    for y in 26..<98 {
      for x in 34..<226 {
        let p = image.pixel(x: x, y: y)
        if p.r > 240 && p.g > 240 && p.b > 240 { white += 1 }
      }
    }
    #expect(white > 300, "white glyph pixels drawn over the bubble")
    // The shadow darkens the background just below the bubble, not above it.
    let below = image.pixel(x: 130, y: 111)
    let above = image.pixel(x: 130, y: 12)
    #expect(Int(below.r) < Int(above.r) - 8)
    assertMatchesGolden(image, named: "text-bubble-shadow")
  }
}

import Foundation
import Testing

@testable import LayerGraphics

/// Cached layouts are reused for the same inputs and never for changed ones.
@Suite struct TextLayoutCacheTests {
  let registry = TestFonts.registry()
  let text = AttributedText("Hello world", font: TestFonts.font, color: .black)

  func options(width: CGFloat) -> TextLayoutOptions {
    TextLayoutOptions(size: CGSize(width: width, height: 100), isWrapped: true)
  }

  @Test func sameInputsHit() {
    let cache = TextLayoutCache(capacity: 8)
    let first = cache.layout(text, options: options(width: 40), registry: registry)
    let second = cache.layout(text, options: options(width: 40), registry: registry)
    #expect(cache.statistics == (hits: 1, misses: 1))
    #expect(first.lineTexts == second.lineTexts)
  }

  @Test func aDifferentWidthTextOrAttributeMisses() {
    let cache = TextLayoutCache(capacity: 8)
    _ = cache.layout(text, options: options(width: 40), registry: registry)
    let wider = cache.layout(text, options: options(width: 400), registry: registry)
    #expect(wider.lines.count == 1)
    var kerned = text
    kerned.runs[0].kern = 1
    _ = cache.layout(kerned, options: options(width: 40), registry: registry)
    _ = cache.layout(
      AttributedText("Hello", font: TestFonts.font, color: .black), options: options(width: 40),
      registry: registry)
    #expect(cache.statistics == (hits: 0, misses: 4))
  }

  @Test func registeringAFaceInvalidates() {
    let cache = TextLayoutCache(capacity: 8)
    let japanese = AttributedText("日本", font: TestFonts.font, color: .black)
    let empty = FontRegistry()
    empty.register(TestFonts.latin())
    let before = cache.layout(japanese, options: options(width: 400), registry: empty)
    #expect(before.glyphs.allSatisfy { $0.isNotdef })
    empty.register(TestFonts.japanese())
    let after = cache.layout(japanese, options: options(width: 400), registry: empty)
    #expect(after.glyphs.allSatisfy { !$0.isNotdef })
    #expect(cache.statistics.hits == 0)
  }

  @Test func memoryIsBoundedByTwoGenerations() {
    let cache = TextLayoutCache(capacity: 2)
    for width in [10, 20, 30, 40, 50] as [CGFloat] {
      _ = cache.layout(text, options: options(width: width), registry: registry)
    }
    // 10 and 20 were aged out twice; 30 is in the old generation, 50 in the young one.
    _ = cache.layout(text, options: options(width: 10), registry: registry)
    _ = cache.layout(text, options: options(width: 40), registry: registry)
    #expect(cache.statistics == (hits: 1, misses: 6))
  }
}

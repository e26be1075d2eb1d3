import Foundation
import LayerKitSDL
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// COLR version 0 layered glyphs, from `Fixtures/colr-test.ttf`: DejaVu Sans cut down to
/// "A", "V" and the space (renamed "LayerKit COLR Test"), with a `COLR` table that draws
/// "A" as its own outline in palette colour 0 (red) under "V"'s outline in colour 1
/// (translucent blue), made with fontTools' `buildCOLR` and `buildCPAL`.
@Suite struct ColorLayerTests {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/colr-test.ttf").path

  func registry() throws -> FontRegistry {
    let registry = FontRegistry()
    registry.register(try FreeTypeFace(path: Self.path))
    registry.shapingEngine = FreeTypeFonts.shaper
    return registry
  }

  @Test func layeredGlyphDrawsEachLayerInItsPaletteColour() throws {
    let face = try FreeTypeFace(path: Self.path)
    #expect(face.hasColorGlyphs)
    let layers = try #require(face.colorLayers(of: 2))
    #expect(layers.map(\.glyph) == [2, 3])
    #expect(face.colorLayers(of: 3) == nil)
    let ink = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    let layout = TextLayout(
      AttributedText("AV", font: FontDescription(name: "LayerKit COLR Test", size: 20), color: ink),
      registry: try registry())
    #expect(layout.glyphs.map(\.glyph) == [2, 3, 3])
    let red = try #require(layout.glyphs[0].color.components)
    #expect(abs(red[0] - 230.0 / 255) < 1e-9 && abs(red[3] - 1) < 1e-9)
    let blue = try #require(layout.glyphs[1].color.components)
    #expect(abs(blue[2] - 230.0 / 255) < 1e-9 && abs(blue[3] - 128.0 / 255) < 1e-9)
    #expect(layout.glyphs[2].color == ink)
    // Both layers of "A" sit at the same pen position; "V" follows one advance later.
    #expect(layout.glyphs[0].position == layout.glyphs[1].position)
    #expect(layout.glyphs[2].position.x > layout.glyphs[0].position.x)
  }

  @Test func layeredGlyphGolden() throws {
    let layer = CATextLayer()
    layer.fontRegistry = try registry()
    layer.font = "LayerKit COLR Test"
    layer.fontSize = 48
    layer.foregroundColor = TextGoldenTests.ink
    layer.string = "AV"
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
    let ctx = try #require(CGContext(width: 100, height: 60))
    ctx.setFillColor(.white)
    ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 60))
    layer.draw(in: ctx)
    assertMatchesGolden(try #require(ctx.makeImage()), named: "text-colr-layers")
  }
}

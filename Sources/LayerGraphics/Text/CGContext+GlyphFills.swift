import Foundation

extension CGContext {
  /// Draws laid-out text: each outline fill with its colour and the non-zero rule, each
  /// colour glyph image filtered through its mip chain (trilinear when minified, so a
  /// 136-pixel emoji bitmap drawn at 20 points stays smooth). The current path is
  /// replaced; the fill colour is left at the last fill's.
  package func drawGlyphFills(_ fills: [GlyphFill]) {
    for fill in fills {
      if let image = fill.image {
        drawMipmapped(image, in: fill.imageRect, lodBias: 0)
        continue
      }
      setFillColor(fill.color)
      beginPath()
      addPath(fill.path)
      fillPath(using: .winding)
    }
  }
}

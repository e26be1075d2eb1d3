import Foundation

/// The box drawn for a character no registered face can draw (Unicode's "last resort"
/// convention): a hollow rectangle, so missing text is visible rather than silently gone.
///
/// Defined in a 1000-unit em with the y axis up, like a font glyph: the box spans x
/// 50…550 and y 0…700, with a stroke 60 units wide; the advance is 600 units. The inner
/// contour runs opposite to the outer one, so both the non-zero and the even-odd rule
/// leave the middle empty.
package enum NotdefGlyph {
  /// Units per em of `path` and `advance`.
  package static let unitsPerEm: CGFloat = 1000
  /// The horizontal advance, in `unitsPerEm` units.
  package static let advance: CGFloat = 600
  /// The box outline.
  package static let path: CGPath = {
    let path = CGMutablePath()
    let outer = CGRect(x: 50, y: 0, width: 500, height: 700)
    let inner = outer.insetBy(dx: 60, dy: 60)
    path.move(to: CGPoint(x: outer.minX, y: outer.minY))
    path.addLine(to: CGPoint(x: outer.maxX, y: outer.minY))
    path.addLine(to: CGPoint(x: outer.maxX, y: outer.maxY))
    path.addLine(to: CGPoint(x: outer.minX, y: outer.maxY))
    path.closeSubpath()
    path.move(to: CGPoint(x: inner.minX, y: inner.minY))
    path.addLine(to: CGPoint(x: inner.minX, y: inner.maxY))
    path.addLine(to: CGPoint(x: inner.maxX, y: inner.maxY))
    path.addLine(to: CGPoint(x: inner.maxX, y: inner.minY))
    path.closeSubpath()
    return path
  }()
  /// Metrics used for line height when no face is registered at all.
  package static let metrics = FontMetrics(
    unitsPerEm: 1000, ascent: 800, descent: 200, lineGap: 0)
}

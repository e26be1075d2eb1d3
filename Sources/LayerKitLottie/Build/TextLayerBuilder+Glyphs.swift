import Foundation
import LayerKit

extension TextLayerBuilder {
  /// The file's glyphs for `d`'s font, by character; nil when the file has none for it.
  func outlineGlyphs(_ d: TextDocument) -> [String: LottieGlyph]? {
    guard !composition.glyphs.isEmpty else { return nil }
    let font = composition.fonts[d.fontName]
    var out: [String: LottieGlyph] = [:]
    for (key, glyph) in composition.glyphs
    where key.family == (font?.family ?? d.fontName) && (font == nil || key.style == font?.style) {
      out[key.character] = glyph
    }
    return out.isEmpty ? nil : out
  }

  /// One line drawn from the file's glyph outlines: a filled and a stroked shape layer
  /// whose bounds are the line's advance, anchored at the left end of the baseline (the
  /// outlines' origin). Characters the file has no glyph for advance by nothing.
  func outlinedLine(
    _ line: String, _ d: TextDocument, glyphs: [String: LottieGlyph], kern: CGFloat,
    fill: CGColor?, stroke: CGColor?
  ) -> [CALayer] {
    let scale = CGFloat(d.fontSize / 100)
    let path = CGMutablePath()
    var x: CGFloat = 0
    for ch in line {
      guard let glyph = glyphs[String(ch)] else { continue }
      let one = CGMutablePath()
      Self.appendPaths(glyph.shapes, to: one)
      path.addPath(
        one, transform: CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: x, ty: 0))
      x += CGFloat(glyph.advance) * scale + kern
    }
    var layers: [CALayer] = []
    func layer() -> CAShapeLayer {
      let l = CAShapeLayer()
      l.path = path
      l.bounds = CGRect(x: 0, y: 0, width: max(0, x), height: 0)
      l.anchorPoint = .zero
      return l
    }
    if let fill {
      let l = layer()
      l.fillColor = fill
      layers.append(l)
    }
    if let stroke, d.strokeWidth > 0 {
      let l = layer()
      l.fillColor = nil
      l.strokeColor = stroke
      l.lineWidth = CGFloat(d.strokeWidth)
      if d.strokeOverFill { layers.append(l) } else { layers.insert(l, at: 0) }
    }
    return layers
  }

  /// The paths (`sh`) of a glyph's items, in groups too, at their first keyframe.
  static func appendPaths(_ items: [ShapeItem], to path: CGMutablePath) {
    for item in items {
      switch item {
      case .path(let shape, let reversed): shape.initial.append(to: path, reversed: reversed)
      case .group(let sub, _, _): appendPaths(sub, to: path)
      default: break
      }
    }
  }
}

extension TextDocument {
  /// `text` split into lines at `\r`, `\n` (a `\r\n` pair once) and `\u{3}`.
  static func lines(of text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n", with: "\r")
      .split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
      .map(String.init)
  }
}

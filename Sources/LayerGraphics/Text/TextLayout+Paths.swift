import Foundation

extension TextLayout {
  /// The glyphs as filled paths in layout coordinates, consecutive glyphs of one colour
  /// merged into one path.
  ///
  /// Fill each with the non-zero winding rule (font outlines are designed for it), under
  /// `transform` composed with the destination's own transform.
  /// - Parameter transform: Applied to every point after the layout positions it; for
  ///   example a translation to where the layout box sits. Identity by default.
  /// - Complexity: O(p) in the total number of outline points.
  public func glyphFills(transform: CGAffineTransform = .identity) -> [GlyphFill] {
    var fills: [GlyphFill] = []
    var storage = PathStorage()
    var color: CGColor?
    for glyph in glyphs {
      if let image = glyph.image {
        if let current = color, !storage.verbs.isEmpty {
          fills.append(GlyphFill(color: current, path: CGPath(storage: storage)))
          storage = PathStorage()
        }
        let rect = image.bounds.applying(glyph.transform.concatenating(transform))
        fills.append(
          GlyphFill(color: glyph.color, path: CGPath(), image: image.image, imageRect: rect))
        continue
      }
      if let current = color, current != glyph.color, !storage.verbs.isEmpty {
        fills.append(GlyphFill(color: current, path: CGPath(storage: storage)))
        storage = PathStorage()
      }
      color = glyph.color
      Self.append(
        glyph.outline, transformedBy: glyph.transform.concatenating(transform), to: &storage)
    }
    if let color, !storage.verbs.isEmpty {
      fills.append(GlyphFill(color: color, path: CGPath(storage: storage)))
    }
    return fills
  }

  /// All glyph outlines as one path in layout coordinates, whatever their colours.
  public func path(transform: CGAffineTransform = .identity) -> CGPath {
    var storage = PathStorage()
    for glyph in glyphs {
      Self.append(
        glyph.outline, transformedBy: glyph.transform.concatenating(transform), to: &storage)
    }
    return CGPath(storage: storage)
  }

  /// The smallest rectangle holding every glyph outline's control points and every colour
  /// glyph's image, in layout coordinates (`.null` when nothing is drawn). Control points
  /// bound the curves, so the box holds all ink, and is usually tight for glyphs.
  public var inkBounds: CGRect {
    var box = CGRect.null
    for glyph in glyphs {
      let t = glyph.transform
      if let image = glyph.image {
        box = box.union(image.bounds.applying(t))
        continue
      }
      var minX = CGFloat.infinity
      var minY = CGFloat.infinity
      var maxX = -CGFloat.infinity
      var maxY = -CGFloat.infinity
      for p in glyph.outline.storage.points {
        let q = p.applying(t)
        minX = Swift.min(minX, q.x)
        maxX = Swift.max(maxX, q.x)
        minY = Swift.min(minY, q.y)
        maxY = Swift.max(maxY, q.y)
      }
      if minX <= maxX {
        box = box.union(CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
      }
    }
    return box
  }

  /// Appends `outline`'s elements with every point mapped by `t`.
  private static func append(
    _ outline: CGPath, transformedBy t: CGAffineTransform, to storage: inout PathStorage
  ) {
    storage.append(outline.storage, t)
  }
}

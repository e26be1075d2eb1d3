import Foundation

/// One glyph placed by the layout: what to draw, where, how big and in which colour.
///
/// The outline is shared with the registry's cache and stays in font units, y up; the
/// `transform` maps it into layout coordinates (points, origin at the top left of the
/// layout box, y down), so a renderer fills `outline` under `transform` concatenated with
/// its own CTM and the text stays sharp at any scale or rotation.
public struct PositionedGlyph: Sendable {
  /// The glyph index in `face` (0 for a `.notdef` box).
  public var glyph: CGGlyph
  /// The character the glyph draws.
  public var character: Unicode.Scalar
  /// The pen position on the baseline, in layout coordinates (points, y down).
  public var position: CGPoint
  /// The font size in points.
  public var fontSize: CGFloat
  /// The fill colour.
  public var color: CGColor
  /// The glyph outline in font units (y up).
  public var outline: CGPath
  /// The font units per em of `outline`.
  public var unitsPerEm: CGFloat
  /// The face that drew the glyph; `nil` for a `.notdef` box.
  public var face: (any FontFace)?
  /// The colour image drawn instead of `outline` (which is then empty), for emoji.
  public var image: GlyphImage?

  /// Whether the glyph is the `.notdef` box drawn for a character no face has.
  public var isNotdef: Bool { face == nil }

  /// Maps `outline` from font units (y up) to layout coordinates (y down): scale by
  /// `fontSize / unitsPerEm`, flip y, move to `position`.
  public var transform: CGAffineTransform {
    let scale = fontSize / unitsPerEm
    return CGAffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: position.x, ty: position.y)
  }
}

/// One line of laid-out text.
public struct TextLine: Equatable, Sendable {
  /// The indices of the line's glyphs in `TextLayout.glyphs`.
  public var glyphRange: Range<Int>
  /// The characters shown on the line, including an ellipsis where truncated and interior
  /// spaces, without trailing spaces or the newline.
  public var text: String
  /// The start of the baseline, in layout coordinates: `x` after alignment, `y` the
  /// baseline (points, y down from the top of the layout box).
  public var origin: CGPoint
  /// The typographic width in points, trailing spaces excluded (before justification).
  public var width: CGFloat
  /// The line's ascent above the baseline, in points: the largest of its fonts'.
  public var ascent: CGFloat
  /// The line's descent below the baseline (positive), in points.
  public var descent: CGFloat
  /// The line gap after the line, in points.
  public var leading: CGFloat
  /// Whether text was cut from the line and an ellipsis put in.
  public var isTruncated: Bool

  /// The line's box: from `ascent` above to `descent` below the baseline, `width` wide.
  public var typographicBounds: CGRect {
    CGRect(x: origin.x, y: origin.y - ascent, width: width, height: ascent + descent)
  }
}

/// A path and the colour to fill it with: consecutive glyphs of one colour merged into one
/// path in layout coordinates, ready for `CGContext.fillPath` with the non-zero rule; or a
/// colour glyph's image (an emoji) and the rectangle to draw it in.
public struct GlyphFill: Sendable {
  /// The fill colour.
  public var color: CGColor
  /// The glyph outlines, in layout coordinates (points, y down); empty for an image.
  public var path: CGPath
  /// A colour glyph's image, drawn upright in `imageRect` instead of filling `path`.
  public var image: CGImage?
  /// Where `image` goes, in layout coordinates (its first row at `minY`).
  public var imageRect: CGRect

  /// A fill of `path` in `color`, or an `image` drawn in `imageRect`.
  public init(color: CGColor, path: CGPath, image: CGImage? = nil, imageRect: CGRect = .null) {
    self.color = color
    self.path = path
    self.image = image
    self.imageRect = imageRect
  }
}

import Foundation

/// A glyph index inside one font face, as Core Graphics names it.
///
/// Glyph 0 is `.notdef` in every font format; a face answers `nil` rather than 0 when it
/// has no glyph for a character.
public typealias CGGlyph = UInt16

/// The vertical metrics of a font face, in font units.
///
/// All values are in the face's design units (`unitsPerEm` of them make one em); multiply
/// by `size / unitsPerEm` to get points. `ascent` is measured upwards from the baseline
/// and `descent` downwards, both as positive numbers.
public struct FontMetrics: Equatable, Hashable, Sendable {
  /// Design units per em; at least 1.
  public var unitsPerEm: CGFloat
  /// Distance from the baseline to the top of the line box, upwards, in font units.
  public var ascent: CGFloat
  /// Distance from the baseline to the bottom of the line box, downwards (positive), in
  /// font units.
  public var descent: CGFloat
  /// Extra space the font asks for between the bottom of one line and the top of the next,
  /// in font units; never negative.
  public var lineGap: CGFloat

  /// Creates metrics, sanitising bad values: `unitsPerEm` below 1 (or not finite) becomes
  /// 1000, negative descents are taken by magnitude, and non-finite or negative line gaps
  /// become 0.
  public init(unitsPerEm: CGFloat, ascent: CGFloat, descent: CGFloat, lineGap: CGFloat) {
    self.unitsPerEm = (unitsPerEm.isFinite && unitsPerEm >= 1) ? unitsPerEm : 1000
    self.ascent = ascent.isFinite ? ascent : 0
    self.descent = descent.isFinite ? abs(descent) : 0
    self.lineGap = (lineGap.isFinite && lineGap > 0) ? lineGap : 0
  }
}

/// A source of glyphs: one face of one font (for example DejaVu Sans Bold, or the Japanese
/// face of a Noto Sans CJK collection).
///
/// The text engine knows fonts only through this protocol, so LayerGraphics stays free of
/// any font library; `LayerKitSDL` supplies a FreeType-backed implementation. Everything is
/// in font units with the y axis pointing up, as font files store it; the layout engine
/// scales and flips.
///
/// Implementations must be safe to call from several threads (lock internally if the
/// underlying library is not). Answers must not change over the lifetime of the face: the
/// registry caches them per glyph.
public protocol FontFace: AnyObject, Sendable {
  /// The family name, for example `"DejaVu Sans"`.
  var familyName: String { get }
  /// The style within the family, for example `"Bold"`; `"Regular"` when unknown.
  var styleName: String { get }
  /// The PostScript name, for example `"DejaVuSans-Bold"`; may be empty.
  var postScriptName: String { get }
  /// Whether the face is a bold member of its family.
  var isBold: Bool { get }
  /// Vertical metrics and units per em.
  var metrics: FontMetrics { get }

  /// The glyph that draws `scalar`, or `nil` when the face has none.
  func glyph(for scalar: Unicode.Scalar) -> CGGlyph?
  /// The horizontal advance of `glyph`, in font units.
  func advance(of glyph: CGGlyph) -> CGFloat
  /// The kerning adjustment between `left` and `right` when `right` follows `left`, in
  /// font units (negative brings them closer); 0 when the face has no kerning for them.
  func kerning(between left: CGGlyph, and right: CGGlyph) -> CGFloat
  /// The outline of `glyph` in font units (y up, origin on the baseline at the pen
  /// position), or `nil` when the glyph has no outline (a space) or cannot be read.
  func outline(of glyph: CGGlyph) -> CGPath?
  /// Whether the face draws glyphs in colour (emoji). Default `false`.
  var hasColorGlyphs: Bool { get }
  /// The colour image of `glyph`, drawn instead of its outline; `nil` (the default) for
  /// faces without colour glyphs.
  func colorImage(of glyph: CGGlyph) -> GlyphImage?
  /// The layers of a layered colour glyph (an OpenType `COLR` version 0 glyph), bottom
  /// first, drawn instead of `glyph`'s own outline; `nil` (the default) when `glyph` has
  /// none.
  func colorLayers(of glyph: CGGlyph) -> [GlyphLayer]?
}

/// One layer of a layered colour glyph: another glyph's outline filled in one colour.
public struct GlyphLayer: Equatable, Sendable {
  /// The glyph whose outline the layer fills.
  public var glyph: CGGlyph
  /// The layer's colour from the font's palette, or `nil` for the text's own colour.
  public var color: CGColor?

  /// Creates a layer.
  public init(glyph: CGGlyph, color: CGColor?) {
    self.glyph = glyph
    self.color = color
  }
}

/// A colour glyph as a bitmap (an emoji from a CBDT or sbix font, or a COLR glyph's
/// layers composited), with where it sits.
public struct GlyphImage: Sendable {
  /// The pixels, premultiplied RGBA.
  public var image: CGImage
  /// Where the image is drawn, in font units relative to the pen on the baseline, y up:
  /// `origin` is its bottom-left corner.
  public var bounds: CGRect

  /// Creates a glyph image.
  public init(image: CGImage, bounds: CGRect) {
    self.image = image
    self.bounds = bounds
  }
}

extension FontFace {
  /// Whether the face draws (some) glyphs in colour; `false` unless the face says so.
  public var hasColorGlyphs: Bool { false }

  /// The colour image of `glyph`, for faces with colour glyphs; `nil` by default.
  public func colorImage(of glyph: CGGlyph) -> GlyphImage? { nil }

  /// The layers of a layered colour glyph; `nil` by default.
  public func colorLayers(of glyph: CGGlyph) -> [GlyphLayer]? { nil }
}

import Foundation

/// The direction a run of text is set in.
public enum TextDirection: UInt8, Sendable, Hashable {
  /// Left to right (Latin, Devanagari, Japanese, …).
  case leftToRight
  /// Right to left (Arabic, Hebrew, …).
  case rightToLeft
}

/// One glyph chosen by a shaping engine, in the face's font units.
public struct ShapedGlyphRecord: Equatable, Hashable, Sendable {
  /// The glyph index in the face.
  public var glyph: CGGlyph
  /// The index, in the scalars handed to the engine, of the first scalar of the cluster
  /// the glyph belongs to. Glyphs of one cluster (a ligature, a base and its marks, an
  /// emoji sequence) share it; a line never breaks inside a cluster.
  public var cluster: Int
  /// How far the pen moves after the glyph, in font units (kerning included).
  public var advance: CGFloat
  /// Where the glyph is drawn relative to the pen, in font units (y up), without moving
  /// the pen: mark positioning and cursive attachment.
  public var offset: CGPoint

  /// Creates a record.
  public init(glyph: CGGlyph, cluster: Int, advance: CGFloat, offset: CGPoint = .zero) {
    self.glyph = glyph
    self.cluster = cluster
    self.advance = advance
    self.offset = offset
  }
}

/// OpenType features a run asks for.
public struct ShapingFeatures: Equatable, Hashable, Sendable {
  /// Whether standard and contextual ligatures (`liga`, `clig`) apply. Default `true`,
  /// as `NSAttributedString.Key.ligature` 1 asks; required ligatures (Arabic `rlig`)
  /// always apply.
  public var ligatures: Bool

  /// Creates features.
  public init(ligatures: Bool = true) {
    self.ligatures = ligatures
  }
}

/// Complex text shaping: turns a run of characters in one face, one direction and one
/// script into positioned glyphs, with the face's own kerning (GPOS), ligatures and
/// contextual forms (GSUB) and mark positioning.
///
/// LayerGraphics defines the protocol and knows no shaping library; `LayerKitSDL`
/// implements it with HarfBuzz. Without an engine (or for a face the engine cannot
/// shape) the layout falls back to one glyph per character with `kern`-table kerning.
///
/// Implementations must be thread-safe and deterministic.
public protocol TextShapingEngine: AnyObject, Sendable {
  /// Shapes `scalars[range]` with `face`, reading the rest of `scalars` as context
  /// (for joining across the range's ends).
  ///
  /// - Returns: The glyphs in logical order (by ascending `cluster`, also for right-to-left
  ///   runs), with clusters indexing `scalars`; `nil` when the engine cannot shape with
  ///   this face.
  func shape(
    _ scalars: [Unicode.Scalar], range: Range<Int>, face: any FontFace, direction: TextDirection,
    features: ShapingFeatures
  ) -> [ShapedGlyphRecord]?
}

import Foundation

/// One glyph after shaping: which face draws it, with which glyph, how far it moves the
/// pen, and which characters it came from. The unit of line breaking, truncation and
/// positioning, kept in logical (reading) order until a line is placed.
///
/// Without a shaping engine there is one glyph per Unicode scalar. With one, a cluster (a
/// ligature, a base with its marks, an emoji sequence) may have one glyph for several
/// characters or several glyphs for one; only its first glyph may start a line.
struct ShapedGlyph {
  /// How the glyph is drawn.
  enum Kind: UInt8 {
    /// Nothing is drawn (spaces, newlines, controls); `advance` may still be non-zero.
    case blank
    /// `glyph` of `face` is drawn.
    case glyph
    /// No face has the character: the `.notdef` box is drawn.
    case notdef
  }

  /// The source character.
  var scalar: Unicode.Scalar
  /// Its line-breaking class.
  var characterClass: CharacterClass
  /// The index of the run it came from.
  var run: Int
  /// The face that draws it (for `.glyph`) or whose metrics it uses (otherwise); `nil` only
  /// when the registry has no faces.
  var face: CachedFace?
  var kind: Kind
  var glyph: CGGlyph
  /// The font size in points.
  var size: CGFloat
  /// Pen advance in points.
  var advance: CGFloat
  /// Kerning with the preceding glyph, in points; applied only when that glyph precedes it
  /// on the same line.
  var kern: CGFloat
  /// Where the glyph is drawn relative to the pen, in points, y up (mark positioning).
  var offset: CGPoint = .zero
  /// The scalars the glyph's cluster covers, as indices into the shaped text's scalars;
  /// empty for glyphs the layout made up (an ellipsis, a space joining lines).
  var cluster: Range<Int> = 0..<0
  /// Whether this is the first glyph of its cluster (in logical order).
  var startsCluster = true
  /// The class of the cluster's last scalar: decides whether a line may break after it.
  var endClass: CharacterClass
  /// The bidi embedding level: even left to right, odd right to left.
  var level: UInt8 = 0
  /// The level of the paragraph the glyph belongs to.
  var baseLevel: UInt8 = 0

  /// A glyph for `scalar` with no offset, cluster or bidi information yet.
  init(
    scalar: Unicode.Scalar, characterClass: CharacterClass, run: Int, face: CachedFace?,
    kind: Kind, glyph: CGGlyph, size: CGFloat, advance: CGFloat, kern: CGFloat
  ) {
    self.scalar = scalar
    self.characterClass = characterClass
    self.endClass = characterClass
    self.run = run
    self.face = face
    self.kind = kind
    self.glyph = glyph
    self.size = size
    self.advance = advance
    self.kern = kern
  }

  /// The metrics that govern this glyph's line height.
  var metrics: FontMetrics { face?.metrics ?? NotdefGlyph.metrics }

  /// Points per font unit.
  var scale: CGFloat { size / metrics.unitsPerEm }
}

extension Array where Element == ShapedGlyph {
  /// The width of `range` laid out as one line: advances plus the kerning between
  /// neighbours (not the first glyph's kerning with whatever preceded it).
  func width(of range: Range<Int>) -> CGFloat {
    var total: CGFloat = 0
    for i in range {
      total += self[i].advance
      if i != range.lowerBound { total += self[i].kern }
    }
    return total
  }

  /// `range` without the whitespace and zero-width characters at its end.
  func trimmingTrailingBlanks(_ range: Range<Int>) -> Range<Int> {
    var end = range.upperBound
    while end > range.lowerBound,
      self[end - 1].characterClass.isWhitespace || self[end - 1].characterClass.isZeroWidth
    {
      end -= 1
    }
    return range.lowerBound..<end
  }

  /// `range` without the whitespace at its start.
  func trimmingLeadingBlanks(_ range: Range<Int>) -> Range<Int> {
    var start = range.lowerBound
    while start < range.upperBound, self[start].characterClass.isWhitespace {
      start += 1
    }
    return start..<range.upperBound
  }
}

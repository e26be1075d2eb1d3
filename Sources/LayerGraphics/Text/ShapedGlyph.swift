import Foundation

/// One character after font lookup: which face draws it, with which glyph, and how far it
/// moves the pen. The unit of line breaking, truncation and positioning.
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
    while end > range.lowerBound, self[end - 1].characterClass.isWhitespace || self[end - 1].characterClass.isZeroWidth {
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

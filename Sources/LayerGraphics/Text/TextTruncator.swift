import Foundation

/// Cuts a line that is too wide and puts an ellipsis where text was removed.
///
/// The kept text is the longest that fits together with the ellipsis: the longest prefix
/// for `.end`, the longest suffix for `.start`, and for `.middle` a prefix of at most half
/// the available width followed by the longest suffix that still fits. Blanks next to the
/// ellipsis are dropped, and a cut never separates a combining mark from its base. When not
/// even the ellipsis fits, the line is empty.
struct TextTruncator {
  let mode: TextTruncation

  /// `glyphs` shortened to fit `width` with `ellipsis` in the cut, or `nil` when they fit
  /// already and `force` is `false`.
  /// - Parameter force: Put in an ellipsis even when the glyphs fit, because text after
  ///   them was dropped (the last visible line of overflowing text).
  func truncate(
    _ glyphs: [ShapedGlyph], width: CGFloat, ellipsis: [ShapedGlyph], force: Bool
  ) -> [ShapedGlyph]? {
    guard mode != .none else { return nil }
    let content = glyphs.trimmingTrailingBlanks(glyphs.indices)
    let limit = width + LineBreaker.tolerance
    if !force, glyphs.width(of: content) <= limit { return nil }
    let ellipsisWidth = ellipsis.width(of: ellipsis.indices)
    guard ellipsisWidth <= limit else { return [] }
    let available = limit - ellipsisWidth
    let mark = ellipsis.map {
      var g = $0
      g.kern = 0
      return g
    }

    switch mode {
    case .none:
      return nil
    case .end:
      let end = longestPrefix(of: glyphs, in: content, within: available)
      return Array(glyphs[glyphs.trimmingTrailingBlanks(content.lowerBound..<end)]) + mark
    case .start:
      let begin = longestSuffix(of: glyphs, in: content, within: available)
      return mark + followingMark(glyphs, glyphs.trimmingLeadingBlanks(begin..<content.upperBound))
    case .middle:
      let end = longestPrefix(of: glyphs, in: content, within: available / 2)
      let head = glyphs.trimmingTrailingBlanks(content.lowerBound..<end)
      let headWidth = glyphs.width(of: head)
      let begin = longestSuffix(
        of: glyphs, in: end..<content.upperBound, within: available - headWidth)
      let tail = glyphs.trimmingLeadingBlanks(begin..<content.upperBound)
      return Array(glyphs[head]) + mark + followingMark(glyphs, tail)
    }
  }

  /// The end of the longest prefix of `range` no wider than `width`, not ending just before
  /// a combining mark.
  private func longestPrefix(of glyphs: [ShapedGlyph], in range: Range<Int>, within width: CGFloat)
    -> Int
  {
    var total: CGFloat = 0
    var best = range.lowerBound
    for i in range {
      total += glyphs[i].advance + (i == range.lowerBound ? 0 : glyphs[i].kern)
      if total > width { break }
      if i + 1 >= range.upperBound || glyphs[i + 1].characterClass != .combining {
        best = i + 1
      }
    }
    return best
  }

  /// The start of the longest suffix of `range` no wider than `width`, not starting with a
  /// combining mark.
  private func longestSuffix(of glyphs: [ShapedGlyph], in range: Range<Int>, within width: CGFloat)
    -> Int
  {
    var total: CGFloat = 0
    var best = range.upperBound
    var i = range.upperBound
    while i > range.lowerBound {
      i -= 1
      total += glyphs[i].advance + (i + 1 < range.upperBound ? glyphs[i + 1].kern : 0)
      if total > width { break }
      if glyphs[i].characterClass != .combining { best = i }
    }
    return best
  }

  /// The glyphs of `range`, the first with its kerning cleared (it now follows the mark).
  private func followingMark(_ glyphs: [ShapedGlyph], _ range: Range<Int>) -> [ShapedGlyph] {
    var out = Array(glyphs[range])
    if !out.isEmpty { out[0].kern = 0 }
    return out
  }
}

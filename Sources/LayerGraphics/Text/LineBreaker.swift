import Foundation

/// One line chosen by the line breaker, as a range of shaped glyphs.
struct LineSpan {
  /// The glyphs on the line, without the newline that ended it.
  var range: Range<Int>
  /// Whether the line ends a paragraph (an explicit newline or the end of the text);
  /// justified text leaves such lines unstretched.
  var endsParagraph: Bool
}

/// Splits shaped glyphs into lines: at every explicit newline and, when wrapping, greedily
/// at the last break opportunity that keeps the line within the width.
///
/// Break opportunities come from `CharacterClass.allowsBreak(between:and:)`: after a run
/// of spaces, between Japanese characters (respecting the simple kinsoku rules), after a
/// hyphen. Spaces at a break hang past the width and do not count toward it. A line with
/// no opportunity that is too wide is broken between characters (never before a combining
/// mark, and not before closing punctuation while an earlier cut exists), and a line always holds at least one character, so breaking always progresses.
struct LineBreaker {
  /// Slack for floating-point sums of advances, in points.
  static let tolerance: CGFloat = 1e-6

  /// The lines of `glyphs`.
  /// - Parameters:
  ///   - width: The width limit in points; `.infinity` for none.
  ///   - wraps: Whether to break lines at the width, or only at newlines.
  /// - Complexity: O(n) for text without long unbreakable words; a forced break rescans
  ///   at most one line.
  func lines(of glyphs: [ShapedGlyph], width: CGFloat, wraps: Bool) -> [LineSpan] {
    var lines: [LineSpan] = []
    let count = glyphs.count
    let limit = width + Self.tolerance
    var start = 0
    var i = 0
    var penWidth: CGFloat = 0
    var lastBreak: Int?

    func beginLine(at index: Int) {
      start = index
      i = index
      penWidth = 0
      lastBreak = nil
    }

    while i < count {
      let g = glyphs[i]
      if g.characterClass == .newline {
        lines.append(LineSpan(range: start..<i, endsParagraph: true))
        var next = i + 1
        if g.scalar == "\r", next < count, glyphs[next].scalar == "\n" { next += 1 }
        beginLine(at: next)
        continue
      }
      let step = g.advance + (i == start ? 0 : g.kern)
      if wraps, i > start, !g.characterClass.isWhitespace, g.characterClass != .combining,
        penWidth + step + Self.markWidth(after: i, in: glyphs) > limit
      {
        if let opportunity = lastBreak, opportunity > start {
          lines.append(LineSpan(range: start..<opportunity, endsParagraph: false))
          beginLine(at: opportunity)
        } else {
          var cut = i
          while cut > start + 1, glyphs[cut].characterClass.mustNotStartLine { cut -= 1 }
          lines.append(LineSpan(range: start..<cut, endsParagraph: false))
          beginLine(at: cut)
        }
        continue
      }
      penWidth += step
      if i + 1 < count,
        CharacterClass.allowsBreak(between: g.endClass, and: glyphs[i + 1].characterClass)
      {
        lastBreak = i + 1
      }
      i += 1
    }
    if start < count {
      lines.append(LineSpan(range: start..<count, endsParagraph: true))
    }
    return lines
  }

  /// The width of the combining marks that follow `index`: they break with their base, so
  /// the base fits only if they fit too.
  private static func markWidth(after index: Int, in glyphs: [ShapedGlyph]) -> CGFloat {
    var width: CGFloat = 0
    var j = index + 1
    while j < glyphs.count, glyphs[j].characterClass == .combining {
      width += glyphs[j].advance + glyphs[j].kern
      j += 1
    }
    return width
  }
}

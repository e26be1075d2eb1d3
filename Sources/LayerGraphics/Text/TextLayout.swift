import Foundation

/// Attributed text laid out in a box: lines broken, truncated and aligned, and every
/// visible glyph positioned, baseline-aligned, in layout coordinates.
///
/// Layout coordinates are points with the origin at the top left of the box and y
/// pointing down, the way a layer's bounds are. The first line's ascent touches the top;
/// each following baseline sits the previous line's descent and line gap plus its own
/// ascent lower. A line's ascent, descent and gap are the largest among the fonts that
/// draw it, fallback fonts included.
///
/// ```swift
/// let text = AttributedText("こんにちは、世界", font: FontDescription(size: 18))
/// let layout = TextLayout(
///   text, options: TextLayoutOptions(size: CGSize(width: 60, height: 100), isWrapped: true))
/// for fill in layout.glyphFills() { /* ctx.setFillColor(fill.color); fill the path */ }
/// ```
///
/// Vertical overflow: with a finite height, lines that start below the box are dropped.
/// When truncating, only lines that fit entirely are kept (always at least the first), and
/// the last kept line is truncated together with all the text after it, its newlines read
/// as spaces — so `.end` shows "first lines…", `.start` shows "…end of the text" on the
/// last line, and `.middle` joins the start of that line to the end of the text.
public struct TextLayout: Sendable {
  /// The lines, top to bottom.
  public private(set) var lines: [TextLine] = []
  /// Every drawn glyph, line by line, left to right. Blank characters (spaces, newlines,
  /// controls) have no entry.
  public private(set) var glyphs: [PositionedGlyph] = []
  /// The options the text was laid out with.
  public let options: TextLayoutOptions

  /// Lays out `text`.
  ///
  /// - Parameters:
  ///   - text: The runs to lay out.
  ///   - options: The box, wrapping, alignment and truncation.
  ///   - registry: Where fonts come from; `FontRegistry.shared` by default.
  /// - Complexity: O(n) in the number of characters once the registry's glyph caches are
  ///   warm.
  public init(
    _ text: AttributedText, options: TextLayoutOptions = TextLayoutOptions(),
    registry: FontRegistry = .shared
  ) {
    self.options = options
    var builder = TextLayoutBuilder(text: text, options: options, registry: registry)
    builder.build()
    lines = builder.lines
    glyphs = builder.glyphs
  }

  /// The size the text occupies: the widest line (before justification), and the height
  /// from the top of the first line to the end of the last line's gap, in points.
  public var size: CGSize {
    var width: CGFloat = 0
    for line in lines { width = Swift.max(width, line.width) }
    guard let last = lines.last else { return .zero }
    return CGSize(width: width, height: last.origin.y + last.descent + last.leading)
  }

  /// Whether any line was truncated.
  public var isTruncated: Bool { lines.contains { $0.isTruncated } }

  /// The laid-out text, lines joined by newlines; handy for tests and diagnostics.
  public var lineTexts: [String] { lines.map(\.text) }
}

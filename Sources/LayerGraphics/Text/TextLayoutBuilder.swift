import Foundation

/// The steps behind `TextLayout.init`: shape, break, truncate, stack lines vertically,
/// align and position glyphs.
struct TextLayoutBuilder {
  let text: AttributedText
  let options: TextLayoutOptions
  let shaper: TextShaper
  private(set) var lines: [TextLine] = []
  private(set) var glyphs: [PositionedGlyph] = []
  /// The text's scalars, which shaped glyphs' clusters index.
  private var scalars: [Unicode.Scalar] = []

  /// A line between breaking and positioning.
  private struct PendingLine {
    var items: [ShapedGlyph]
    var endsParagraph: Bool
    var isTruncated: Bool
    var ascent: CGFloat = 0
    var descent: CGFloat = 0
    var leading: CGFloat = 0
  }

  init(text: AttributedText, options: TextLayoutOptions, registry: FontRegistry) {
    self.text = text
    self.options = options
    self.shaper = TextShaper(registry: registry)
  }

  mutating func build() {
    let shapedText = shaper.shape(text)
    scalars = shapedText.scalars
    let shaped = shapedText.glyphs
    guard !shaped.isEmpty else { return }
    let width = options.widthLimit
    let spans = LineBreaker().lines(of: shaped, width: width, wraps: options.isWrapped)
    let truncator = TextTruncator(mode: options.truncation)

    var pending: [PendingLine] = []
    pending.reserveCapacity(spans.count)
    for span in spans {
      var line = PendingLine(
        items: Array(shaped[span.range]), endsParagraph: span.endsParagraph, isTruncated: false)
      if let cut = truncator.truncate(
        line.items, width: width, ellipsis: ellipsis(near: span.range, in: shaped), force: false)
      {
        line.items = cut
        line.isTruncated = true
      }
      measure(&line, fallback: shaped[Swift.min(span.range.lowerBound, shaped.count - 1)])
      pending.append(line)
    }

    let visible = visibleLineCount(pending)
    if visible < pending.count, options.truncation != .none {
      let from = spans[visible - 1].range.lowerBound
      let rest = joiningParagraphs(shaped[from...])
      let ellipsis = ellipsis(near: from..<shaped.count, in: shaped)
      var last = pending[visible - 1]
      last.items = truncator.truncate(rest, width: width, ellipsis: ellipsis, force: true) ?? rest
      last.isTruncated = true
      last.endsParagraph = true
      measure(&last, fallback: shaped[from])
      pending[visible - 1] = last
    }
    place(pending.prefix(visible))
  }

  // MARK: - Vertical

  /// Sets the line's ascent, descent and gap from the fonts of its glyphs (or of
  /// `fallback`, for an empty line).
  private func measure(_ line: inout PendingLine, fallback: ShapedGlyph) {
    var ascent: CGFloat = 0
    var descent: CGFloat = 0
    var leading: CGFloat = 0
    func include(_ g: ShapedGlyph) {
      let m = g.metrics
      let scale = g.scale
      ascent = Swift.max(ascent, m.ascent * scale)
      descent = Swift.max(descent, m.descent * scale)
      leading = Swift.max(leading, m.lineGap * scale)
    }
    if line.items.isEmpty { include(fallback) }
    for g in line.items { include(g) }
    line.ascent = ascent
    line.descent = descent
    line.leading = leading
  }

  /// How many lines the height keeps (see `TextLayout` for the rule).
  private func visibleLineCount(_ pending: [PendingLine]) -> Int {
    let height = options.heightLimit
    guard height.isFinite else { return pending.count }
    var top: CGFloat = 0
    for (index, line) in pending.enumerated() {
      let bottom = top + line.ascent + line.descent
      let fits =
        options.truncation == .none
        ? top < height - LineBreaker.tolerance : bottom <= height + LineBreaker.tolerance
      if !fits { return Swift.max(index, 1) }
      top = bottom + line.leading
    }
    return pending.count
  }

  // MARK: - Truncation helpers

  /// The ellipsis in the style of the text around `range`.
  private func ellipsis(near range: Range<Int>, in shaped: [ShapedGlyph]) -> [ShapedGlyph] {
    let content = shaped.trimmingTrailingBlanks(range)
    let neighbour = shaped[content.isEmpty ? range.lowerBound : content.upperBound - 1]
    return shaper.ellipsis(like: neighbour, text: text)
  }

  /// `glyphs` with each newline (a CR LF pair counting as one) replaced by a space.
  private func joiningParagraphs(_ glyphs: ArraySlice<ShapedGlyph>) -> [ShapedGlyph] {
    var out: [ShapedGlyph] = []
    out.reserveCapacity(glyphs.count)
    var previousWasCR = false
    for g in glyphs {
      defer { previousWasCR = g.scalar == "\r" }
      guard g.characterClass == .newline else {
        out.append(g)
        continue
      }
      if previousWasCR && g.scalar == "\n" { continue }
      out.append(shaper.space(like: g, text: text))
    }
    return out
  }

  // MARK: - Horizontal

  /// Aligns each line, positions its glyphs and records the results.
  private mutating func place(_ pending: ArraySlice<PendingLine>) {
    var widest: CGFloat = 0
    var widths: [CGFloat] = []
    widths.reserveCapacity(pending.count)
    for line in pending {
      let w = line.items.width(of: line.items.trimmingTrailingBlanks(line.items.indices))
      widths.append(w)
      widest = Swift.max(widest, w)
    }
    let boxWidth = options.widthLimit.isFinite ? options.widthLimit : widest
    var top: CGFloat = 0
    for (offset, line) in pending.enumerated() {
      let width = widths[offset]
      let baseline = top + line.ascent
      let justify =
        options.alignment == .justified && options.isWrapped && !line.endsParagraph
        && !line.isTruncated && boxWidth.isFinite
      let rightToLeft = (line.items.first?.baseLevel ?? 0) & 1 == 1
      let x: CGFloat
      switch options.alignment {
      case .left: x = 0
      case .natural, .justified: x = rightToLeft && !justify ? boxWidth - width : 0
      case .right: x = boxWidth - width
      case .center: x = (boxWidth - width) / 2
      }
      let first = glyphs.count
      position(line.items, at: CGPoint(x: x, y: baseline), stretch: justify ? boxWidth - width : 0)
      lines.append(
        TextLine(
          glyphRange: first..<glyphs.count, text: visibleText(line.items),
          origin: CGPoint(x: x, y: baseline), width: width, ascent: line.ascent,
          descent: line.descent, leading: line.leading, isTruncated: line.isTruncated))
      top = baseline + line.descent + line.leading
    }
  }

  /// Appends positioned glyphs for `items` (one line, logical order) in visual order,
  /// starting the pen at `origin`; `stretch` points are shared among the line's interior
  /// spaces or, without any, its character gaps.
  private mutating func position(_ items: [ShapedGlyph], at origin: CGPoint, stretch: CGFloat) {
    let content = items.trimmingTrailingBlanks(items.indices)
    var extra: CGFloat = 0
    var stretchSpaces = false
    if stretch > 0 {
      let spaces = items[content].filter { $0.characterClass == .space }.count
      if spaces > 0 {
        extra = stretch / CGFloat(spaces)
        stretchSpaces = true
      } else {
        let gaps = content.dropFirst().filter { Self.isStretchableGap(items[$0]) }.count
        extra = gaps > 0 ? stretch / CGFloat(gaps) : 0
      }
    }
    let order = Self.visualOrder(items, content: content)
    var pen = origin.x
    for (k, i) in order.enumerated() {
      let g = items[i]
      if k > 0 && order[k - 1] == i - 1 { pen += g.kern }
      if i > 0, !stretchSpaces, extra > 0, i < content.upperBound, Self.isStretchableGap(g) {
        pen += extra
      }
      emit(g, at: CGPoint(x: pen + g.offset.x, y: origin.y - g.offset.y))
      pen += g.advance
      if stretchSpaces, i < content.upperBound, g.characterClass == .space { pen += extra }
    }
  }

  /// The visual order of a line's glyphs (UAX #9 rule L2), trailing white space at the
  /// paragraph level (rule L1).
  private static func visualOrder(_ items: [ShapedGlyph], content: Range<Int>) -> [Int] {
    guard items.contains(where: { $0.level != 0 }) else { return Array(items.indices) }
    var levels = items.map(\.level)
    for i in content.upperBound..<items.count { levels[i] = items[i].baseLevel }
    return BidiReordering.visualOrder(levels)
  }

  private static func isStretchableGap(_ g: ShapedGlyph) -> Bool {
    g.characterClass != .combining && !g.characterClass.isZeroWidth
  }

  /// Appends the drawn glyph for `g` with its origin at `position`, if it draws anything
  /// (a glyph of size 0 does not).
  private mutating func emit(_ g: ShapedGlyph, at position: CGPoint) {
    guard g.size > 0 else { return }
    let color = text.runs[g.run].color
    switch g.kind {
    case .blank:
      return
    case .glyph:
      guard let face = g.face else { return }
      if let image = face.colorImage(of: g.glyph) {
        var placed = PositionedGlyph(
          glyph: g.glyph, character: g.scalar, position: position, fontSize: g.size,
          color: color, outline: CGPath(), unitsPerEm: face.metrics.unitsPerEm, face: face.face)
        placed.image = image
        glyphs.append(placed)
        return
      }
      if let layers = face.colorLayers(of: g.glyph) {
        for layer in layers {
          guard let outline = face.outline(of: layer.glyph) else { continue }
          glyphs.append(
            PositionedGlyph(
              glyph: layer.glyph, character: g.scalar, position: position, fontSize: g.size,
              color: layer.color ?? color, outline: outline, unitsPerEm: face.metrics.unitsPerEm,
              face: face.face))
        }
        return
      }
      guard let outline = face.outline(of: g.glyph) else { return }
      glyphs.append(
        PositionedGlyph(
          glyph: g.glyph, character: g.scalar, position: position, fontSize: g.size,
          color: color, outline: outline, unitsPerEm: face.metrics.unitsPerEm, face: face.face))
    case .notdef:
      glyphs.append(
        PositionedGlyph(
          glyph: 0, character: g.scalar, position: position, fontSize: g.size, color: color,
          outline: NotdefGlyph.path, unitsPerEm: NotdefGlyph.unitsPerEm, face: nil))
    }
  }

  /// The characters of `items` (logical order) without trailing blanks.
  private func visibleText(_ items: [ShapedGlyph]) -> String {
    var out = String.UnicodeScalarView()
    for g in items[items.trimmingTrailingBlanks(items.indices)] where g.startsCluster {
      if g.cluster.isEmpty {
        out.append(g.scalar)
      } else {
        out.append(contentsOf: scalars[g.cluster])
      }
    }
    return String(out)
  }
}

import Foundation

/// Shaped text: glyphs in logical order and the scalars their clusters index.
struct ShapedText {
  /// The glyphs, in reading order.
  var glyphs: [ShapedGlyph]
  /// Every scalar of the text, runs concatenated.
  var scalars: [Unicode.Scalar]
}

/// Turns attributed text into shaped glyphs in logical order: itemise, resolve bidi
/// levels, choose a face per grapheme cluster, shape.
///
/// 1. **Bidi.** Each paragraph's embedding levels come from the registry's
///    ``BidiEngine`` (all 0 without one, or when no character is right to left).
/// 2. **Itemise.** Each grapheme cluster gets the first face that has every one of its
///    characters: the run's own face, then the registry's other faces, then the
///    ``FontFallbackSource`` (emoji clusters prefer a colour face). Consecutive clusters of
///    one run with the same face and level form a segment.
/// 3. **Shape.** The registry's ``TextShapingEngine`` shapes each segment, so kerning,
///    ligatures, contextual forms and marks come from the font (the engine splits the
///    segment by script itself). A cluster no face has becomes one `.notdef` box.
///
/// Without an engine (or for a face it cannot shape) every scalar gets its own glyph, with
/// `kern`-table kerning with its neighbour: enough for Latin and Japanese.
struct TextShaper {
  let registry: FontRegistry

  /// Spaces a tab advances by.
  static let tabWidthInSpaces: CGFloat = 4

  /// Shapes every run of `text`, in order.
  /// - Complexity: O(n) in the number of scalars, after the registry's caches are warm.
  func shape(_ text: AttributedText) -> ShapedText {
    var scalars: [Unicode.Scalar] = []
    var runStarts: [Int] = []
    for run in text.runs {
      runStarts.append(scalars.count)
      scalars.append(contentsOf: run.text.unicodeScalars)
    }
    let (levels, baseLevels) = BidiLevels.resolve(scalars, engine: registry.bidiEngine)
    let engine = registry.shapingEngine
    var out: [ShapedGlyph] = []
    out.reserveCapacity(scalars.count)
    for (runIndex, run) in text.runs.enumerated() {
      let primary = registry.cachedFace(for: run.font)
      let first = out.count
      let segment = SegmentContext(
        scalars: scalars, levels: levels, baseLevels: baseLevels, run: run, runIndex: runIndex,
        primary: primary)
      if let engine, primary != nil {
        shapeComplex(run.text, from: runStarts[runIndex], in: segment, engine: engine, into: &out)
      } else {
        shapeSimple(
          runStarts[runIndex]..<runStarts[runIndex] + run.text.unicodeScalars.count,
          in: segment, into: &out)
      }
      if run.kern != 0 { Self.applyTracking(run.kern, to: &out[first...]) }
    }
    return ShapedText(glyphs: out, scalars: scalars)
  }

  /// What shaping a run needs to know besides its text.
  struct SegmentContext {
    let scalars: [Unicode.Scalar]
    let levels: [UInt8]
    let baseLevels: [UInt8]
    let run: TextRun
    let runIndex: Int
    let primary: CachedFace?
  }

  // MARK: - Complex path

  /// Itemises `text` (starting at scalar `start`) by grapheme cluster into segments of
  /// one face and level, and shapes each with `engine`.
  private func shapeComplex(
    _ text: String, from start: Int, in context: SegmentContext,
    engine: any TextShapingEngine, into out: inout [ShapedGlyph]
  ) {
    var pending: (range: Range<Int>, face: CachedFace)?
    func flush() {
      guard let (range, face) = pending else { return }
      pending = nil
      shapeSegment(range, face: face, in: context, engine: engine, into: &out)
    }
    var offset = start
    for character in text {
      let count = character.unicodeScalars.count
      let range = offset..<offset + count
      offset += count
      let first = context.scalars[range.lowerBound]
      let firstClass = CharacterClass(first)
      if firstClass == .newline || first == "\t" || (count == 1 && firstClass.isZeroWidth) {
        flush()
        shapeSimple(range, in: context, into: &out)
        continue
      }
      let needed = context.scalars[range].filter { !Self.isDefaultIgnorable($0) }
      let face =
        needed.isEmpty
        ? context.primary
        : registry.face(
          covering: needed, primary: context.primary, prefersColor: Self.wantsColor(character))
      guard let face else {
        flush()
        out.append(notdef(for: range, in: context))
        continue
      }
      if let (current, currentFace) = pending, currentFace === face,
        context.levels[current.lowerBound] == context.levels[range.lowerBound]
      {
        pending = (current.lowerBound..<range.upperBound, face)
      } else {
        flush()
        pending = (range, face)
      }
    }
    flush()
  }

  /// Shapes one segment with `engine`, or scalar by scalar when the engine declines.
  private func shapeSegment(
    _ range: Range<Int>, face: CachedFace, in context: SegmentContext,
    engine: any TextShapingEngine, into out: inout [ShapedGlyph]
  ) {
    let level = context.levels[range.lowerBound]
    let direction: TextDirection = level & 1 == 0 ? .leftToRight : .rightToLeft
    guard
      let records = engine.shape(
        context.scalars, range: range, face: face.face, direction: direction,
        features: ShapingFeatures(ligatures: context.run.ligatures)),
      !records.isEmpty
    else {
      let fallback = SegmentContext(
        scalars: context.scalars, levels: context.levels, baseLevels: context.baseLevels,
        run: context.run, runIndex: context.runIndex, primary: face)
      shapeSimple(range, in: fallback, into: &out)
      return
    }
    let size = context.run.font.size
    let scale = size / face.metrics.unitsPerEm
    var k = 0
    while k < records.count {
      let cluster = Swift.min(Swift.max(records[k].cluster, range.lowerBound), range.upperBound - 1)
      var end = k + 1
      while end < records.count && records[end].cluster <= cluster { end += 1 }
      let clusterEnd =
        end < records.count
        ? Swift.min(Swift.max(records[end].cluster, cluster + 1), range.upperBound)
        : range.upperBound
      let scalar = context.scalars[cluster]
      let firstClass = CharacterClass(scalar)
      let lastClass = CharacterClass(context.scalars[clusterEnd - 1])
      for j in k..<end {
        let record = records[j]
        var g = ShapedGlyph(
          scalar: scalar, characterClass: j == k ? firstClass : .combining,
          run: context.runIndex, face: face, kind: .glyph, glyph: record.glyph, size: size,
          advance: record.advance.isFinite ? record.advance * scale : 0, kern: 0)
        if firstClass.isWhitespace { g.kind = .blank }
        if record.glyph == 0 { g.kind = .notdef }
        g.offset = CGPoint(
          x: record.offset.x.isFinite ? record.offset.x * scale : 0,
          y: record.offset.y.isFinite ? record.offset.y * scale : 0)
        g.endClass = lastClass
        g.cluster = cluster..<clusterEnd
        g.startsCluster = j == k
        g.level = context.levels[cluster]
        g.baseLevel = context.baseLevels[cluster]
        out.append(g)
      }
      k = end
    }
  }

  /// One `.notdef` box for a cluster no face can draw.
  private func notdef(for range: Range<Int>, in context: SegmentContext) -> ShapedGlyph {
    let size = context.run.font.size
    var g = ShapedGlyph(
      scalar: context.scalars[range.lowerBound],
      characterClass: CharacterClass(context.scalars[range.lowerBound]), run: context.runIndex,
      face: context.primary, kind: .notdef, glyph: 0, size: size,
      advance: NotdefGlyph.advance * size / NotdefGlyph.unitsPerEm, kern: 0)
    g.cluster = range
    g.level = context.levels[range.lowerBound]
    g.baseLevel = context.baseLevels[range.lowerBound]
    return g
  }

  /// Whether a grapheme cluster asks for emoji presentation: an emoji-presentation
  /// character, a variation selector 16, a skin-tone modifier, a keycap or a flag.
  static func wantsColor(_ character: Character) -> Bool {
    for scalar in character.unicodeScalars {
      let v = scalar.value
      if v == 0xFE0F || v == 0x20E3 || (0x1F1E6...0x1F1FF).contains(v) { return true }
      if scalar.properties.isEmojiPresentation || scalar.properties.isEmojiModifier {
        return true
      }
    }
    return false
  }

  /// Characters that draw nothing by themselves and need no glyph from the face that
  /// draws their cluster (joiners, variation selectors, tags, bidi controls).
  static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0xFE00...0xFE0F, 0xFEFF,
      0xE0000...0xE0FFF, 0xAD, 0x34F, 0x61C, 0x180B...0x180F:
      return true
    default:
      return false
    }
  }

  // MARK: - Simple path

  /// One glyph per scalar of `range`, with `kern`-table kerning between neighbours in the
  /// same face.
  private func shapeSimple(
    _ range: Range<Int>, in context: SegmentContext, into out: inout [ShapedGlyph]
  ) {
    let size = context.run.font.size
    for i in range {
      var shaped = glyph(
        for: context.scalars[i], primary: context.primary, size: size, run: context.runIndex)
      if let previous = out.last, previous.run == context.runIndex, previous.kind == .glyph,
        previous.cluster.upperBound == i, shaped.kind == .glyph, let face = shaped.face,
        previous.face === face, previous.level == context.levels[i]
      {
        shaped.kern = face.kerning(between: previous.glyph, and: shaped.glyph) * shaped.scale
      }
      shaped.cluster = i..<i + 1
      shaped.level = context.levels[i]
      shaped.baseLevel = context.baseLevels[i]
      out.append(shaped)
    }
  }

  /// Adds `kern` points after the last glyph of every cluster in `glyphs` (Core Text's
  /// `kCTKernAttributeName`).
  static func applyTracking(_ kern: CGFloat, to glyphs: inout ArraySlice<ShapedGlyph>) {
    var i = glyphs.startIndex
    while i < glyphs.endIndex {
      let next = i + 1
      let endsCluster = next == glyphs.endIndex || glyphs[next].startsCluster
      if endsCluster && !glyphs[i].characterClass.isZeroWidth { glyphs[i].advance += kern }
      i = next
    }
  }

  /// Shapes one scalar in a run whose primary face is `primary`.
  func glyph(for scalar: Unicode.Scalar, primary: CachedFace?, size: CGFloat, run: Int)
    -> ShapedGlyph
  {
    let characterClass = CharacterClass(scalar)
    var shaped = ShapedGlyph(
      scalar: scalar, characterClass: characterClass, run: run, face: primary, kind: .blank,
      glyph: 0, size: size, advance: 0, kern: 0)
    if characterClass.isZeroWidth { return shaped }
    if scalar == "\t" {
      shaped.characterClass = .space
      shaped.endClass = .space
      shaped.advance = spaceAdvance(primary: primary, size: size) * Self.tabWidthInSpaces
      return shaped
    }
    if let primary, let glyph = primary.glyph(for: scalar) {
      shaped.glyph = glyph
    } else if let primary, let (face, glyph) = registry.fallback(for: scalar, after: primary) {
      shaped.face = face
      shaped.glyph = glyph
    } else if characterClass == .space {
      shaped.advance = spaceAdvance(primary: primary, size: size)
      return shaped
    } else {
      shaped.kind = .notdef
      shaped.advance = NotdefGlyph.advance * size / NotdefGlyph.unitsPerEm
      return shaped
    }
    shaped.kind = characterClass == .space ? .blank : .glyph
    shaped.advance = shaped.face!.advance(of: shaped.glyph) * shaped.scale
    return shaped
  }

  /// The advance of U+0020 in `primary` (or a quarter em), in points.
  func spaceAdvance(primary: CachedFace?, size: CGFloat) -> CGFloat {
    if let primary, let space = primary.glyph(for: " ") {
      return primary.advance(of: space) * size / primary.metrics.unitsPerEm
    }
    return size / 4
  }

  /// The horizontal ellipsis "…" in the style of `neighbour` (a glyph of the run being
  /// truncated), falling back to three full stops when no face has U+2026.
  func ellipsis(like neighbour: ShapedGlyph, text: AttributedText) -> [ShapedGlyph] {
    let run = neighbour.run
    let font = text.runs[run].font
    let primary = registry.cachedFace(for: font)
    var single = glyph(for: "\u{2026}", primary: primary, size: font.size, run: run)
    single.level = neighbour.baseLevel
    single.baseLevel = neighbour.baseLevel
    if single.kind == .glyph { return [single] }
    var dot = glyph(for: ".", primary: primary, size: font.size, run: run)
    dot.level = neighbour.baseLevel
    dot.baseLevel = neighbour.baseLevel
    return [ShapedGlyph](repeating: dot, count: 3)
  }

  /// A space in the style of `neighbour`, used where a newline joins overflowing lines.
  func space(like neighbour: ShapedGlyph, text: AttributedText) -> ShapedGlyph {
    let font = text.runs[neighbour.run].font
    let primary = registry.cachedFace(for: font)
    var space = glyph(for: " ", primary: primary, size: font.size, run: neighbour.run)
    space.level = neighbour.baseLevel
    space.baseLevel = neighbour.baseLevel
    return space
  }
}

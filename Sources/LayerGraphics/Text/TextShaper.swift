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

  // MARK: - Simple path

  /// One glyph per scalar of `range`, with `kern`-table kerning between neighbours in the
  /// same face.
  func shapeSimple(
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

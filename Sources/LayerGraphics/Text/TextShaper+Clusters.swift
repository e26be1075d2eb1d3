import Foundation

/// Itemising by grapheme cluster and shaping segments with the registry's engine.
extension TextShaper {
  /// Itemises `text` (starting at scalar `start`) by grapheme cluster into segments of
  /// one face and level, and shapes each with `engine`.
  func shapeComplex(
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
}

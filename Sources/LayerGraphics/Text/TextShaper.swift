import Foundation

/// Turns attributed text into shaped glyphs: one per Unicode scalar, each with the face
/// that draws it (primary face, else the fallback chain, else the `.notdef` box), its
/// advance and its kerning with the previous glyph.
///
/// There is no complex shaping (no ligatures or contextual forms); that suits Latin and
/// Japanese, the scripts LayerKit targets.
struct TextShaper {
  let registry: FontRegistry

  /// Spaces a tab advances by.
  static let tabWidthInSpaces: CGFloat = 4

  /// Shapes every run of `text`, in order.
  /// - Complexity: O(n) in the number of scalars, after the registry's caches are warm.
  func shape(_ text: AttributedText) -> [ShapedGlyph] {
    var out: [ShapedGlyph] = []
    out.reserveCapacity(text.runs.reduce(0) { $0 + $1.text.unicodeScalars.count })
    for (runIndex, run) in text.runs.enumerated() {
      let primary = registry.cachedFace(for: run.font)
      for scalar in run.text.unicodeScalars {
        var shaped = glyph(for: scalar, primary: primary, size: run.font.size, run: runIndex)
        if let previous = out.last, previous.run == runIndex, previous.kind == .glyph,
          shaped.kind == .glyph, let face = shaped.face, previous.face === face
        {
          shaped.kern = face.kerning(between: previous.glyph, and: shaped.glyph) * shaped.scale
        }
        out.append(shaped)
      }
    }
    return out
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
    let single = glyph(for: "\u{2026}", primary: primary, size: font.size, run: run)
    if single.kind == .glyph { return [single] }
    let dot = glyph(for: ".", primary: primary, size: font.size, run: run)
    return [ShapedGlyph](repeating: dot, count: 3)
  }

  /// A space in the style of `neighbour`, used where a newline joins overflowing lines.
  func space(like neighbour: ShapedGlyph, text: AttributedText) -> ShapedGlyph {
    let font = text.runs[neighbour.run].font
    let primary = registry.cachedFace(for: font)
    return glyph(for: " ", primary: primary, size: font.size, run: neighbour.run)
  }
}

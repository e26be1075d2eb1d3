import Foundation

/// Embedding levels for a whole text, paragraph by paragraph.
enum BidiLevels {
  /// The level of every scalar and the base level of its paragraph.
  ///
  /// Paragraphs end after each paragraph separator (UAX #9 class B: line feed, carriage
  /// return, U+001C–U+001E, NEL, U+2029). Text without a right-to-left character (and
  /// any text without an engine) is all level 0, which is what the algorithm gives too.
  static func resolve(_ scalars: [Unicode.Scalar], engine: (any BidiEngine)?) -> (
    levels: [UInt8], baseLevels: [UInt8]
  ) {
    let zeros = [UInt8](repeating: 0, count: scalars.count)
    guard let engine, scalars.contains(where: isRightToLeftCandidate) else { return (zeros, zeros) }
    var levels = zeros
    var bases = zeros
    var start = 0
    while start < scalars.count {
      var end = start
      while end < scalars.count && !isParagraphSeparator(scalars[end]) { end += 1 }
      if end < scalars.count { end += 1 }
      let paragraph = engine.paragraph(scalars[start..<end])
      let base = paragraph.baseLevel
      for i in start..<end {
        let k = i - start
        levels[i] = k < paragraph.levels.count ? paragraph.levels[k] : base
        bases[i] = base
      }
      start = end
    }
    return (levels, bases)
  }

  static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: return true
    default: return false
    }
  }

  /// Whether `scalar` may be (or make) right-to-left text: Hebrew, Arabic, Syriac, Thaana,
  /// NKo and the other right-to-left blocks, their presentation forms, and the explicit
  /// right-to-left marks, embeddings, overrides and isolates.
  static func isRightToLeftCandidate(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF,
      0x1E800...0x1EFFF, 0x200F, 0x202B, 0x202E, 0x2067:
      return true
    default:
      return false
    }
  }
}

import Foundation

/// How the layout engine treats one Unicode scalar for spacing and line breaking.
///
/// A simplified reading of Unicode's line breaking classes (UAX #14) that covers Latin and
/// Japanese text: spaces hang at line ends, ideographs and kana break anywhere, and the
/// simple Japanese kinsoku rules keep closing punctuation and small kana off the start of
/// a line and opening brackets off its end.
package enum CharacterClass: UInt8, Sendable {
  /// Letters, digits and most symbols: break only at spaces (or by force).
  case ordinary
  /// A space (or tab): hangs past the line end, a break may follow it.
  case space
  /// A hard line break: `\n`, `\r`, U+2028, U+2029, vertical tab, form feed, NEL.
  case newline
  /// Drawn with no advance and no glyph: controls, joiners, variation selectors, soft
  /// hyphens.
  case ignorable
  /// A zero-width space: no glyph, but a break may follow it.
  case zeroWidthSpace
  /// Combining marks: never separated from what precedes them.
  case combining
  /// Ideographs, kana, Hangul and full-width forms: a break may come before and after.
  case ideographic
  /// Japanese closing punctuation and small kana: never start a line, a break may
  /// follow (、。」ッ…).
  case closing
  /// Latin closing and terminal punctuation (`.,;:!?)]}”…`): never starts a line; a
  /// break follows only before an ideograph.
  case trailingPunctuation
  /// Opening brackets that must not end a line (「（…).
  case opening
  /// A hyphen or dash between words: a break may follow it.
  case hyphen

  /// Classifies `scalar`.
  package init(_ scalar: Unicode.Scalar) {
    let v = scalar.value
    switch v {
    case 0x20, 0x09, 0x3000, 0x2000...0x2006, 0x2008...0x200A: self = .space
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: self = .newline
    case 0x200B: self = .zeroWidthSpace
    case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x200C...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F,
      0xFEFF, 0xE0100...0xE01EF:
      self = .ignorable
    case 0x2D, 0x2010, 0x2012, 0x2013: self = .hyphen
    default:
      if CharacterClass.trailingSet.contains(v) {
        self = .trailingPunctuation
      } else if CharacterClass.closingSet.contains(v) {
        self = .closing
      } else if CharacterClass.openingSet.contains(v) {
        self = .opening
      } else if CharacterClass.isIdeographic(v) {
        self = .ideographic
      } else {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: self = .combining
        default: self = .ordinary
        }
      }
    }
  }

  /// Whether a line may break between a character of class `before` and one of class
  /// `after` (spaces are handled by the breaker: a break follows the last of a run).
  package static func allowsBreak(between before: CharacterClass, and after: CharacterClass)
    -> Bool
  {
    switch (before, after) {
    case (_, .combining), (_, .closing), (_, .trailingPunctuation), (_, .space), (_, .newline),
      (.opening, _):
      return false
    case (.space, _), (.zeroWidthSpace, _), (.newline, _):
      return true
    case (.ideographic, _), (.closing, _), (_, .ideographic):
      return true
    case (.hyphen, .ordinary):
      return true
    default:
      return false
    }
  }

  /// Whether a character of this class is kept off the start of a line.
  package var mustNotStartLine: Bool {
    self == .combining || self == .closing || self == .trailingPunctuation
  }

  /// Whether the class draws nothing and takes no space.
  package var isZeroWidth: Bool {
    self == .ignorable || self == .zeroWidthSpace || self == .newline
  }

  /// Whether the class is white space that hangs at the end of a line.
  package var isWhitespace: Bool { self == .space || self == .newline }

  private static func isIdeographic(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x2E80...0x2FFF, 0x3001...0x303F, 0x3040...0x30FF, 0x3100...0x31FF,
      0x3200...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F000...0x1FAFF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// Must not start a line: Japanese closing brackets and terminal punctuation,
  /// iteration marks, the prolonged sound mark and small kana.
  private static let closingSet: Set<UInt32> = [
    0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019,
    0x301B, 0x301E, 0x301F, 0x3005, 0x303B, 0x309D, 0x309E, 0x30FB, 0x30FC, 0x30FD, 0x30FE,
    0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095,
    0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE,
    0x30F5, 0x30F6, 0x31F0, 0x31F1, 0x31F2, 0x31F3, 0x31F4, 0x31F5, 0x31F6, 0x31F7, 0x31F8,
    0x31F9, 0x31FA, 0x31FB, 0x31FC, 0x31FD, 0x31FE, 0x31FF,
    0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61,
    0xFF63, 0xFF64,
  ]

  /// Latin punctuation that must not start a line.
  private static let trailingSet: Set<UInt32> = [
    0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x2019, 0x201D, 0x2026,
  ]

  /// Must not end a line: opening brackets and quotes.
  private static let openingSet: Set<UInt32> = [
    0x28, 0x5B, 0x7B, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014,
    0x3016, 0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62,
  ]
}

import CFriBidi
import Foundation
import LayerGraphics

/// Bidirectional levels from FriBidi (the Unicode Bidirectional Algorithm, UAX #9).
///
/// Each paragraph's base direction comes from its first strong character (rules P2–P3),
/// left to right when it has none; brackets are paired (rule N0). FriBidi's functions
/// keep no state, so one engine serves every thread.
public final class FriBidiEngine: BidiEngine, @unchecked Sendable {
  // Sendable: it stores nothing; each call works on its own buffers.
  /// FriBidi's "other neutral" paragraph type: resolve the direction from the text.
  private static let automaticDirection = FriBidiParType(rawValue: 0x40)
  /// FriBidi's right-to-left mask bit.
  private static let rightToLeftMask: UInt32 = 0x01

  /// Creates an engine.
  public init() {}

  public func paragraph(_ scalars: ArraySlice<Unicode.Scalar>) -> BidiParagraph {
    let count = scalars.count
    guard count > 0, count < Int(Int32.max) else {
      return BidiParagraph(baseLevel: 0, levels: [UInt8](repeating: 0, count: count))
    }
    let characters = scalars.map { FriBidiChar($0.value) }
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    var base = Self.automaticDirection
    let length = FriBidiStrIndex(count)
    let maximum = characters.withUnsafeBufferPointer { chars -> FriBidiLevel in
      fribidi_get_bidi_types(chars.baseAddress, length, &types)
      fribidi_get_bracket_types(chars.baseAddress, length, types, &brackets)
      return fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &levels)
    }
    let baseLevel: UInt8 = base.rawValue & Self.rightToLeftMask != 0 ? 1 : 0
    guard maximum > 0 else {
      return BidiParagraph(
        baseLevel: baseLevel, levels: [UInt8](repeating: baseLevel, count: count))
    }
    return BidiParagraph(baseLevel: baseLevel, levels: levels.map { UInt8(clamping: $0) })
  }
}

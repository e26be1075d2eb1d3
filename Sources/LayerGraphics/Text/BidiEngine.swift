import Foundation

/// The resolved embedding levels of one paragraph (Unicode Bidirectional Algorithm,
/// UAX #9, rules P2–I2).
public struct BidiParagraph: Equatable, Sendable {
  /// The paragraph's base level: 0 left to right, 1 right to left.
  public var baseLevel: UInt8
  /// One level per scalar: even levels run left to right, odd levels right to left.
  public var levels: [UInt8]

  /// Creates a paragraph.
  public init(baseLevel: UInt8, levels: [UInt8]) {
    self.baseLevel = baseLevel
    self.levels = levels
  }

  /// The base direction.
  public var direction: TextDirection { baseLevel & 1 == 0 ? .leftToRight : .rightToLeft }
}

/// Resolves embedding levels for bidirectional text.
///
/// LayerGraphics defines the protocol; `LayerKitSDL` implements it with FriBidi. Lines
/// are reordered by the layout itself (rule L2) after they are broken. Without an engine,
/// text is laid out left to right.
public protocol BidiEngine: AnyObject, Sendable {
  /// The levels of one paragraph (no paragraph separators inside), its base direction
  /// taken from the first strong character (left to right when there is none).
  func paragraph(_ scalars: ArraySlice<Unicode.Scalar>) -> BidiParagraph
}

/// Rule L2 of UAX #9: the visual order of items with the given levels.
enum BidiReordering {
  /// Indices of `levels` in visual order, left to right: from the highest level down to
  /// the lowest odd level, every maximal run at that level or above is reversed.
  static func visualOrder(_ levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), highest > 0 else { return order }
    let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? highest
    var level = highest
    while level >= lowestOdd && level > 0 {
      var i = 0
      while i < order.count {
        guard levels[order[i]] >= level else {
          i += 1
          continue
        }
        var j = i
        while j < order.count && levels[order[j]] >= level { j += 1 }
        order[i..<j].reverse()
        i = j
      }
      level -= 1
    }
    return order
  }
}

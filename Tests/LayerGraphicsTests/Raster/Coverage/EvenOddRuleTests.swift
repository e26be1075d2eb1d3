import Foundation
import Testing

@testable import LayerGraphics

/// The even-odd coverage rules against the distance to the nearest even number computed
/// with a floor-based fold.
@Suite struct EvenOddRuleTests {
  /// `|s|` folded by its floor: `a = |s| − 2·⌊|s|/2⌋`, then `2 − a` above 1.
  static func folded(_ s: Float) -> Int {
    var a = abs(s)
    a -= 2 * (a * 0.5).rounded(.down)
    if a > 1 { a = 2 - a }
    return Int(a * 255 + 0.5)
  }

  static let bounded: [Float] = [
    0, -0, 0.25, 0.5, -0.5, 0.999, 1, -1, 1.5, 2, -2, 2.75, -3.25, 3, 7.999, 12_345.5, -12_346.25,
    0x1p22 + 0.5, -(0x1p23 - 1.5), 0x1p23 - 1, 0x1p-20, -0x1p-140,
  ]

  @Test(arguments: bounded)
  func boundedSumsGiveTheExactFoldedDistance(s: Float) {
    #expect(EvenOddRule.alpha(s) == Self.folded(s))
    #expect(WideEvenOddRule.alpha(s) == Self.folded(s))
  }

  static let wide: [Float] = [0x1p23, 0x1p23 + 1, -(0x1p23 + 3), 0x1p24, -0x1p24 - 2, 3e9, -1e30]

  /// Sums of 2²³ and more are integers; only their parity counts.
  @Test(arguments: wide)
  func wideSumsGiveTheirParity(s: Float) {
    #expect(WideEvenOddRule.alpha(s) == Self.folded(s))
    #expect(WideEvenOddRule.alpha(s) == (abs(s).truncatingRemainder(dividingBy: 2) == 1 ? 255 : 0))
  }

  /// Every float in a sweep of bit patterns below 2²³ (all exponents, many mantissas).
  @Test func boundedRuleMatchesTheFoldAcrossBitPatterns() {
    var mismatches = 0
    var bits: UInt32 = 0
    while bits < 0x4B00_0000 {  // 2²³
      for sign: UInt32 in [0, 0x8000_0000] {
        let s = Float(bitPattern: bits | sign)
        if EvenOddRule.alpha(s) != Self.folded(s) { mismatches += 1 }
      }
      bits &+= 4099
    }
    #expect(mismatches == 0)
  }
}

import Testing

@testable import LayerGraphics

/// The scan converter's unchecked float-to-integer conversion agrees with `Int(_:)`.
@Suite struct TruncationTests {
  @Test func roundsTowardZeroAsIntDoes() {
    var values: [Float] = [
      0, -0.0, 0.5, 0.49999997, 1, 1.5, 2.5, 254.5, 255.49998, 255.5, -0.5, -1.5, -7.25, 1e9, -1e9,
    ]
    // Every coverage value the rules can produce, and the whole-number neighbourhoods of
    // cell columns up to a 32,768-pixel row.
    for k in 0...256 { values.append(Float(k) * 0.5 + 0.25) }
    for c in stride(from: 0, through: 32_768, by: 97) {
      let f = Float(c)
      values += [f, f.nextUp, f.nextDown, f + 0.5]
    }
    for v in values { #expect(Truncation.int(v) == Int(v), "\(v)") }
  }

  @Test func coverageRulesGiveTheRoundedCoverage() {
    // The rules convert `x·255 + 0.5` by truncation: rounded to nearest, halves up.
    #expect(NonZeroRule.alpha(0.5) == 128)
    #expect(NonZeroRule.alpha(-1.25) == 255)
    #expect(NonZeroRule.alpha(0) == 0)
    #expect(EvenOddRule.alpha(1.5) == 128)
    #expect(EvenOddRule.alpha(2) == 0)
    #expect(EvenOddRule.alpha(-0.25) == 64)
  }
}

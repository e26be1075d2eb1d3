/// How a running winding area becomes a coverage 0…255, fixed per fill.
protocol CoverageRule {
  static func alpha(_ s: Float) -> Int
}

/// Non-zero: `min(|s|, 1)`.
enum NonZeroRule: CoverageRule {
  @inline(__always)
  static func alpha(_ s: Float) -> Int { Int(Swift.min(abs(s), 1) * 255 + 0.5) }
}

/// Even-odd: the distance of `|s|` to the nearest even number, folded into 0…1.
enum EvenOddRule: CoverageRule {
  @inline(__always)
  static func alpha(_ s: Float) -> Int {
    var a = abs(s)
    // The floor of a non-negative half, by truncation (no libm call) while it fits.
    let half = a * 0.5
    a -= 2 * (half < 0x1p30 ? Float(Int32(half)) : half.rounded(.down))
    if a > 1 { a = 2 - a }
    return Int(a * 255 + 0.5)
  }
}

/// Without antialiasing: a pixel is inside (255) when at least half of it is.
enum AliasedRule<Base: CoverageRule>: CoverageRule {
  @inline(__always)
  static func alpha(_ s: Float) -> Int { Base.alpha(s) >= 128 ? 255 : 0 }
}

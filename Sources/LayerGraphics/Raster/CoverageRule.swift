/// How a running winding area becomes a coverage 0…255, fixed per fill.
protocol CoverageRule {
  static func alpha(_ s: Float) -> Int
}

/// Non-zero: `min(|s|, 1)`.
enum NonZeroRule: CoverageRule {
  @inline(__always)
  static func alpha(_ s: Float) -> Int { Int(Swift.min(abs(s), 1) * 255 + 0.5) }
}

/// Even-odd: the distance of `s` to the nearest even number, `|s − 2·rint(s/2)|`, in 0…1,
/// for sums `|s| < 2²³`.
///
/// `rint` is the add-and-subtract of `1.5·2²³`: for `|s/2| < 2²²` the sum lies in
/// `[2²³, 2²⁴]`, where the float spacing is 1, so the addition rounds `s/2` to an integer
/// (ties to even) and the subtraction is exact. `s − 2r` is then exact too: `2r` is an
/// integer, so a multiple of the spacing of `s` (at most 1 below 2²⁴), and the difference
/// has magnitude at most 1 with that spacing, which fits 24 bits for `|s| ≥ 1` (for
/// `|s| < 1`, `r = 0`). So the result is the exact distance, as a floor-based fold would
/// give, with no branch and no integer round trip.
///
/// Every edge adds at most its height in the row (≤ 1) to a running sum, so the bound
/// holds for fills of fewer than `maximumEdges` edges; larger fills use `WideEvenOddRule`.
enum EvenOddRule: CoverageRule {
  /// The largest edge count for which running sums stay below 2²³ (with room for rounding).
  static let maximumEdges = 1 << 21

  @inline(__always)
  static func alpha(_ s: Float) -> Int {
    let half = s * 0.5
    let r = (half + 0x1.8p23) - 0x1.8p23
    return Int(abs(s - 2 * r) * 255 + 0.5)
  }
}

/// `EvenOddRule` for any finite sum: from `|s| ≥ 2²³` on (where `s` is an integer, so only
/// its parity counts) `rint` is replaced by the floor, which gives the same distance.
enum WideEvenOddRule: CoverageRule {
  @inline(__always)
  static func alpha(_ s: Float) -> Int {
    let half = s * 0.5
    let r = abs(half) < 0x1p22 ? (half + 0x1.8p23) - 0x1.8p23 : half.rounded(.down)
    return Int(abs(s - 2 * r) * 255 + 0.5)
  }
}

/// Without antialiasing: a pixel is inside (255) when at least half of it is.
enum AliasedRule<Base: CoverageRule>: CoverageRule {
  @inline(__always)
  static func alpha(_ s: Float) -> Int { Base.alpha(s) >= 128 ? 255 : 0 }
}

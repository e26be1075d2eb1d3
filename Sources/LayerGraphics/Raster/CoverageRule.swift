/// How a running winding area becomes a coverage 0…255, fixed per fill.
protocol CoverageRule {
  static func alpha(_ s: Float) -> Int
}

/// Non-zero: `min(|s|, 1)`.
enum NonZeroRule: CoverageRule {
  @inline(__always)
  static func alpha(_ s: Float) -> Int { Truncation.int(Swift.min(abs(s), 1) * 255 + 0.5) }
}

/// Even-odd: the distance of `s` to the nearest even number, `|s − q|`, in 0…1, for sums
/// `|s| < 2²³`.
///
/// `q` is the add-and-subtract of `1.5·2²⁴`: for `|s| < 2²³` the sum lies in
/// `(2²⁴, 2²⁵)`, where floats are the even integers, so the addition rounds `s` to a
/// nearest even integer and the subtraction is exact. `s − q` is then exact too: `q` is an
/// integer, so a multiple of the spacing of `s` (at most 1 below 2²⁴), and the difference
/// has magnitude at most 1 with that spacing, which fits 24 bits for `|s| ≥ 1` (for
/// `|s| < 1`, `q = 0`). At odd integers, the ties, either neighbour is 1 away. So the
/// result is the exact distance, as a floor-based fold would give, with no branch and no
/// integer round trip.
///
/// Every edge adds at most its height in the row (≤ 1) to a running sum, so the bound
/// holds for fills of fewer than `maximumEdges` edges; larger fills use `WideEvenOddRule`.
enum EvenOddRule: CoverageRule {
  /// The largest edge count for which running sums stay below 2²³ (with room for rounding).
  static let maximumEdges = 1 << 21

  @inline(__always)
  static func alpha(_ s: Float) -> Int {
    let q = (s + 0x1.8p24) - 0x1.8p24
    return Truncation.int(abs(s - q) * 255 + 0.5)
  }
}

/// `EvenOddRule` for any finite sum: from `|s| ≥ 2²³` on (where `s` is an integer, so only
/// its parity counts) the nearest even number is replaced by `2·⌊s/2⌋`, which gives the
/// same distance.
enum WideEvenOddRule: CoverageRule {
  @inline(__always)
  static func alpha(_ s: Float) -> Int {
    let q = abs(s) < 0x1p23 ? (s + 0x1.8p24) - 0x1.8p24 : 2 * (s * 0.5).rounded(.down)
    return Int(abs(s - q) * 255 + 0.5)
  }
}

/// Without antialiasing: a pixel is inside (255) when at least half of it is.
enum AliasedRule<Base: CoverageRule>: CoverageRule {
  @inline(__always)
  static func alpha(_ s: Float) -> Int { Base.alpha(s) >= 128 ? 255 : 0 }
}

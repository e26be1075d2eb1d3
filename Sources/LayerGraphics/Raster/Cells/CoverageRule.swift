/// How a running winding area becomes a coverage 0…255, fixed per fill.
///
/// A rule gives the coverage as a *level*, a float in `0 ..< 256` whose integer part is
/// the coverage byte (the rounding `+ 0.5` included), once for one sum and once for the
/// four sums of a cell group (`CoverageRasterizer`'s vector sweep); both perform the same
/// operations, so a sum gives the same byte either way.
protocol CoverageRule {
  /// The coverage level of the running sum `s`.
  static func level(_ s: Float) -> Float
  /// `level` of each lane of `s`.
  static func levels(_ s: SIMD4<Float>) -> SIMD4<Float>
}

extension CoverageRule {
  /// The coverage byte of the running sum `s`: its level, truncated.
  @inline(__always)
  static func alpha(_ s: Float) -> Int { Truncation.int(level(s)) }
}

/// `|v|` lane by lane (the sign bits cleared).
@inline(__always)
func magnitudes(_ v: SIMD4<Float>) -> SIMD4<Float> {
  unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
}

/// Non-zero: `min(|s|, 1)`.
enum NonZeroRule: CoverageRule {
  @inline(__always)
  static func level(_ s: Float) -> Float { Swift.min(abs(s), 1) * 255 + 0.5 }

  @inline(__always)
  static func levels(_ s: SIMD4<Float>) -> SIMD4<Float> {
    magnitudes(s).replacing(with: 1, where: magnitudes(s) .> 1) * 255 + 0.5
  }
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
  static func level(_ s: Float) -> Float {
    let q = (s + 0x1.8p24) - 0x1.8p24
    return abs(s - q) * 255 + 0.5
  }

  @inline(__always)
  static func levels(_ s: SIMD4<Float>) -> SIMD4<Float> {
    let q = (s + 0x1.8p24) - 0x1.8p24
    return magnitudes(s - q) * 255 + 0.5
  }
}

/// `EvenOddRule` for any finite sum: from `|s| ≥ 2²³` on (where `s` is an integer, so only
/// its parity counts) the nearest even number is replaced by `2·⌊s/2⌋`, which gives the
/// same distance.
enum WideEvenOddRule: CoverageRule {
  @inline(__always)
  static func level(_ s: Float) -> Float {
    let q = abs(s) < 0x1p23 ? (s + 0x1.8p24) - 0x1.8p24 : 2 * (s * 0.5).rounded(.down)
    return abs(s - q) * 255 + 0.5
  }

  @inline(__always)
  static func levels(_ s: SIMD4<Float>) -> SIMD4<Float> {
    if any(magnitudes(s) .>= 0x1p23) {
      return SIMD4(level(s[0]), level(s[1]), level(s[2]), level(s[3]))
    }
    return EvenOddRule.levels(s)
  }
}

/// Without antialiasing: a pixel is inside (255) when at least half of it is.
enum AliasedRule<Base: CoverageRule>: CoverageRule {
  @inline(__always)
  static func level(_ s: Float) -> Float { Base.level(s) >= 128 ? 255 : 0 }

  @inline(__always)
  static func levels(_ s: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(repeating: 0).replacing(with: 255, where: Base.levels(s) .>= 128)
  }
}

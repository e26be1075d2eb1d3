/// The vertical box pass sixteen bytes at a time, in 16-bit lanes.
///
/// Sixteen bytes of a row load as eight 16-bit lanes; masking keeps the even bytes and a
/// lane shift by 8 gives the odd ones, so one row strip's running sums are two
/// `SIMD8<UInt16>` per sixteen columns (columns are independent, so splitting them by
/// parity costs nothing), and an output is the even quotient ORed with the odd one
/// shifted back up.
///
/// The quotient: `GaussianBlur`'s rounding `(sum · ⌊2²⁴/n⌋ + 2²³) >> 24` equals
/// `⌊(sum + h)/n⌋` for every `sum ≤ 255·n` once `n ≤ 181`, with `h = (n − 1)/2` for odd
/// `n`, `n/2` when `n` divides 2²⁴ and `n/2 − 1` for other even `n`. (The product
/// `sum · ⌊2²⁴/n⌋ / 2²⁴` falls short of `sum/n` by `δ < 255·n/2²⁴`, less than the
/// distance `1/(2n)` from `sum/n + ½` to the next whole number except at the exact ties
/// of even `n`, which it therefore rounds down.) The floor division of `x = sum + h`
/// is a multiply-high by `M = ⌈2ᵏ/n⌉ < 2¹⁶` and a shift by `k − 16`, exact whenever
/// `x · (M·n − 2ᵏ) < 2ᵏ` for the largest `x`; `Divisor` picks the largest such `k` and
/// returns nil when there is none, and the 32-bit pass is used instead.
extension BoxPasses {
  typealias Lanes = SIMD8<UInt16>

  /// The division of a box sum by the box width in 16-bit lanes.
  struct Divisor {
    let bias: UInt16
    let multiplier: UInt16
    let shift: UInt16

    /// The divisor of a box with reaches `r`; nil when 16-bit lanes cannot reproduce
    /// the 32-bit rounding.
    init?(_ r: Reach) {
      let n = r.left + r.right + 1
      guard n >= 2, n <= 181 else { return nil }
      let h = n % 2 == 1 ? (n - 1) / 2 : (1 << 24) % n == 0 ? n / 2 : n / 2 - 1
      let largest = 255 * n + h
      var k = 16
      while ((1 << (k + 1)) + n - 1) / n <= 0xFFFF { k += 1 }
      let m = ((1 << k) + n - 1) / n
      guard largest * (m * n - (1 << k)) < (1 << k) else { return nil }
      bias = UInt16(h)
      multiplier = UInt16(m)
      shift = UInt16(k - 16)
    }

    /// The quotient of one sum, as the lanes compute it.
    func divide(_ sum: Int) -> Int { ((sum + Int(bias)) * Int(multiplier)) >> (16 + Int(shift)) }
  }

  /// The high 16 bits of each lane's 32-bit product.
  @inline(__always)
  static func multiplyHigh(_ a: Lanes, _ b: Lanes) -> Lanes {
    Lanes(
      truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: a)
        &* SIMD8<UInt32>(truncatingIfNeeded: b)) &>> 16)
  }

  /// One vertical pass over `width ≥ 16` bytes of `height` rows, `src` to `dst`
  /// (distinct buffers); `sums` holds `2 · ⌈width/16⌉` lanes. The last sixteen columns
  /// are one step even when `width` is not a multiple of 16 (they overlap the step
  /// before; columns are independent, so the overlap writes the same bytes twice).
  static func columns16(
    _ src: UnsafeMutablePointer<UInt8>, _ srcStride: Int, _ dst: UnsafeMutablePointer<UInt8>,
    _ dstStride: Int, sums: UnsafeMutablePointer<Lanes>, width n: Int, height: Int,
    reach: Reach, divisor dv: Divisor
  ) {
    let chunks = (n + 15) >> 4
    let lastOffset = n - 16
    // The sums start at the bias `h`, so they always hold `sum + h`, the dividend.
    sums.update(repeating: Lanes(repeating: dv.bias), count: 2 * chunks)
    let low = Lanes(repeating: 0x00FF)
    let mul = Lanes(repeating: dv.multiplier)
    let shift = dv.shift
    @inline(__always) func load(_ row: UnsafeMutablePointer<UInt8>, _ offset: Int) -> Lanes {
      UnsafeRawPointer(row + offset).loadUnaligned(as: Lanes.self)
    }
    @inline(__always) func emit(
      _ row: UnsafeMutablePointer<UInt8>, _ offset: Int, _ even: Lanes, _ odd: Lanes
    ) {
      let qe = multiplyHigh(even, mul) &>> shift
      let qo = multiplyHigh(odd, mul) &>> shift
      UnsafeMutableRawPointer(row + offset).storeBytes(of: qe | (qo &<< 8), as: Lanes.self)
    }
    /// Runs `body(offset, k)` for every step `k`: whole steps, then the last one.
    @inline(__always) func steps(_ body: (Int, Int) -> Void) {
      for k in 0..<(chunks - 1) { body(k << 4, k) }
      body(lastOffset, chunks - 1)
    }
    let up = reach.left
    let down = reach.right
    for y in 0..<Swift.min(down, height) {
      let r = src + y * srcStride
      steps { off, k in
        let v = load(r, off)
        sums[2 * k] &+= v & low
        sums[2 * k + 1] &+= v &>> 8
      }
    }
    for y in 0..<height {
      let o = dst + y * dstStride
      let add = y + down
      let sub = y - up
      if add < height && sub >= 0 {
        let ra = src + add * srcStride
        let rs = src + sub * srcStride
        steps { off, k in
          let va = load(ra, off)
          let even = sums[2 * k] &+ (va & low)
          let odd = sums[2 * k + 1] &+ (va &>> 8)
          emit(o, off, even, odd)
          let vs = load(rs, off)
          sums[2 * k] = even &- (vs & low)
          sums[2 * k + 1] = odd &- (vs &>> 8)
        }
        continue
      }
      steps { off, k in
        var even = sums[2 * k]
        var odd = sums[2 * k + 1]
        if add < height {
          let va = load(src + add * srcStride, off)
          even &+= va & low
          odd &+= va &>> 8
        }
        emit(o, off, even, odd)
        if sub >= 0 {
          let vs = load(src + sub * srcStride, off)
          even &-= vs & low
          odd &-= vs &>> 8
        }
        sums[2 * k] = even
        sums[2 * k + 1] = odd
      }
    }
  }
}

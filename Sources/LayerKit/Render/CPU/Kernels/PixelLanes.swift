/// Packed-pixel arithmetic for the compositor's own per-pixel loops, kept in this module
/// so it always inlines into them.
///
/// The same operations as LayerGraphics' `PixelMath` (identical results): a pixel's four
/// bytes spread into the four 16-bit lanes of a `UInt64` (`expand`), packed back
/// (`compress`), and divided by 255 with exact rounding per lane (`div255`, for lane
/// values ≤ 255·255).
enum PixelLanes {
  @inline(__always)
  static func expand(_ p: UInt32) -> UInt64 {
    let v = UInt64(p)
    return (v | (v &<< 24)) & 0x00FF_00FF_00FF_00FF
  }

  @inline(__always)
  static func compress(_ x: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: x | (x &>> 24))
  }

  @inline(__always)
  static func div255(_ x: UInt64) -> UInt64 {
    let t = x &+ 0x0080_0080_0080_0080
    return ((t &+ ((t &>> 8) & 0x00FF_00FF_00FF_00FF)) &>> 8) & 0x00FF_00FF_00FF_00FF
  }

  /// `x · k / 255` per lane, `x` expanded, `k ≤ 255`.
  @inline(__always)
  static func scale(_ x: UInt64, _ k: UInt64) -> UInt64 { div255(x &* k) }
}

extension PixelLanes {
  /// The bilinear sample of the 2 × 2 pixels from `p` (top-left; the next row `stride`
  /// pixels on), weighted by `weights = wx | wy << 16` (each 0…255, in 1/256), packed.
  ///
  /// Identical, lane for lane, to `top = (p00·(256 − wx) + p01·wx) >> 8`, the same for
  /// the bottom row, then `(top·(256 − wy) + bot·wy) >> 8`: the sums stay below 2¹⁶, so
  /// `(p00 << 8) + (p01 − p00)·wx` in wrapping 16-bit lanes is the same number. One
  /// 128-bit register holds the left column over the right (`p00, p10 | p01, p11`) for
  /// the horizontal step and then the top row over the bottom one.
  @inline(__always)
  static func bilinear(_ p: UnsafeMutablePointer<UInt32>, stride: Int, weights: UInt32) -> UInt32 {
    let h = rows(p, stride: stride, SIMD8(repeating: UInt16(truncatingIfNeeded: weights)))
    let wy = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: weights &>> 16))
    let bottom = SIMD8<UInt16>(lowHalf: h.highHalf, highHalf: h.lowHalf)
    let e = ((h &<< 8) &+ (bottom &- h) &* wy) &>> 8
    return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: e), to: SIMD2<UInt32>.self)[0]
  }
}

extension PixelLanes {
  /// The bilinear samples of two pixels at once: `a` and `b` are their 2 × 2
  /// neighbourhoods' top-left pixels, `weights` holds `wx | wy << 16` of `a` in its low
  /// half and of `b` in its high half. Returns `a`'s packed sample in the low half and
  /// `b`'s in the high half, each identical to `bilinear(_:stride:weights:)`.
  ///
  /// Both pixels share every step: one register holds the two top rows' left pixels
  /// (`a`, `b`) and right pixels, another the bottom rows', so each horizontal step and
  /// the vertical one weigh both pixels at once.
  @inline(__always)
  static func bilinearPair(
    _ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, stride: Int,
    weights: UInt64
  ) -> UInt64 {
    let w = unsafeBitCast(SIMD2<UInt64>(weights, 0), to: SIMD8<UInt16>.self)
    let wx = SIMD8<UInt16>(w[0], w[0], w[0], w[0], w[2], w[2], w[2], w[2])
    let wy = SIMD8<UInt16>(w[1], w[1], w[1], w[1], w[3], w[3], w[3], w[3])
    let top = horizontal(a, b, wx) &>> 8
    let bottom = horizontal(a + stride, b + stride, wx) &>> 8
    let e = ((top &<< 8) &+ (bottom &- top) &* wy) &>> 8
    return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: e), to: UInt64.self)
  }

  /// The horizontal step, before its final `>> 8`, of the pixel pairs at `a` and `b`:
  /// `a`'s in the low four lanes, `b`'s in the high four.
  @inline(__always)
  private static func horizontal(
    _ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, _ wx: SIMD8<UInt16>
  ) -> SIMD8<UInt16> {
    let pa = UnsafeRawPointer(a).loadUnaligned(as: SIMD2<UInt32>.self)
    let pb = UnsafeRawPointer(b).loadUnaligned(as: SIMD2<UInt32>.self)
    let bytes = unsafeBitCast(SIMD4<UInt32>(pa[0], pb[0], pa[1], pb[1]), to: SIMD16<UInt8>.self)
    let left = SIMD8<UInt16>(truncatingIfNeeded: bytes.lowHalf)
    let right = SIMD8<UInt16>(truncatingIfNeeded: bytes.highHalf)
    return (left &<< 8) &+ (right &- left) &* wx
  }

  /// The horizontal step of a bilinear sample: the top row's blend in the low four
  /// lanes, the bottom row's in the high four (each 0…255).
  @inline(__always)
  private static func rows(_ p: UnsafeMutablePointer<UInt32>, stride: Int, _ wx: SIMD8<UInt16>)
    -> SIMD8<UInt16>
  {
    let t = UnsafeRawPointer(p).loadUnaligned(as: SIMD2<UInt32>.self)
    let b = UnsafeRawPointer(p + stride).loadUnaligned(as: SIMD2<UInt32>.self)
    let bytes = unsafeBitCast(SIMD4<UInt32>(t[0], b[0], t[1], b[1]), to: SIMD16<UInt8>.self)
    let left = SIMD8<UInt16>(truncatingIfNeeded: bytes.lowHalf)
    let right = SIMD8<UInt16>(truncatingIfNeeded: bytes.highHalf)
    return ((left &<< 8) &+ (right &- left) &* wx) &>> 8
  }
}

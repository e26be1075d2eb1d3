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

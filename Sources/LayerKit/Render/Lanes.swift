/// `PixelMath`'s lane arithmetic, inlinable inside LayerKit's kernels.
///
/// A premultiplied RGBA8 pixel (`UInt32`, R in the low byte) spreads into four 16-bit
/// lanes of a `UInt64` so one multiply scales every channel; `div255` rounds exactly
/// (`(t + (t >> 8)) >> 8`, `t = x + 128`). The results are bit-identical to
/// `PixelMath`, which lives in another module and so cannot be inlined here.
enum Lanes {
  static let mask: UInt64 = 0x00FF_00FF_00FF_00FF
  static let half: UInt64 = 0x0080_0080_0080_0080

  @inline(__always) static func expand(_ p: UInt32) -> UInt64 {
    let v = UInt64(p)
    return (v | (v &<< 24)) & mask
  }

  @inline(__always) static func compress(_ x: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: x | (x &>> 24))
  }

  @inline(__always) static func div255(_ x: UInt64) -> UInt64 {
    let t = x &+ half
    return ((t &+ ((t &>> 8) & mask)) &>> 8) & mask
  }

  /// `x · k / 255` per lane, `k ≤ 255`.
  @inline(__always) static func scale(_ x: UInt64, _ k: UInt32) -> UInt64 { div255(x &* UInt64(k)) }

  /// The alpha lane of an expanded pixel.
  @inline(__always) static func alpha(_ x: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: x &>> 48) }

  /// `a · b / 255` rounded, for bytes.
  @inline(__always) static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// Source over, both packed premultiplied.
  @inline(__always) static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
    let sa = s &>> 24
    if sa == 255 { return s }
    if sa == 0 { return d }
    return compress(expand(s) &+ scale(expand(d), 255 &- sa))
  }
}

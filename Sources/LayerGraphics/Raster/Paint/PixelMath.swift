/// Integer arithmetic on packed premultiplied RGBA8 pixels.
///
/// A pixel is a `UInt32` holding bytes R, G, B, A in memory order (R in the low byte on
/// little-endian machines). `expand` spreads its four channels into the four 16-bit
/// lanes of a `UInt64` (in the lane order R, B, G, A), so that one 64-bit multiply scales
/// all channels by an 8-bit factor without carries between lanes, and `div255` divides
/// every lane by 255 with correct rounding (`(t + (t >> 8)) >> 8`, `t = x + 128`, exact
/// for `x ≤ 255·255`).
package enum PixelMath {
  package static let laneMask: UInt64 = 0x00FF_00FF_00FF_00FF
  package static let half: UInt64 = 0x0080_0080_0080_0080

  @inlinable @inline(__always)
  package static func expand(_ p: UInt32) -> UInt64 {
    let v = UInt64(p)
    return (v | (v &<< 24)) & 0x00FF_00FF_00FF_00FF
  }

  @inlinable @inline(__always)
  package static func compress(_ x: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: x | (x &>> 24))
  }

  @inlinable @inline(__always)
  package static func div255(_ x: UInt64) -> UInt64 {
    let t = x &+ 0x0080_0080_0080_0080
    return ((t &+ ((t &>> 8) & 0x00FF_00FF_00FF_00FF)) &>> 8) & 0x00FF_00FF_00FF_00FF
  }

  /// `x · k / 255` per lane, `x` expanded, `k ≤ 255`.
  @inlinable @inline(__always)
  package static func scale(_ x: UInt64, _ k: UInt32) -> UInt64 {
    div255(x &* UInt64(k))
  }

  /// The alpha of an expanded pixel.
  @inlinable @inline(__always)
  package static func alpha(_ x: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: x &>> 48) }

  /// The alpha byte of a packed pixel.
  @inlinable @inline(__always)
  package static func alpha(_ p: UInt32) -> UInt32 { p &>> 24 }

  /// `a · b / 255` rounded, for bytes.
  @inlinable @inline(__always)
  package static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// An opacity 0…1 (clamped) as a byte 0…255, rounded to nearest.
  @inline(__always)
  package static func byte(opacity v: CGFloat) -> UInt32 {
    UInt32(Swift.min(Swift.max(v, 0), 1) * 255 + 0.5)
  }

  /// Multiplies `count` premultiplied pixels at `p` by opacity `k` (0…255), in place.
  @inline(__always)
  package static func scale(_ p: UnsafeMutablePointer<UInt32>, count: Int, by k: UInt32) {
    for i in 0..<count { p[i] = compress(scale(expand(p[i]), k)) }
  }

  /// Packs a premultiplied colour given as components in 0…1.
  package static func pack(red r: Float, green g: Float, blue b: Float, alpha a: Float) -> UInt32 {
    @inline(__always) func byte(_ v: Float) -> UInt32 {
      UInt32(Swift.min(Swift.max(v, 0), 1) * 255 + 0.5)
    }
    return byte(r) | byte(g) << 8 | byte(b) << 16 | byte(a) << 24
  }

  /// The premultiplied packed pixel of a straight-alpha colour with an extra opacity.
  package static func premultiplied(_ c: CGColor, opacity: CGFloat = 1) -> UInt32 {
    let k = c.clamped
    let a = Float(k.alpha * Swift.min(Swift.max(opacity, 0), 1))
    return pack(red: Float(k.red) * a, green: Float(k.green) * a, blue: Float(k.blue) * a, alpha: a)
  }

  /// Source over: `s + d·(1 − sa)`, both packed premultiplied.
  @inlinable @inline(__always)
  package static func srcOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
    let sa = s &>> 24
    if sa == 255 { return s }
    if sa == 0 { return d }
    return compress(expand(s) &+ scale(expand(d), 255 &- sa))
  }
}

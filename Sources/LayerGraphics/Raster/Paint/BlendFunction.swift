/// The per-pixel formulas of every `CGBlendMode`, on packed premultiplied pixels.
///
/// `blend(mode, s, d)` is the result for a fully covered pixel; callers interpolate it
/// with the destination by coverage (see `CGBlendMode`).
package enum BlendFunction {
  @inline(__always)
  package static func blend(_ mode: CGBlendMode, _ s: UInt32, _ d: UInt32) -> UInt32 {
    typealias M = PixelMath
    let sa = s &>> 24
    let da = d &>> 24
    switch mode {
    case .normal: return M.srcOver(s, d)
    case .clear: return 0
    case .copy: return s
    case .sourceIn: return M.compress(M.scale(M.expand(s), da))
    case .sourceOut: return M.compress(M.scale(M.expand(s), 255 &- da))
    case .sourceAtop:
      return M.compress(M.div255(M.expand(s) &* UInt64(da) &+ M.expand(d) &* UInt64(255 &- sa)))
    case .destinationOver: return M.srcOver(d, s)
    case .destinationIn: return M.compress(M.scale(M.expand(d), sa))
    case .destinationOut: return M.compress(M.scale(M.expand(d), 255 &- sa))
    case .destinationAtop:
      return M.compress(M.div255(M.expand(s) &* UInt64(255 &- da) &+ M.expand(d) &* UInt64(sa)))
    case .xor:
      return M.compress(
        M.div255(M.expand(s) &* UInt64(255 &- da) &+ M.expand(d) &* UInt64(255 &- sa)))
    case .plusLighter:
      return perChannel(s, d) { a, b in Swift.min(a &+ b, 255) }
    case .plusDarker:
      // max(0, 1 − ((1 − S) + (1 − D))) on premultiplied values, as Core Graphics defines.
      return perChannel(s, d) { a, b in a &+ b > 255 ? a &+ b &- 255 : 0 }
    case .multiply:
      let x = M.expand(s)
      let y = M.expand(d)
      var r: UInt32 = 0
      for lane in 0..<4 {
        let shift = UInt64(lane * 16)
        let sc = UInt32(truncatingIfNeeded: (x &>> shift) & 0xFF)
        let dc = UInt32(truncatingIfNeeded: (y &>> shift) & 0xFF)
        let v = (sc &* dc &+ sc &* (255 &- da) &+ dc &* (255 &- sa) &+ 127) / 255
        r |= Swift.min(v, 255) << UInt32(lane == 0 ? 0 : lane == 1 ? 16 : lane == 2 ? 8 : 24)
      }
      return r
    case .screen:
      return perChannel(s, d) { a, b in a &+ b &- M.mul255(a, b) }
    case .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight, .difference,
      .exclusion, .hue, .saturation, .color, .luminosity:
      return W3CBlend.blend(mode, s, d)
    }
  }

  @inline(__always)
  private static func perChannel(_ s: UInt32, _ d: UInt32, _ f: (UInt32, UInt32) -> UInt32)
    -> UInt32
  {
    var r: UInt32 = 0
    for k in stride(from: UInt32(0), to: 32, by: 8) {
      r |= (f((s &>> k) & 0xFF, (d &>> k) & 0xFF) & 0xFF) << k
    }
    return r
  }

  /// `result·c + d·(1 − c)` for coverage `c` in 0…255.
  @inline(__always)
  package static func lerp(_ result: UInt32, _ d: UInt32, _ c: UInt32) -> UInt32 {
    if c == 255 { return result }
    return PixelMath.compress(
      PixelMath.div255(
        PixelMath.expand(result) &* UInt64(c) &+ PixelMath.expand(d) &* UInt64(255 &- c)))
  }
}

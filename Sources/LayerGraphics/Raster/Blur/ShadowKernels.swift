/// Row loops for blending shadows: source over of pixels known to be valid premultiplied
/// (every colour channel ≤ alpha), such as a shadow colour scaled by a blurred mask.
///
/// For such pixels source over needs no special cases: an opaque source gives
/// `d · 0 / 255 = 0` plus the source, a clear one (all channels 0) gives `d · 255 / 255 = d`
/// exactly, and no channel of `s + d·(255 − sa)/255` exceeds 255. So every group of four
/// pixels goes through the same branch-free lane arithmetic: the destination's red/blue
/// bytes and its green/alpha bytes (a 16-bit lane shift) as eight 16-bit lanes each, one
/// multiply by the inverse alpha, and `div255` as `t = x·k + 128; (t + t >> 8) >> 8`,
/// exactly `PixelMath.scale`. Results equal `PixelMath.srcOver` bit for bit.
package enum ShadowKernels {
  typealias Pixels = SIMD4<UInt32>
  typealias Lanes = SIMD8<UInt16>

  /// Source over of four premultiplied source pixels onto four destination pixels.
  @inline(__always)
  static func srcOver4(_ s: Pixels, _ d: Pixels) -> Pixels {
    // 255 − alpha in both 16-bit halves of each pixel, from the complemented source.
    let n = ~s
    return srcOver4(
      s, d,
      factors: unsafeBitCast(
        (n &>> 24) | ((n &>> 8) & Pixels(repeating: 0x00FF_0000)), to: Lanes.self))
  }

  /// `srcOver4` with each source pixel's `255 − alpha` given in both 16-bit halves.
  @inline(__always)
  static func srcOver4(_ s: Pixels, _ d: Pixels, factors k: Lanes) -> Pixels {
    let lanes = unsafeBitCast(d, to: Lanes.self)
    let t = (lanes & Lanes(repeating: 0x00FF)) &* k &+ 128
    let u = (lanes &>> 8) &* k &+ 128
    let rb = (t &+ (t &>> 8)) &>> 8
    let ag = (u &+ (u &>> 8)) & Lanes(repeating: 0xFF00)
    return unsafeBitCast(rb | ag, to: Pixels.self) &+ s
  }

  /// One pixel of `srcOverPremultipliedRow`.
  @inline(__always)
  static func srcOver1(_ s: UInt32, _ d: UInt32) -> UInt32 {
    PixelMath.compress(
      PixelMath.expand(s) &+ PixelMath.scale(PixelMath.expand(d), 255 &- (s >> 24)))
  }

  /// `d = s + d·(255 − sa)/255` over `n` pixels, eight per step; `s` must be valid
  /// premultiplied.
  package static func srcOverPremultipliedRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>,
    count n: Int
  ) {
    if n < 4 {
      for i in 0..<n { d[i] = srcOver1(s[i], d[i]) }
      return
    }
    let draw = UnsafeMutableRawPointer(d)
    let sraw = UnsafeRawPointer(s)
    // The last four pixels, blended from their original values before the loop can
    // touch them and stored last: where they overlap the loop's final step they are the
    // same values, so no scalar tail is needed.
    let lastOffset = (n - 4) * 4
    let last = srcOver4(
      sraw.loadUnaligned(fromByteOffset: lastOffset, as: Pixels.self),
      draw.loadUnaligned(fromByteOffset: lastOffset, as: Pixels.self))
    var o = 0
    let end8 = (n - 8) * 4
    while o <= end8 {
      let s0 = sraw.loadUnaligned(fromByteOffset: o, as: Pixels.self)
      let s1 = sraw.loadUnaligned(fromByteOffset: o + 16, as: Pixels.self)
      let d0 = draw.loadUnaligned(fromByteOffset: o, as: Pixels.self)
      let d1 = draw.loadUnaligned(fromByteOffset: o + 16, as: Pixels.self)
      draw.storeBytes(of: srcOver4(s0, d0), toByteOffset: o, as: Pixels.self)
      draw.storeBytes(of: srcOver4(s1, d1), toByteOffset: o + 16, as: Pixels.self)
      o += 32
    }
    if o < lastOffset {
      let s0 = sraw.loadUnaligned(fromByteOffset: o, as: Pixels.self)
      let d0 = draw.loadUnaligned(fromByteOffset: o, as: Pixels.self)
      draw.storeBytes(of: srcOver4(s0, d0), toByteOffset: o, as: Pixels.self)
    }
    draw.storeBytes(of: last, toByteOffset: lastOffset, as: Pixels.self)
  }

  /// The 256 pixels `color · a / 255` (per channel, rounded as `PixelMath.scale`) for
  /// every coverage `a`: `tintTable(color)[a]` is what `srcOverMask` blends through a
  /// mask byte `a`.
  package static func tintTable(_ color: UInt32) -> [UInt32] {
    let c = PixelMath.expand(color)
    return (0..<256).map { PixelMath.compress(PixelMath.scale(c, UInt32($0))) }
  }

  /// Source over of one colour through a coverage mask, `d = t[m] + d·(255 − t[m]ᵃ)/255`
  /// with `t` a colour's `tintTable`: bit for bit `RowKernels.srcOverMask`. Eight mask
  /// bytes that are all zero are skipped in one test.
  package static func srcOverTinted(
    _ d: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt8>,
    table t: UnsafePointer<UInt32>, count n: Int
  ) {
    let draw = UnsafeMutableRawPointer(d)
    let mraw = UnsafeRawPointer(mask)
    @inline(__always) func four(_ m: UInt64) -> Pixels {
      Pixels(
        t[Int(m & 255)], t[Int((m >> 8) & 255)], t[Int((m >> 16) & 255)], t[Int((m >> 24) & 255)])
    }
    var i = 0
    while i + 8 <= n {
      let m = mraw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if m != 0 {
        let o = i * 4
        let d0 = draw.loadUnaligned(fromByteOffset: o, as: Pixels.self)
        let d1 = draw.loadUnaligned(fromByteOffset: o + 16, as: Pixels.self)
        draw.storeBytes(of: srcOver4(four(m), d0), toByteOffset: o, as: Pixels.self)
        draw.storeBytes(of: srcOver4(four(m >> 32), d1), toByteOffset: o + 16, as: Pixels.self)
      }
      i += 8
    }
    while i < n {
      d[i] = srcOver1(t[Int(mask[i])], d[i])
      i += 1
    }
  }

  /// `srcOverPremultipliedRow` with each source pixel's `255 − alpha` given in both
  /// 16-bit halves of `factors` (precomputed for sources blended many times, such as a
  /// cached shadow mask).
  package static func srcOverPremultipliedRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>,
    factors f: UnsafePointer<UInt32>, count n: Int
  ) {
    if n < 4 {
      for i in 0..<n { d[i] = srcOver1(s[i], d[i]) }
      return
    }
    let draw = UnsafeMutableRawPointer(d)
    let sraw = UnsafeRawPointer(s)
    let fraw = UnsafeRawPointer(f)
    @inline(__always) func blend(_ o: Int) -> Pixels {
      srcOver4(
        sraw.loadUnaligned(fromByteOffset: o, as: Pixels.self),
        draw.loadUnaligned(fromByteOffset: o, as: Pixels.self),
        factors: fraw.loadUnaligned(fromByteOffset: o, as: Lanes.self))
    }
    // As in the other row loop: the last four pixels first, stored last.
    let lastOffset = (n - 4) * 4
    let last = blend(lastOffset)
    var o = 0
    let end8 = (n - 8) * 4
    while o <= end8 {
      let r0 = blend(o)
      let r1 = blend(o + 16)
      draw.storeBytes(of: r0, toByteOffset: o, as: Pixels.self)
      draw.storeBytes(of: r1, toByteOffset: o + 16, as: Pixels.self)
      o += 32
    }
    if o < lastOffset { draw.storeBytes(of: blend(o), toByteOffset: o, as: Pixels.self) }
    draw.storeBytes(of: last, toByteOffset: lastOffset, as: Pixels.self)
  }
}

/// Source-over loops over rows of packed premultiplied pixels, four pixels per step.
///
/// Four pixels are one `SIMD4<UInt32>`. Masking it with `0x00FF00FF` keeps red and blue
/// (and, shifted by 8 bits, green and alpha) as eight 16-bit lanes, so one `SIMD8<UInt16>`
/// multiply scales all of them. `div255` of `t = x·k + 128` is `(t + t >> 8) >> 8`, which
/// for every `t < 65536` equals the high half of `t·257`: one multiply-high per vector
/// (`pmulhuw` on x86-64). No lane exceeds 16 bits (255·255 + 128 < 65536). Results equal
/// the scalar `PixelMath` ones bit for bit.
package enum RowKernels {
  typealias Pixels = SIMD4<UInt32>
  typealias Lanes = SIMD8<UInt16>

  /// 257 in each of four 16-bit lanes: the multiplier of `scale`'s multiply-high. Never
  /// written.
  ///
  /// It is a variable rather than a literal because with a constant the optimizer rewrites
  /// `t·257` as `t + t << 8` on 32-bit lanes before instruction selection can form a
  /// multiply-high, which costs ten instructions per vector instead of one. Reading it is
  /// one load and one shuffle per kernel call.
  @exclusivity(unchecked) nonisolated(unsafe) package static var div255Multiplier: UInt64 =
    0x0101_0101_0101_0101

  /// `div255Multiplier` in every lane; read once per kernel call and passed down.
  @inline(__always)
  static var div255: Lanes {
    unsafeBitCast(SIMD2<UInt64>(repeating: div255Multiplier), to: Lanes.self)
  }

  @inline(__always)
  static func load(_ p: UnsafeRawPointer, _ byteOffset: Int) -> Pixels {
    p.loadUnaligned(fromByteOffset: byteOffset, as: Pixels.self)
  }

  @inline(__always)
  static func lanes(_ v: Pixels) -> Lanes { unsafeBitCast(v, to: Lanes.self) }

  @inline(__always)
  static func pixels(_ v: Lanes) -> Pixels { unsafeBitCast(v, to: Pixels.self) }

  /// The lanes as 32-bit integers, built lane by lane so that the conversion is inlined
  /// (the generic `init(truncatingIfNeeded:)` is sometimes left as a call).
  @inline(__always)
  static func widen(_ a: Lanes) -> SIMD8<UInt32> {
    SIMD8<UInt32>(
      UInt32(a[0]), UInt32(a[1]), UInt32(a[2]), UInt32(a[3]), UInt32(a[4]), UInt32(a[5]),
      UInt32(a[6]),
      UInt32(a[7]))
  }

  /// The high 16 bits of each lane's 32-bit product `a·b`.
  @inline(__always)
  static func mulhi(_ a: Lanes, _ b: Lanes) -> Lanes {
    let w = (widen(a) &* widen(b)) &>> 16
    return Lanes(
      UInt16(truncatingIfNeeded: w[0]), UInt16(truncatingIfNeeded: w[1]),
      UInt16(truncatingIfNeeded: w[2]),
      UInt16(truncatingIfNeeded: w[3]), UInt16(truncatingIfNeeded: w[4]),
      UInt16(truncatingIfNeeded: w[5]),
      UInt16(truncatingIfNeeded: w[6]), UInt16(truncatingIfNeeded: w[7]))
  }

  /// `x · k / 255` rounded, per 16-bit lane (`x`, `k` ≤ 255); `m` is `div255`.
  @inline(__always)
  static func scale(_ x: Lanes, _ k: Lanes, _ m: Lanes) -> Lanes {
    mulhi(x &* k &+ 128, m)
  }

  /// `d · k / 255` per channel of four pixels; `k` holds each pixel's factor in both of
  /// its 16-bit lanes; `m` is `div255`.
  @inline(__always)
  static func scalePixels(_ d: Pixels, _ k: Lanes, _ m: Lanes) -> Pixels {
    let rb = scale(lanes(d & Pixels(repeating: 0x00FF_00FF)), k, m)
    let ag = scale(lanes(d) &>> 8, k, m)
    return pixels(rb | (ag &<< 8))
  }

  /// A per-pixel factor (0…255 in each `UInt32` lane) spread over both 16-bit lanes.
  @inline(__always)
  static func factor(_ k: Pixels) -> Lanes { lanes(k | (k &<< 16)) }

  /// Source over of the colour whose red/blue and green/alpha lanes are `srb`, `sag`,
  /// scaled per pixel by the coverage factors `k` (`factor` of 0…255), onto `v`:
  /// `e = scale(c, k)`, `e + scale(v, 255 − alpha(e))`. Coverage 0 leaves a pixel as it
  /// was; coverage 255 of an opaque colour gives the colour.
  @inline(__always)
  static func srcOverCoverage(_ v: Pixels, srb: Lanes, sag: Lanes, k: Lanes, m: Lanes) -> Pixels {
    let e = pixels(scale(srb, k, m) | (scale(sag, k, m) &<< 8))
    return scalePixels(v, factor((e &>> 24) ^ 255), m) &+ e
  }

  /// `d = s + d·inv/255` over `n` pixels with one source colour; eight pixels or more go
  /// to the AVX2 kernel where ``WideKernels`` uses it.
  package static func srcOverConstant(
    _ d: UnsafeMutablePointer<UInt32>, count n: Int, source s: UInt32,
    inverseAlpha inv: UInt32
  ) {
    if n >= 8 && WideKernels.usesAVX2 {
      WideKernels.srcOverConstantAVX2(d, count: n, source: s, inverseAlpha: inv)
      return
    }
    srcOverConstantPortable(d, count: n, source: s, inverseAlpha: inv)
  }

  /// ``srcOverConstant(_:count:source:inverseAlpha:)`` on the portable (SSE2) path,
  /// whatever the CPU: the reference the wide kernel is checked against.
  package static func srcOverConstantPortable(
    _ d: UnsafeMutablePointer<UInt32>, count n: Int, source s: UInt32,
    inverseAlpha inv: UInt32
  ) {
    if n < 4 {
      for i in 0..<n {
        d[i] = PixelMath.compress(
          PixelMath.expand(s) &+ PixelMath.scale(PixelMath.expand(d[i]), inv))
      }
      return
    }
    srcOverConstantVectors(
      d, count: n, source: Pixels(repeating: s),
      factor: Lanes(repeating: UInt16(truncatingIfNeeded: inv)), m: div255)
  }

  /// `srcOverConstant` for `n ≥ 4` pixels, with the source in every lane of `sv` and the
  /// inverse alpha in every lane of `k`.
  @inline(__always)
  static func srcOverConstantVectors(
    _ d: UnsafeMutablePointer<UInt32>, count n: Int, source sv: Pixels, factor k: Lanes,
    m: Lanes
  ) {
    let raw = UnsafeMutableRawPointer(d)
    // The last four pixels, blended from their original values before the loop can
    // touch them and stored last: where they overlap the loop's final step they are the
    // same values, so no scalar tail is needed.
    let lastOffset = (n &- 4) &* 4
    let last = scalePixels(load(raw, lastOffset), k, m) &+ sv
    var i = 0
    while i &+ 16 <= n {
      let v0 = load(raw, i &* 4)
      let v1 = load(raw, i &* 4 &+ 16)
      let v2 = load(raw, i &* 4 &+ 32)
      let v3 = load(raw, i &* 4 &+ 48)
      raw.storeBytes(of: scalePixels(v0, k, m) &+ sv, toByteOffset: i &* 4, as: Pixels.self)
      raw.storeBytes(of: scalePixels(v1, k, m) &+ sv, toByteOffset: i &* 4 &+ 16, as: Pixels.self)
      raw.storeBytes(of: scalePixels(v2, k, m) &+ sv, toByteOffset: i &* 4 &+ 32, as: Pixels.self)
      raw.storeBytes(of: scalePixels(v3, k, m) &+ sv, toByteOffset: i &* 4 &+ 48, as: Pixels.self)
      i &+= 16
    }
    if i &+ 8 <= n {
      let v0 = load(raw, i &* 4)
      let v1 = load(raw, i &* 4 &+ 16)
      raw.storeBytes(of: scalePixels(v0, k, m) &+ sv, toByteOffset: i &* 4, as: Pixels.self)
      raw.storeBytes(of: scalePixels(v1, k, m) &+ sv, toByteOffset: i &* 4 &+ 16, as: Pixels.self)
      i &+= 8
    }
    if i &+ 4 <= n {
      let v = load(raw, i &* 4)
      raw.storeBytes(of: scalePixels(v, k, m) &+ sv, toByteOffset: i &* 4, as: Pixels.self)
    }
    raw.storeBytes(of: last, toByteOffset: lastOffset, as: Pixels.self)
  }

  /// `d = s + d·(255 − sa)/255` per pixel over `n` pixels; clear source pixels leave the
  /// destination alone. Eight pixels per step with the AVX2 kernel where the CPU has it
  /// (the same bytes as `srcOverRowPortable`).
  package static func srcOverRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int
  ) {
    if n >= 8 && WideKernels.usesAVX2 {
      WideKernels.srcOverImageRowAVX2(d, s, count: n)
    } else {
      srcOverRowPortable(d, s, count: n)
    }
  }

  /// ``srcOverRow(_:_:count:)`` on the portable (SSE2) path, whatever the CPU: the
  /// reference the wide kernel is checked against.
  package static func srcOverRowPortable(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int
  ) {
    let draw = UnsafeMutableRawPointer(d)
    let sraw = UnsafeRawPointer(s)
    let m = div255
    var i = 0
    let opaque: UInt64 = 0xFF00_0000_FF00_0000
    while i &+ 4 <= n {
      let w0 = sraw.loadUnaligned(fromByteOffset: i &* 4, as: UInt64.self)
      let w1 = sraw.loadUnaligned(fromByteOffset: i &* 4 &+ 8, as: UInt64.self)
      let sv = load(sraw, i &* 4)
      if w0 & w1 & opaque == opaque {
        draw.storeBytes(of: sv, toByteOffset: i &* 4, as: Pixels.self)
      } else {
        let a = sv &>> 24
        // Clear source pixels keep the destination: a factor of 255 keeps it exactly, and
        // their colour bytes (zero unless the image is not validly premultiplied) are
        // not added (`clear` is all ones where a == 0).
        let clear = Pixels.zero &- ((a &- 1) &>> 31)
        let r = scalePixels(load(draw, i &* 4), factor(a ^ 255), m) &+ (sv & ~clear)
        draw.storeBytes(of: r, toByteOffset: i &* 4, as: Pixels.self)
      }
      i &+= 4
    }
    while i < n {
      d[i] = srcOverPixel(s[i], d[i])
      i &+= 1
    }
  }

  /// One pixel of `srcOverRow`, on 32-bit words: the red/blue and green/alpha byte
  /// pairs are scaled in one multiply each.
  @inline(__always)
  static func srcOverPixel(_ p: UInt32, _ v: UInt32) -> UInt32 {
    let sa = p >> 24
    if sa == 255 { return p }
    if sa == 0 { return v }
    let inv = 255 &- sa
    var rb = (v & 0x00FF_00FF) &* inv &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((v >> 8) & 0x00FF_00FF) &* inv &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return (rb | ag) &+ p
  }

  /// The coverage factors (`factor`) of four coverage bytes packed in `cov` (first pixel
  /// in the low byte).
  @inline(__always)
  static func coverageFactors(_ cov: UInt32) -> Lanes {
    let b = unsafeBitCast(SIMD4<UInt32>(cov, 0, 0, 0), to: SIMD16<UInt8>.self)
    return unsafeBitCast(
      SIMD16<UInt8>(b[0], 0, b[0], 0, b[1], 0, b[1], 0, b[2], 0, b[2], 0, b[3], 0, b[3], 0),
      to: Lanes.self)
  }

  /// Source over with one colour `color` (premultiplied, packed) scaled per pixel by the
  /// coverage `mask`; eight pixels or more go to the AVX2 kernel where ``WideKernels``
  /// uses it.
  package static func srcOverMask(
    _ d: UnsafeMutablePointer<UInt32>, color: UInt32, mask: UnsafePointer<UInt8>,
    count n: Int
  ) {
    if n >= 8 && WideKernels.usesAVX2 {
      WideKernels.srcOverMaskAVX2(d, color: color, mask: mask, count: n)
      return
    }
    srcOverMaskPortable(d, color: color, mask: mask, count: n)
  }

  /// ``srcOverMask(_:color:mask:count:)`` on the portable (SSE2) path, whatever the CPU:
  /// the reference the wide kernel is checked against.
  package static func srcOverMaskPortable(
    _ d: UnsafeMutablePointer<UInt32>, color: UInt32, mask: UnsafePointer<UInt8>, count n: Int
  ) {
    let draw = UnsafeMutableRawPointer(d)
    let mraw = UnsafeRawPointer(mask)
    let c = Pixels(repeating: color)
    let srb = lanes(c & Pixels(repeating: 0x00FF_00FF))
    let sag = lanes(c) &>> 8
    let m = div255
    let opaque = color >> 24 == 255
    var i = 0
    while i &+ 4 <= n {
      let cov = mraw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
      if cov == 0 {
        i &+= 4
        continue
      }
      if cov == 0xFFFF_FFFF && opaque {
        draw.storeBytes(of: c, toByteOffset: i &* 4, as: Pixels.self)
        i &+= 4
        continue
      }
      let r = srcOverCoverage(load(draw, i &* 4), srb: srb, sag: sag, k: coverageFactors(cov), m: m)
      draw.storeBytes(of: r, toByteOffset: i &* 4, as: Pixels.self)
      i &+= 4
    }
    if i < n { srcOverMaskShort(d + i, srb: srb, sag: sag, mask: mask + i, count: n - i, m: m) }
  }

  /// `srcOverMask` for four pixels, one vector step, with the coverage read a byte at a
  /// time: a mask the sweep has just written byte by byte cannot be read as one 4-byte
  /// word until those stores have reached the cache (a load is forwarded from one store
  /// only), which stalls the load; four byte loads are each forwarded. Same pixels as
  /// `srcOverMask`.
  @inline(__always)
  static func srcOverMaskFour(
    _ d: UnsafeMutablePointer<UInt32>, srb: Lanes, sag: Lanes, mask: UnsafePointer<UInt8>, m: Lanes
  ) {
    // Each byte as a factor in both 16-bit halves of its 32-bit lane (the multiplies keep
    // the optimizer from merging the four loads into one).
    @inline(__always) func f(_ i: Int) -> UInt64 { UInt64(mask[i]) &* 0x0001_0001 }
    let k = lanes(
      unsafeBitCast(SIMD2<UInt64>(f(0) | f(1) &<< 32, f(2) | f(3) &<< 32), to: Pixels.self))
    let raw = UnsafeMutableRawPointer(d)
    raw.storeBytes(
      of: srcOverCoverage(load(raw, 0), srb: srb, sag: sag, k: k, m: m), as: Pixels.self)
  }

  /// `srcOverMask` for one to three pixels, as one four-pixel step; only the `count`
  /// pixels are read and written. The unused lanes repeat used ones (rather than zeros,
  /// which lets the optimizer narrow the vectors into slower code).
  @inline(__always)
  static func srcOverMaskShort(
    _ d: UnsafeMutablePointer<UInt32>, srb: Lanes, sag: Lanes, mask: UnsafePointer<UInt8>,
    count: Int, m: Lanes
  ) {
    @inline(__always) func vector(_ lo: UInt64, _ hi: UInt64) -> Pixels {
      unsafeBitCast(SIMD2<UInt64>(lo, hi), to: Pixels.self)
    }
    // A coverage byte as a factor in both 16-bit halves of a 32-bit lane.
    @inline(__always) func f(_ i: Int) -> UInt64 { UInt64(mask[i]) &* 0x0001_0001 }
    let raw = UnsafeMutableRawPointer(d)
    switch count {
    case 1:
      let p = UInt64(d[0]) &* 0x1_0000_0001
      let k = f(0) &* 0x1_0000_0001
      let r = srcOverCoverage(vector(p, p), srb: srb, sag: sag, k: lanes(vector(k, k)), m: m)
      d[0] = r[0]
    case 2:
      let p = raw.loadUnaligned(as: UInt64.self)
      let k = f(0) | f(1) &<< 32
      let r = srcOverCoverage(vector(p, p), srb: srb, sag: sag, k: lanes(vector(k, k)), m: m)
      raw.storeBytes(of: unsafeBitCast(r, to: SIMD2<UInt64>.self)[0], as: UInt64.self)
    default:
      let p = raw.loadUnaligned(as: UInt64.self)
      let q = UInt64(d[2]) &* 0x1_0000_0001
      let k = f(0) | f(1) &<< 32
      let k2 = f(2) &* 0x1_0000_0001
      let r = srcOverCoverage(vector(p, q), srb: srb, sag: sag, k: lanes(vector(k, k2)), m: m)
      raw.storeBytes(of: unsafeBitCast(r, to: SIMD2<UInt64>.self)[0], as: UInt64.self)
      d[2] = r[2]
    }
  }
}

/// Source-over loops over rows of packed premultiplied pixels, four pixels per step.
///
/// Four pixels are one `SIMD4<UInt32>`. Masking it with `0x00FF00FF` keeps red and blue
/// (and, shifted by 8 bits, green and alpha) as eight 16-bit lanes, so one `SIMD8<UInt16>`
/// multiply scales all of them; `div255` is `t = x + 128; (t + t >> 8) >> 8` per lane,
/// exactly `PixelMath.div255` (no lane exceeds 16 bits: 255·255 + 128 + 254 < 65536).
/// Results equal the scalar `PixelMath` ones bit for bit; leftover pixels use those.
package enum RowKernels {
  typealias Pixels = SIMD4<UInt32>
  typealias Lanes = SIMD8<UInt16>

  @inline(__always)
  static func load(_ p: UnsafeRawPointer, _ byteOffset: Int) -> Pixels {
    p.loadUnaligned(fromByteOffset: byteOffset, as: Pixels.self)
  }

  @inline(__always)
  static func lanes(_ v: Pixels) -> Lanes { unsafeBitCast(v, to: Lanes.self) }

  @inline(__always)
  static func pixels(_ v: Lanes) -> Pixels { unsafeBitCast(v, to: Pixels.self) }

  /// `x · k / 255` rounded, per 16-bit lane (`x`, `k` ≤ 255).
  @inline(__always)
  static func scale(_ x: Lanes, _ k: Lanes) -> Lanes {
    let t = x &* k &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }


  /// `d · k / 255` per channel of four pixels; `k` holds each pixel's factor in both of
  /// its 16-bit lanes.
  @inline(__always)
  static func scalePixels(_ d: Pixels, _ k: Lanes) -> Pixels {
    let m = Pixels(repeating: 0x00FF_00FF)
    let rb = scale(lanes(d & m), k)
    let ag = scale(lanes((d &>> 8) & m), k)
    return pixels(rb) | (pixels(ag) &<< 8)
  }

  /// A per-pixel factor (0…255 in each `UInt32` lane) spread over both 16-bit lanes.
  @inline(__always)
  static func factor(_ k: Pixels) -> Lanes { lanes(k | (k &<< 16)) }

  /// `d = s + d·inv/255` over `n` pixels with one source colour.
  package static func srcOverConstant(_ d: UnsafeMutablePointer<UInt32>, count n: Int, source s: UInt32,
                              inverseAlpha inv: UInt32) {
    let raw = UnsafeMutableRawPointer(d)
    let k = Lanes(repeating: UInt16(inv))
    let sv = Pixels(repeating: s)
    if n < 4 {
      for i in 0..<n {
        d[i] = PixelMath.compress(PixelMath.expand(s) &+ PixelMath.scale(PixelMath.expand(d[i]), inv))
      }
      return
    }
    // The last four pixels, blended from their original values before the loop can
    // touch them and stored last: where they overlap the loop's final step they are the
    // same values, so no scalar tail is needed.
    let lastOffset = (n - 4) * 4
    let last = scalePixels(load(raw, lastOffset), k) &+ sv
    var i = 0
    while i + 8 <= n {
      let v0 = load(raw, i * 4), v1 = load(raw, i * 4 + 16)
      raw.storeBytes(of: scalePixels(v0, k) &+ sv, toByteOffset: i * 4, as: Pixels.self)
      raw.storeBytes(of: scalePixels(v1, k) &+ sv, toByteOffset: i * 4 + 16, as: Pixels.self)
      i += 8
    }
    if i + 4 <= n {
      let v = load(raw, i * 4)
      raw.storeBytes(of: scalePixels(v, k) &+ sv, toByteOffset: i * 4, as: Pixels.self)
    }
    raw.storeBytes(of: last, toByteOffset: lastOffset, as: Pixels.self)
  }

  /// `d = s + d·(255 − sa)/255` per pixel over `n` pixels; clear source pixels leave the
  /// destination alone.
  package static func srcOverRow(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int) {
    let draw = UnsafeMutableRawPointer(d), sraw = UnsafeRawPointer(s)
    let full = Pixels(repeating: 255)
    var i = 0
    let opaque: UInt64 = 0xFF00_0000_FF00_0000
    while i + 4 <= n {
      let w0 = sraw.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self)
      let w1 = sraw.loadUnaligned(fromByteOffset: i * 4 + 8, as: UInt64.self)
      let sv = load(sraw, i * 4)
      if w0 & w1 & opaque == opaque {
        draw.storeBytes(of: sv, toByteOffset: i * 4, as: Pixels.self)
      } else {
        let a = sv &>> 24
        let v = load(draw, i * 4)
        let r = scalePixels(v, factor(full &- a)) &+ sv
        // Clear source pixels keep the destination: all ones where a == 0.
        let keep = Pixels.zero &- ((a &- 1) &>> 31)
        draw.storeBytes(of: (r & ~keep) | (v & keep), toByteOffset: i * 4, as: Pixels.self)
      }
      i += 4
    }
    while i < n {
      d[i] = srcOverPixel(s[i], d[i])
      i += 1
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

  /// Source over with one colour `color` (expanded: `PixelMath.expand`) scaled per pixel
  /// by the coverage `mask`.
  package static func srcOverMask(_ d: UnsafeMutablePointer<UInt32>, color: UInt32, mask: UnsafePointer<UInt8>,
                          count n: Int) {
    let draw = UnsafeMutableRawPointer(d), mraw = UnsafeRawPointer(mask)
    let m = Pixels(repeating: 0x00FF_00FF)
    let c = Pixels(repeating: color)
    let srb = lanes(c & m), sag = lanes((c &>> 8) & m)
    let full = Pixels(repeating: 255)
    let s = PixelMath.expand(color)
    let opaque = color >> 24 == 255
    var i = 0
    while i + 4 <= n {
      let cov = mraw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
      if cov == 0 {
        i += 4
        continue
      }
      if cov == 0xFFFF_FFFF && opaque {
        draw.storeBytes(of: c, toByteOffset: i * 4, as: Pixels.self)
        i += 4
        continue
      }
      let k = Pixels(cov & 255, (cov >> 8) & 255, (cov >> 16) & 255, cov >> 24)
      let kk = factor(k)
      let sc = pixels(scale(srb, kk)) | (pixels(scale(sag, kk)) &<< 8)
      let v = load(draw, i * 4)
      let r = scalePixels(v, factor(full &- (sc &>> 24))) &+ sc
      draw.storeBytes(of: r, toByteOffset: i * 4, as: Pixels.self)
      i += 4
    }
    while i < n {
      let k = UInt32(mask[i])
      if k != 0 {
        if k == 255 && opaque {
          d[i] = color
        } else {
          let sc = PixelMath.scale(s, k)
          d[i] = PixelMath.compress(sc &+ PixelMath.scale(PixelMath.expand(d[i]), 255 &- PixelMath.alpha(sc)))
        }
      }
      i += 1
    }
  }
}

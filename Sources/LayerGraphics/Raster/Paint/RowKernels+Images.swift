/// Source over of image rows at a global opacity: the kernel behind `draw(_:in:)` of an
/// image placed unscaled at a whole-pixel offset.
///
/// Per pixel, `e = scale(s, k)` (`e = s` at `k = 255`), then `d = e + scale(d, 255 −
/// alpha(e))`, except that a pixel whose `e` has alpha 0 leaves `d` unchanged (even when
/// an image that is not validly premultiplied gives it colour). That is `srcOverPixel` of
/// `e` over `d`: the result of the general path (`ImageShader` staging a row, then
/// `srcOverRow`), bit for bit.
///
/// Sixteen pixels per step. The step's source alphas are first tested on eight 64-bit
/// words with scalar ANDs and ORs (the vector units are the bottleneck of the blend, the
/// scalar ones are idle): all 255 at `k = 255` makes the step a copy, all 0 a no-op;
/// otherwise four vectors of four pixels blend, the inverse alpha spread over each
/// pixel's two 16-bit lanes by two word shuffles.
extension RowKernels {
  /// Blends `n` image pixels `s` over `d` at opacity `k` (0…255; 0 draws nothing).
  package static func srcOverImageRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int, opacity k: UInt32
  ) {
    if k >= 255 {
      if WideKernels.usesAVX2 {
        WideKernels.srcOverImageRowAVX2(d, s, count: n)
      } else {
        srcOverImageRow(d, s, count: n, m: div255)
      }
    } else if k > 0 {
      srcOverImageRow(d, s, count: n, scaledBy: Lanes(repeating: UInt16(k)), k: k, m: div255)
    }
  }

  /// ``srcOverImageRow(_:_:count:opacity:)`` at opacity 255 on the portable (SSE2)
  /// path, whatever the CPU: the reference the wide kernels are checked against.
  package static func srcOverImageRowPortable(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int
  ) {
    srcOverImageRow(d, s, count: n, m: div255)
  }

  /// Opacity 255: source pixels are used as they are.
  @inline(__always)
  private static func srcOverImageRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int,
    m: Lanes
  ) {
    let draw = UnsafeMutableRawPointer(d)
    let sraw = UnsafeRawPointer(s)
    var i = 0
    while i &+ 16 <= n {
      let o = i &* 4
      let (all, any) = alphaBits(sraw, o)
      let s0 = load(sraw, o)
      let s1 = load(sraw, o + 16)
      let s2 = load(sraw, o + 32)
      let s3 = load(sraw, o + 48)
      if all == opaqueWord {
        draw.storeBytes(of: s0, toByteOffset: o, as: Pixels.self)
        draw.storeBytes(of: s1, toByteOffset: o + 16, as: Pixels.self)
        draw.storeBytes(of: s2, toByteOffset: o + 32, as: Pixels.self)
        draw.storeBytes(of: s3, toByteOffset: o + 48, as: Pixels.self)
      } else if any != 0 {
        draw.storeBytes(
          of: srcOverImagePixels(s0, load(draw, o), m), toByteOffset: o, as: Pixels.self)
        draw.storeBytes(
          of: srcOverImagePixels(s1, load(draw, o + 16), m), toByteOffset: o + 16, as: Pixels.self)
        draw.storeBytes(
          of: srcOverImagePixels(s2, load(draw, o + 32), m), toByteOffset: o + 32, as: Pixels.self)
        draw.storeBytes(
          of: srcOverImagePixels(s3, load(draw, o + 48), m), toByteOffset: o + 48, as: Pixels.self)
      }
      i &+= 16
    }
    while i &+ 4 <= n {
      let o = i &* 4
      draw.storeBytes(
        of: srcOverImagePixels(load(sraw, o), load(draw, o), m), toByteOffset: o, as: Pixels.self)
      i &+= 4
    }
    while i < n {
      d[i] = srcOverPixel(s[i], d[i])
      i &+= 1
    }
  }

  /// Opacity `k` below 255: each source vector is first scaled by `kk` (`k` in every
  /// lane), so no step is a copy.
  @inline(__always)
  private static func srcOverImageRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int,
    scaledBy kk: Lanes, k: UInt32, m: Lanes
  ) {
    let draw = UnsafeMutableRawPointer(d)
    let sraw = UnsafeRawPointer(s)
    @inline(__always) func blend(_ o: Int) {
      let e = scalePixels(load(sraw, o), kk, m)
      draw.storeBytes(of: srcOverImagePixels(e, load(draw, o), m), toByteOffset: o, as: Pixels.self)
    }
    var i = 0
    while i &+ 16 <= n {
      let o = i &* 4
      if alphaBits(sraw, o).any != 0 {
        blend(o)
        blend(o + 16)
        blend(o + 32)
        blend(o + 48)
      }
      i &+= 16
    }
    while i &+ 4 <= n {
      blend(i &* 4)
      i &+= 4
    }
    while i < n {
      d[i] = srcOverPixel(PixelMath.compress(PixelMath.scale(PixelMath.expand(s[i]), k)), d[i])
      i &+= 1
    }
  }

  /// Four pixels of `e` over `v`: `scale(v, 255 − alpha(e)) + e`, with `e`'s colour
  /// dropped where its alpha is 0 (there the factor 255 keeps `v` exactly).
  @inline(__always)
  static func srcOverImagePixels(_ e: Pixels, _ v: Pixels, _ m: Lanes) -> Pixels {
    // The inverse alpha in each pixel's lower 16-bit lane, copied into the upper one.
    let a = lanes(~e &>> 24)
    let inv = Lanes(a[0], a[0], a[2], a[2], a[4], a[4], a[6], a[6])
    let clear = pixels(inv) .== Pixels(repeating: 0x00FF_00FF)
    return scalePixels(v, inv, m) &+ e.replacing(with: 0, where: clear)
  }

  /// The alpha bytes of both pixels of a 64-bit word.
  private static var opaqueWord: UInt64 { 0xFF00_0000_FF00_0000 }

  /// The AND and the OR of the alpha bytes of the sixteen pixels at byte offset `o`, as
  /// the alpha bytes of a 64-bit word (`opaqueWord` when all are 255, 0 when all are 0).
  @inline(__always)
  private static func alphaBits(_ p: UnsafeRawPointer, _ o: Int) -> (all: UInt64, any: UInt64) {
    @inline(__always) func w(_ k: Int) -> UInt64 {
      p.loadUnaligned(fromByteOffset: o + k * 8, as: UInt64.self)
    }
    let w0 = w(0)
    let w1 = w(1)
    let w2 = w(2)
    let w3 = w(3)
    let w4 = w(4)
    let w5 = w(5)
    let w6 = w(6)
    let w7 = w(7)
    let all = (w0 & w1) & (w2 & w3) & (w4 & w5) & (w6 & w7)
    let any = (w0 | w1) | (w2 | w3) | (w4 | w5) | (w6 | w7)
    return (all & opaqueWord, any & opaqueWord)
  }
}

/// Row kernels for compositing whole layers: source over at an opacity, with a
/// per-channel tint, and a cross-dissolve (masks: `RowKernels+Mask`). Four pixels
/// per step in the lane arithmetic of `RowKernels`; results equal the scalar
/// `PixelMath` expressions given for each, bit for bit.
extension RowKernels {
  /// `d = s·k + d·(1 − sa·k)` over `n` pixels (`k` 0…255): `e = scale(s, k)`, then
  /// `e + scale(d, 255 − alpha(e))`. At `k = 255` it is `srcOverRow`.
  package static func srcOverRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int, opacity k: UInt32
  ) {
    if k >= 255 {
      srcOverRow(d, s, count: n)
      return
    }
    if k == 0 { return }
    let kk = Lanes(repeating: UInt16(k))
    let m = div255
    srcOverRow(
      d, s, count: n, m: m, vector: { scalePixels($0, kk, m) },
      scalar: { PixelMath.scale(PixelMath.expand($0), k) })
  }

  /// Source over of `n` pixels whose channels are first multiplied by `tint` (R, G, B,
  /// A bytes): `t = (r·tr, g·tg, b·tb, a)`, `e = scale(t, ta)`, `d = e + d·(1 − alpha(e))`.
  package static func srcOverTintedRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int,
    tint: (r: UInt32, g: UInt32, b: UInt32, a: UInt32)
  ) {
    // Lane order in a pixel after masking: (R, B) at even/odd 16-bit lanes, (G, A) shifted.
    let r = UInt16(tint.r)
    let g = UInt16(tint.g)
    let b = UInt16(tint.b)
    let rbTint = Lanes(r, b, r, b, r, b, r, b)
    let gaTint = Lanes(g, 255, g, 255, g, 255, g, 255)
    let ka = Lanes(repeating: UInt16(tint.a))
    let mask = Pixels(repeating: 0x00FF_00FF)
    let m = div255
    srcOverRow(
      d, s, count: n, m: m,
      vector: { sv in
        scalePixels(
          pixels(scale(lanes(sv & mask), rbTint, m) | (scale(lanes(sv) &>> 8, gaTint, m) &<< 8)),
          ka, m)
      },
      scalar: { sp in
        let r = PixelMath.mul255(sp & 0xFF, tint.r)
        let g = PixelMath.mul255((sp >> 8) & 0xFF, tint.g)
        let b = PixelMath.mul255((sp >> 16) & 0xFF, tint.b)
        return PixelMath.scale(PixelMath.expand(r | g << 8 | b << 16 | (sp & 0xFF00_0000)), tint.a)
      })
  }

  /// `d = e + d·(1 − alpha(e))` over `n` pixels, where `e` is each source pixel mapped
  /// by `vector` (four at a time) or `scalar` (one, expanded); clear sources are skipped.
  @inline(__always)
  private static func srcOverRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int, m: Lanes,
    vector: (Pixels) -> Pixels,
    scalar: (UInt32) -> UInt64
  ) {
    let draw = UnsafeMutableRawPointer(d)
    let sraw = UnsafeRawPointer(s)
    var i = 0
    while i &+ 4 <= n {
      let sv = load(sraw, i &* 4)
      if sv != .zero {
        let e = vector(sv)
        let v = load(draw, i &* 4)
        draw.storeBytes(
          of: scalePixels(v, factor((e &>> 24) ^ 255), m) &+ e, toByteOffset: i &* 4,
          as: Pixels.self)
      }
      i &+= 4
    }
    while i < n {
      let sp = s[i]
      if sp != 0 {
        let e = scalar(sp)
        d[i] = PixelMath.compress(
          e &+ PixelMath.scale(PixelMath.expand(d[i]), 255 &- PixelMath.alpha(e)))
      }
      i &+= 1
    }
  }

  /// The cross-dissolve `d = scale(d, 255 − k) + scale(s, k)` over `n` pixels
  /// (`k` 0…255); premultiplied inputs give a premultiplied result, never above 255.
  package static func dissolveRow(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int, amount k: UInt32
  ) {
    let k = Swift.min(k, 255)
    let draw = UnsafeMutableRawPointer(d)
    let sraw = UnsafeRawPointer(s)
    let kk = Lanes(repeating: UInt16(k))
    let ik = Lanes(repeating: UInt16(255 - k))
    let m = div255
    var i = 0
    while i &+ 4 <= n {
      let r = scalePixels(load(draw, i &* 4), ik, m) &+ scalePixels(load(sraw, i &* 4), kk, m)
      draw.storeBytes(of: r, toByteOffset: i &* 4, as: Pixels.self)
      i &+= 4
    }
    while i < n {
      d[i] = PixelMath.compress(
        PixelMath.scale(PixelMath.expand(d[i]), 255 - k)
          &+ PixelMath.scale(PixelMath.expand(s[i]), k))
      i &+= 1
    }
  }
}

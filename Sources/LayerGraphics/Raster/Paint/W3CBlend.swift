/// The W3C Compositing and Blending Level 1 blend modes on packed premultiplied pixels
/// (the formulas are in `CGBlendMode`'s documentation).
///
/// The source and backdrop are unpremultiplied, mixed by the mode's blend function `B`
/// and composited source-over:
/// `co = cs·(1 − ab) + cb·(1 − as) + as·ab·B(Cb, Cs)`, `ao = as + ab − as·ab`.
/// A transparent source leaves the backdrop; a transparent backdrop takes the source.
/// The result is linear in the source for a fixed colour, so interpolating it with the
/// backdrop by coverage (`BlendFunction.lerp`) equals blending the coverage-scaled
/// source.
package enum W3CBlend {
  /// One pixel's channels in 0…1.
  private typealias RGB = SIMD3<Float>

  /// The result of blending premultiplied `s` onto premultiplied `d` with `mode` (any of
  /// the separable or non-separable W3C modes; other modes return `s` over `d`).
  @inline(__always)
  package static func blend(_ mode: CGBlendMode, _ s: UInt32, _ d: UInt32) -> UInt32 {
    let sa = s &>> 24
    let da = d &>> 24
    if sa == 0 { return d }
    if da == 0 { return s }
    if sa == 255 && da == 255 {
      // Both opaque: the terms in (1 − ab) and (1 − as) vanish and as·ab = 1 exactly, so
      // this is the general formula's result without its divisions.
      return pack(mix(mode, backdrop: channels(d), source: channels(s)), alpha: 1)
    }
    let asF = Float(sa) / 255
    let abF = Float(da) / 255
    let cs = channels(s)
    let cb = channels(d)
    let b = mix(mode, backdrop: cb / abF, source: cs / asF)
    let co = cs * (1 - abF) + cb * (1 - asF) + asF * abF * b
    let ao = asF + abF - asF * abF
    return pack(co, alpha: ao)
  }

  /// `B(Cb, Cs)` for unpremultiplied colours (each channel clamped to 0…1 first, since
  /// rounding can leave a premultiplied channel above its alpha).
  @inline(__always) private static func mix(_ mode: CGBlendMode, backdrop: RGB, source: RGB) -> RGB
  {
    let cb = clamp01(backdrop)
    let cs = clamp01(source)
    switch mode {
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    case .overlay: return perChannel(cs, cb, hardLight)
    case .darken: return minimum(cb, cs)
    case .lighten: return maximum(cb, cs)
    case .colorDodge: return perChannel(cb, cs, colorDodge)
    case .colorBurn: return perChannel(cb, cs, colorBurn)
    case .softLight: return perChannel(cb, cs, softLight)
    case .hardLight: return perChannel(cb, cs, hardLight)
    case .difference: return maximum(cb - cs, cs - cb)
    case .exclusion: return cb + cs - 2 * cb * cs
    case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: return setLum(cs, lum(cb))
    case .luminosity: return setLum(cb, lum(cs))
    default: return cs
    }
  }

  // MARK: - Separable functions, B(Cb, Cs)

  // Lane by lane, inlined: the generic SIMD `clamped`/`pointwiseMin`/`pointwiseMax` were
  // calls per pixel. The values are finite (channels divided by a non-zero alpha), so
  // the results are the same.
  @inline(__always) private static func clamp01(_ c: RGB) -> RGB {
    RGB(
      Swift.min(Swift.max(c.x, 0), 1), Swift.min(Swift.max(c.y, 0), 1),
      Swift.min(Swift.max(c.z, 0), 1))
  }

  @inline(__always) private static func minimum(_ a: RGB, _ b: RGB) -> RGB {
    RGB(Swift.min(a.x, b.x), Swift.min(a.y, b.y), Swift.min(a.z, b.z))
  }

  @inline(__always) private static func maximum(_ a: RGB, _ b: RGB) -> RGB {
    RGB(Swift.max(a.x, b.x), Swift.max(a.y, b.y), Swift.max(a.z, b.z))
  }

  private static func perChannel(_ b: RGB, _ s: RGB, _ f: (Float, Float) -> Float) -> RGB {
    RGB(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z))
  }

  private static func hardLight(_ cb: Float, _ cs: Float) -> Float {
    if cs <= 0.5 { return cb * 2 * cs }
    let t = 2 * cs - 1
    return cb + t - cb * t
  }

  private static func colorDodge(_ cb: Float, _ cs: Float) -> Float {
    if cb == 0 { return 0 }
    if cs >= 1 { return 1 }
    return Swift.min(1, cb / (1 - cs))
  }

  private static func colorBurn(_ cb: Float, _ cs: Float) -> Float {
    if cb >= 1 { return 1 }
    if cs == 0 { return 0 }
    return 1 - Swift.min(1, (1 - cb) / cs)
  }

  private static func softLight(_ cb: Float, _ cs: Float) -> Float {
    if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
    let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
    return cb + (2 * cs - 1) * (d - cb)
  }

  // MARK: - Non-separable helpers

  private static func lum(_ c: RGB) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

  private static func sat(_ c: RGB) -> Float { c.max() - c.min() }

  private static func clipColor(_ c: RGB) -> RGB {
    let l = lum(c)
    let n = c.min()
    let x = c.max()
    var r = c
    if n < 0 { r = l + (r - l) * l / (l - n) }
    if x > 1 { r = l + (r - l) * (1 - l) / (x - l) }
    return r
  }

  private static func setLum(_ c: RGB, _ l: Float) -> RGB { clipColor(c + (l - lum(c))) }

  /// The specification's SetSat: the largest channel becomes `s`, the smallest 0 and the
  /// middle one keeps its proportion; a grey stays black.
  private static func setSat(_ c: RGB, _ s: Float) -> RGB {
    let mx = c.max()
    let mn = c.min()
    guard mx > mn else { return RGB(repeating: 0) }
    return (c - mn) * s / (mx - mn)
  }

  // MARK: - Packing

  @inline(__always) private static func channels(_ p: UInt32) -> RGB {
    RGB(Float(p & 0xFF), Float((p &>> 8) & 0xFF), Float((p &>> 16) & 0xFF)) / 255
  }

  @inline(__always) private static func pack(_ c: RGB, alpha: Float) -> UInt32 {
    let a = byte(alpha)
    @inline(__always) func channel(_ v: Float) -> UInt32 { Swift.min(byte(v), a) }
    return channel(c.x) | channel(c.y) << 8 | channel(c.z) << 16 | a << 24
  }

  @inline(__always) private static func byte(_ v: Float) -> UInt32 {
    UInt32(Swift.min(Swift.max(v.isNaN ? 0 : v, 0), 1) * 255 + 0.5)
  }
}

import Foundation
import Testing

@testable import LayerGraphics

/// Every W3C blend mode against a double-precision transcription of the Compositing and
/// Blending Level 1 formulas, pixel by pixel.
@Suite struct W3CBlendTests {
  /// Straight-alpha colour in 0…1.
  typealias RGB = (Double, Double, Double)

  static let w3cModes: [CGBlendMode] = [
    .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight,
    .hardLight,
    .difference, .exclusion, .hue, .saturation, .color, .luminosity,
  ]

  // MARK: The reference

  static func separable(_ mode: CGBlendMode, _ cb: Double, _ cs: Double) -> Double {
    func hard(_ b: Double, _ s: Double) -> Double {
      s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }
    switch mode {
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    case .overlay: return hard(cs, cb)
    case .darken: return min(cb, cs)
    case .lighten: return max(cb, cs)
    case .colorDodge: return cb == 0 ? 0 : cs == 1 ? 1 : min(1, cb / (1 - cs))
    case .colorBurn: return cb == 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs)
    case .softLight:
      if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
      let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : sqrt(cb)
      return cb + (2 * cs - 1) * (d - cb)
    case .hardLight: return hard(cb, cs)
    case .difference: return abs(cb - cs)
    case .exclusion: return cb + cs - 2 * cb * cs
    default: fatalError("not separable")
    }
  }

  static func lum(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

  static func clip(_ c: RGB) -> RGB {
    let l = lum(c)
    let n = min(c.0, c.1, c.2)
    let x = max(c.0, c.1, c.2)
    var r = [c.0, c.1, c.2]
    if n < 0 { r = r.map { l + ($0 - l) * l / (l - n) } }
    if x > 1 { r = r.map { l + ($0 - l) * (1 - l) / (x - l) } }
    return (r[0], r[1], r[2])
  }

  static func setLum(_ c: RGB, _ l: Double) -> RGB {
    let d = l - lum(c)
    return clip((c.0 + d, c.1 + d, c.2 + d))
  }

  static func sat(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

  /// SetSat as the specification writes it: sort, then set max, mid and min.
  static func setSat(_ c: RGB, _ s: Double) -> RGB {
    var v = [c.0, c.1, c.2]
    let order = [0, 1, 2].sorted { v[$0] < v[$1] }
    let (lo, mid, hi) = (order[0], order[1], order[2])
    if v[hi] > v[lo] {
      v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo])
      v[hi] = s
    } else {
      v[mid] = 0
      v[hi] = 0
    }
    v[lo] = 0
    return (v[0], v[1], v[2])
  }

  static func mix(_ mode: CGBlendMode, _ cb: RGB, _ cs: RGB) -> RGB {
    switch mode {
    case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: return setLum(cs, lum(cb))
    case .luminosity: return setLum(cb, lum(cs))
    default:
      return (separable(mode, cb.0, cs.0), separable(mode, cb.1, cs.1), separable(mode, cb.2, cs.2))
    }
  }

  /// The reference result for premultiplied bytes, as premultiplied doubles 0…255.
  static func reference(_ mode: CGBlendMode, source s: UInt32, backdrop d: UInt32) -> [Double] {
    func ch(_ p: UInt32, _ k: UInt32) -> Double { Double((p >> k) & 0xFF) / 255 }
    let sa = ch(s, 24)
    let ba = ch(d, 24)
    let cs = [ch(s, 0), ch(s, 8), ch(s, 16)]
    let cb = [ch(d, 0), ch(d, 8), ch(d, 16)]
    func un(_ c: [Double], _ a: Double) -> RGB {
      a == 0 ? (0, 0, 0) : (c[0] / a, c[1] / a, c[2] / a)
    }
    let b = mix(mode, un(cb, ba), un(cs, sa))
    let bv = [b.0, b.1, b.2]
    var out = (0..<3).map { i in (cs[i] * (1 - ba) + cb[i] * (1 - sa) + sa * ba * bv[i]) * 255 }
    out.append((sa + ba - sa * ba) * 255)
    return out
  }

  // MARK: Tests

  @Test(arguments: w3cModes)
  func matchesTheSpecificationOnRandomPixels(mode: CGBlendMode) {
    var rng = SeededPixels(state: UInt64(mode.rawValue) &* 977 &+ 5)
    var worst = 0.0
    for _ in 0..<4000 {
      let s = rng.pixel()
      let d = rng.pixel()
      let got = BlendFunction.blend(mode, s, d)
      let want = Self.reference(mode, source: s, backdrop: d)
      for (k, shift) in [0, 8, 16, 24].enumerated() {
        worst = max(worst, abs(Double((got >> UInt32(shift)) & 0xFF) - want[k]))
      }
    }
    // Single-precision maths rounded to bytes: within one step of the exact value.
    #expect(worst <= 1.0, "\(mode): worst channel error \(worst)")
  }

  @Test func rawValuesAreApples() {
    let expected: [(CGBlendMode, Int32)] = [
      (.normal, 0), (.multiply, 1), (.screen, 2), (.overlay, 3), (.darken, 4), (.lighten, 5),
      (.colorDodge, 6),
      (.colorBurn, 7), (.softLight, 8), (.hardLight, 9), (.difference, 10), (.exclusion, 11),
      (.hue, 12),
      (.saturation, 13), (.color, 14), (.luminosity, 15), (.clear, 16), (.copy, 17),
      (.sourceIn, 18),
      (.sourceOut, 19), (.sourceAtop, 20), (.destinationOver, 21), (.destinationIn, 22),
      (.destinationOut, 23),
      (.destinationAtop, 24), (.xor, 25), (.plusDarker, 26), (.plusLighter, 27),
    ]
    for (mode, raw) in expected { #expect(mode.rawValue == raw, "\(mode)") }
    #expect(CGBlendMode.allCases.count == 28)
    #expect(CGBlendMode(rawValue: 28) == nil)
  }

  @Test func fillingWithDifferenceInvertsUnderWhite() {
    let img = render(8, 8, background: CGColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)) { ctx in
      ctx.setBlendMode(.difference)
      ctx.setFillColor(.white)
      ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 8))
    }
    #expect(img.pixel(x: 1, y: 1) == (204, 102, 0, 255))
    #expect(img.pixel(x: 6, y: 1) == (51, 153, 255, 255))
  }

  @Test func antialiasedEdgesBlendTheCoverageScaledSource() {
    // Half coverage of an opaque source equals the full blend of the half-alpha source.
    let back = CGColor(red: 0.7, green: 0.2, blue: 0.4, alpha: 1)
    let half = render(8, 8, background: back) { ctx in
      ctx.setBlendMode(.colorBurn)
      ctx.setFillColor(CGColor(red: 0.3, green: 0.9, blue: 0.5, alpha: 1))
      ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4.5))
    }
    let want = Self.reference(
      .colorBurn,
      source: PixelMath.premultiplied(CGColor(red: 0.3, green: 0.9, blue: 0.5, alpha: 0.5)),
      backdrop: PixelMath.premultiplied(back))
    let p = half.pixel(x: 3, y: 4)
    // Coverage ½ is the byte 128 (not 127.5) and the blend and the interpolation each
    // round once: within 2.5 steps.
    for (got, w) in zip([p.r, p.g, p.b, p.a], want) { #expect(abs(Double(got) - w) <= 2.5) }
  }
}

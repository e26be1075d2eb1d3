import LayerKit

/// The fragment stages that blend a layer's group onto its backdrop by a
/// `compositingFilter` blend mode, one program per formula family, with the CPU
/// compositor's arithmetic (`BlendFunction`, `W3CBlend`) on premultiplied bytes.
///
/// Each reads two device-space offscreens over the same pixels: the group (the layer and
/// its sublayers drawn at their opacity, `uSource`) and a copy of what was drawn behind it
/// (`uBackdrop`), both with texel (0, 0) at the device pixel `uSourceOrigin`, and writes
/// the blended pixel in place of the backdrop (blending off). A transparent group pixel
/// gives the backdrop back unchanged, as the CPU kernel skips it.
///
/// - ``Family/integer``: multiply and screen in integers, as `BlendFunction`:
///   multiply `⌊(s·d + s·(255 − da) + d·(255 − sa) + 127) / 255⌋` per channel, alpha
///   included; screen `s + d − mul255(s, d)`.
/// - ``Family/separable``: the W3C separable modes (overlay, darken, lighten, colour
///   dodge and burn, soft and hard light, difference, exclusion) as `W3CBlend`:
///   unpremultiplied, clamped, mixed by `B(Cb, Cs)`, composited
///   `cs·(1 − ab) + cb·(1 − as) + as·ab·B`, packed rounded with each channel at most the
///   alpha.
/// - ``Family/nonSeparable``: hue, saturation, colour and luminosity, the same way with
///   the specification's `SetLum`, `SetSat` and `ClipColor`.
///
/// GLSL ES 3.00 kept to what also compiles as desktop GLSL 3.30 core. The vertex stage is
/// ``GLLayerShader``'s.
enum GLBlendShader {
  /// The formula families, one program each.
  enum Family: Int, CaseIterable {
    case integer, separable, nonSeparable
  }

  /// The family of `mode` and its number inside it (the shader's `uMode`); nil for a
  /// mode that is no `compositingFilter` blend mode.
  static func program(for mode: CGBlendMode) -> (family: Family, mode: Int32)? {
    switch mode {
    case .multiply: return (.integer, 0)
    case .screen: return (.integer, 1)
    case .overlay: return (.separable, 0)
    case .darken: return (.separable, 1)
    case .lighten: return (.separable, 2)
    case .colorDodge: return (.separable, 3)
    case .colorBurn: return (.separable, 4)
    case .softLight: return (.separable, 5)
    case .hardLight: return (.separable, 6)
    case .difference: return (.separable, 7)
    case .exclusion: return (.separable, 8)
    case .hue: return (.nonSeparable, 0)
    case .saturation: return (.nonSeparable, 1)
    case .color: return (.nonSeparable, 2)
    case .luminosity: return (.nonSeparable, 3)
    default: return nil
    }
  }

  /// The fragment stage of `family`, for `version` ("300 es" or "330 core").
  static func fragment(_ family: Family, version: String) -> String {
    let body: String
    switch family {
    case .integer: body = integer
    case .separable: body = w3c(mix: separableMix)
    case .nonSeparable: body = w3c(mix: nonSeparableMix)
    }
    return """
      #version \(version)
      precision highp float;
      precision highp int;
      uniform vec2 uOrigin;        // the device pixel at the target's (0, 0)
      uniform vec2 uSourceOrigin;  // the device pixel at texel (0, 0) of both inputs
      uniform sampler2D uSource;   // the group (premultiplied)
      uniform sampler2D uBackdrop; // what was drawn behind it
      uniform int uMode;           // the mode inside the family
      out vec4 fragColor;

      \(body)

      void main() {
        ivec2 t = ivec2(floor(gl_FragCoord.xy + uOrigin - uSourceOrigin));
        uvec4 s = uvec4(round(texelFetch(uSource, t, 0) * 255.0));
        uvec4 d = uvec4(round(texelFetch(uBackdrop, t, 0) * 255.0));
        fragColor = vec4(s == uvec4(0u) ? d : blend(s, d)) / 255.0;
      }
      """
  }

  /// `BlendFunction`'s multiply and screen, in integers.
  private static let integer = """
    uvec4 mul255(uvec4 a, uvec4 b) {
      uvec4 t = a * b + 128u;
      return (t + (t >> 8u)) >> 8u;
    }

    uvec4 blend(uvec4 s, uvec4 d) {
      if (uMode == 1) return s + d - mul255(s, d);
      uvec4 v = (s * d + s * (255u - d.a) + d * (255u - s.a) + 127u) / 255u;
      return min(v, uvec4(255u));
    }
    """

  /// `W3CBlend.blend` around the family's `B(Cb, Cs)` (`mix`).
  private static func w3c(mix: String) -> String {
    """
    \(mix)

    uint byteOf(float v) { return uint(clamp(v, 0.0, 1.0) * 255.0 + 0.5); }

    uvec4 pack(vec3 c, float alpha) {
      uint a = byteOf(alpha);
      return uvec4(min(byteOf(c.r), a), min(byteOf(c.g), a), min(byteOf(c.b), a), a);
    }

    uvec4 blend(uvec4 s, uvec4 d) {
      if (s.a == 0u) return d;
      if (d.a == 0u) return s;
      vec3 cs = vec3(s.rgb) / 255.0;
      vec3 cb = vec3(d.rgb) / 255.0;
      if (s.a == 255u && d.a == 255u) return pack(mixed(cb, cs), 1.0);
      float as_ = float(s.a) / 255.0;
      float ab = float(d.a) / 255.0;
      vec3 b = mixed(cb / ab, cs / as_);
      vec3 co = cs * (1.0 - ab) + cb * (1.0 - as_) + as_ * ab * b;
      return pack(co, as_ + ab - as_ * ab);
    }
    """
  }

  /// The separable modes' `B(Cb, Cs)`, channels clamped to 0…1 first.
  private static let separableMix = """
    float hardLight(float cb, float cs) {
      if (cs <= 0.5) return cb * 2.0 * cs;
      float t = 2.0 * cs - 1.0;
      return cb + t - cb * t;
    }

    float colorDodge(float cb, float cs) {
      if (cb == 0.0) return 0.0;
      if (cs >= 1.0) return 1.0;
      return min(1.0, cb / (1.0 - cs));
    }

    float colorBurn(float cb, float cs) {
      if (cb >= 1.0) return 1.0;
      if (cs == 0.0) return 0.0;
      return 1.0 - min(1.0, (1.0 - cb) / cs);
    }

    float softLight(float cb, float cs) {
      if (cs <= 0.5) return cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
      float d = cb <= 0.25 ? ((16.0 * cb - 12.0) * cb + 4.0) * cb : sqrt(cb);
      return cb + (2.0 * cs - 1.0) * (d - cb);
    }

    float channel(float cb, float cs) {
      switch (uMode) {
      case 0: return hardLight(cs, cb);
      case 1: return min(cb, cs);
      case 2: return max(cb, cs);
      case 3: return colorDodge(cb, cs);
      case 4: return colorBurn(cb, cs);
      case 5: return softLight(cb, cs);
      case 6: return hardLight(cb, cs);
      case 7: return max(cb - cs, cs - cb);
      default: return cb + cs - 2.0 * cb * cs;
      }
    }

    vec3 mixed(vec3 backdrop, vec3 source) {
      vec3 cb = clamp(backdrop, 0.0, 1.0);
      vec3 cs = clamp(source, 0.0, 1.0);
      return vec3(channel(cb.r, cs.r), channel(cb.g, cs.g), channel(cb.b, cs.b));
    }
    """

  /// The non-separable modes' `B(Cb, Cs)`, channels clamped to 0…1 first.
  private static let nonSeparableMix = """
    float lum(vec3 c) { return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b; }

    float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }

    vec3 clipColor(vec3 c) {
      float l = lum(c);
      float n = min(c.r, min(c.g, c.b));
      float x = max(c.r, max(c.g, c.b));
      vec3 r = c;
      if (n < 0.0) r = l + (r - l) * l / (l - n);
      if (x > 1.0) r = l + (r - l) * (1.0 - l) / (x - l);
      return r;
    }

    vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }

    vec3 setSat(vec3 c, float s) {
      float mx = max(c.r, max(c.g, c.b));
      float mn = min(c.r, min(c.g, c.b));
      if (!(mx > mn)) return vec3(0.0);
      return (c - mn) * s / (mx - mn);
    }

    vec3 mixed(vec3 backdrop, vec3 source) {
      vec3 cb = clamp(backdrop, 0.0, 1.0);
      vec3 cs = clamp(source, 0.0, 1.0);
      switch (uMode) {
      case 0: return setLum(setSat(cs, sat(cb)), lum(cb));
      case 1: return setLum(setSat(cb, sat(cs)), lum(cb));
      case 2: return setLum(cs, lum(cb));
      default: return setLum(cb, lum(cs));
      }
    }
    """
}

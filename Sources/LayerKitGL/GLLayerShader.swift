/// The one shader program LayerKitGL draws every layer part with: GLSL ES 3.00 kept to
/// what also compiles as desktop GLSL 3.30 core (only the `#version` line differs).
///
/// Parts are drawn in batches, one instance each (``GLQuadDrawer``): the instance's
/// integer attribute names its record (``GLDrawRecord``) in the record texture. The vertex
/// stage draws the record's device-space rectangle (from `gl_VertexID`) and hands the
/// record's values to the fragment stage as flat varyings. The fragment stage maps its
/// pixel centre back into the layer's own coordinates through the inverse of the layer's
/// 3×3 projective map (`rInverse`), which makes texturing perspective-correct by
/// construction, and computes coverage analytically there:
///
/// - a rectangle's coverage is the product of its overlaps with the pixel along the
///   layer's two axes, measured in device pixels (exact for axis-aligned edges, the
///   CPU rasterizer's area coverage);
/// - a rounded corner's is `clamp(0.5 − d, 0, 1)` for the signed distance `d` (device
///   pixels) to the corner's circle;
/// - a border is the outer rounded rectangle and the inner one filled even-odd, folded
///   on their summed coverage as the rasterizer folds its cells;
/// - under an affine map, every shape's coverage comes from its device-space outline
///   (``GLOutline``): the exact area of the pixel inside the flattened polygon, as
///   LayerKit's rasterizer accumulates it; the analytic forms above serve perspective;
/// - a texture minified trilinearly mixes two levels of the CPU's mip chain, each sampled
///   as above, with `MipmapShader`'s 8-bit weight;
/// - a nine-part patch is its destination's coverage times that of the rectangle the
///   whole image fills for it, as the CPU compositor clips each patch;
/// - a masked group (a layer's offscreen and its mask's) is multiplied by the coverage
///   the mask mode takes from the mask pixel, then by the opacity, in bytes rounded as
///   the CPU compositor's `applyMask` and source-over row kernels round them;
/// - a replicator copy's group is multiplied by its tint as `srcOverTintedRow` does;
/// - a shadow's coverage is blurred by six running-sum box passes (three along x, three
///   along y) in integers, each rounded as `GaussianBlur`'s, and tinted as its table.
///
/// Colours are premultiplied; the program's output is blended with
/// `glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA)` (source over).
enum GLLayerShader {
  /// The most points of one device-space outline (``GLOutline``).
  static let maxPoints = 64

  /// Texels in a row of the record texture (``GLDrawRecords``).
  static let recordWidth = 1024
  /// Texels of a record before its outline points: 15 the fragment stage reads (through
  /// flat varyings), the device rectangle the vertex stage draws, and the texels of the
  /// sampled texture's atlas slot.
  static let recordHeader = 17
  /// The texels the vertex stage hands the fragment stage.
  static let forwardedTexels = 15

  /// The vertex stage, for `version` ("300 es" or "330 core"): one device rectangle per
  /// instance, the rectangle and the draw's values read from its record.
  static func vertex(version: String) -> String {
    let forwarded = (0..<forwardedTexels).map { "  vRecord[\($0)] = recordTexel(aRecord + \($0));" }
    return """
      #version \(version)
      precision highp float;
      precision highp int;
      uniform vec2 uViewport;  // the target's size in pixels
      uniform vec2 uOrigin;    // the device pixel at the target's (0, 0)
      uniform highp sampler2D uRecords;
      layout(location = 0) in int aRecord;  // the instance's record: its first texel
      flat out vec4 vRecord[\(forwardedTexels)];
      vec4 recordTexel(int i) {
        return texelFetch(uRecords, ivec2(i % \(recordWidth), i / \(recordWidth)), 0);
      }
      \(quadCorner)
      void main() {
      \(forwarded.joined(separator: "\n"))
        vec4 quad = recordTexel(aRecord + \(forwardedTexels));  // x0, y0, x1, y1 (pixels, y down)
        gl_Position = quadCorner(quad);
      }
      """
  }

  /// `vec4 quadCorner(vec4 quad)`: the clip-space position of vertex `gl_VertexID` (0…5,
  /// two triangles) of the device rectangle `quad` (x0, y0, x1, y1), on the target
  /// `uViewport` pixels large whose pixel (0, 0) is the device pixel `uOrigin`.
  private static let quadCorner = """
    vec4 quadCorner(vec4 quad) {
      int i = gl_VertexID;
      vec2 corner = vec2((i == 1 || i == 2 || i == 4) ? 1.0 : 0.0,
                         (i == 2 || i == 4 || i == 5) ? 1.0 : 0.0);
      vec2 p = mix(quad.xy, quad.zw, corner);
      return vec4((p - uOrigin) / uViewport * 2.0 - 1.0, 0.0, 1.0);
    }
    """

  /// A vertex stage that draws one device rectangle, `uQuad`, with no vertex buffer (the
  /// blend programs', ``GLBlendShader``), for `version`.
  static func quadVertex(version: String) -> String {
    """
    #version \(version)
    uniform vec4 uQuad;      // device rectangle: x0, y0, x1, y1 (pixels, y down)
    uniform vec2 uViewport;  // the target's size in pixels
    uniform vec2 uOrigin;    // the device pixel at the target's (0, 0)
    \(quadCorner)
    void main() { gl_Position = quadCorner(uQuad); }
    """
  }

  /// The fragment stage, for `version` ("300 es" or "330 core").
  static func fragment(version: String) -> String {
    """
    #version \(version)
    precision highp float;
    precision highp int;
    uniform vec2 uOrigin;     // the device pixel at the target's (0, 0)
    uniform sampler2D uTexture;
    uniform sampler2D uMask;
    uniform highp sampler2D uRecords;
    flat in vec4 vRecord[\(forwardedTexels)];
    // The draw's values, read from its record (GLDrawRecords) by loadRecord().
    mat3 rInverse;    // device pixel → layer point (columns: ∂/∂x, ∂/∂y, 1)
    int rMode;        // 0 fill, 1 texture, 2 border, 3 masked group, 4 box pass,
                      // 5 shadow, 6 texture also clipped to rInner (a patch),
                      // 7 texture minified trilinearly (uMask the next mip level),
                      // 8 tinted group (rColor: tint bytes)
    vec4 rRect;       // the shape's rectangle in layer points: x0, y0, x1, y1
    vec4 rRadii;      // its corner radii: top-left, top-right, bottom-right, bottom-left
    vec4 rInner;      // a border's inner rectangle
    vec4 rInnerRadii;
    vec4 rColor;      // premultiplied colour, opacity applied
    mat3 rTexInverse; // device pixel → the plane of rTexRect
    vec4 rTexRect;    // the rectangle the texture's [0, 1]² fills, in that plane
    int rSampling;    // 0 nearest, 1 bilinear
    int rClearOutside; // 1: texels outside the image read as transparent, not clamped
    float rMipWeight; // mode 7: the next level's weight, 0…255
    // A masked group (mode 3): the group in uTexture and its mask in uMask, both device
    // offscreens whose texel (0, 0) is the device pixel rTexRect.xy; rMaskMode is the
    // coverage the mask gives (RowKernels.MaskCoverage: bit 0 inverse, bit 1 luminance).
    int rMaskMode;
    // A box pass (mode 4) or a shadow (mode 5) reads one byte a texel, the alpha of
    // uTexture, whose texel (0, 0) is the device pixel rTexRect.xy and which holds
    // rBoxSize texels (outside, 0). rBox: the box's reach before and after the pixel,
    // and its axis (0 along x, 1 along y).
    ivec3 rBox;
    ivec2 rBoxSize;
    // Device-space outlines (GLOutline), for draws under affine maps: outline 0 (the
    // shape) holds rCounts[0] points, two a texel, from the record's texel rPoints;
    // outline 1 (a border's inner edge) the next rCounts[1]; a count of 0 means "analytic
    // in the layer's plane".
    ivec2 rCounts;
    vec4 rInside[2];  // device rectangles wholly inside each outline
    int rPoints;
    // The texels uTexture's image has (x, y, width, height): its slot on an atlas page;
    // a width of 0 means the whole texture.
    vec4 rAtlas;

    vec4 recordTexel(int i) {
      return texelFetch(uRecords, ivec2(i % \(recordWidth), i / \(recordWidth)), 0);
    }

    void loadRecord() {
      int flags = int(vRecord[0].w);
      rMode = flags & 15;
      rSampling = (flags >> 4) & 1;
      rClearOutside = (flags >> 5) & 1;
      rMaskMode = (flags >> 8) & 3;
      rInverse = mat3(vRecord[0].xyz, vRecord[1].xyz, vRecord[2].xyz);
      rMipWeight = vRecord[1].w;
      rCounts = ivec2(int(vRecord[2].w), int(vRecord[8].w));
      rRect = vRecord[3];
      rRadii = vRecord[4];
      rInner = vRecord[5];
      rInnerRadii = vRecord[6];
      rColor = vRecord[7];
      rTexInverse = mat3(vRecord[8].xyz, vRecord[9].xyz, vRecord[10].xyz);
      rBox = ivec3(int(vRecord[9].w), int(vRecord[10].w), int(vRecord[14].z));
      rTexRect = vRecord[11];
      rInside[0] = vRecord[12];
      rInside[1] = vRecord[13];
      rBoxSize = ivec2(vRecord[14].xy);
      rPoints = int(vRecord[14].w);
      rAtlas = recordTexel(rPoints - 1);
    }

    out vec4 fragColor;

    // Coverage of the pixel centred at `d` (device) by the rounded rectangle `r` with
    // radii `radii`, in the plane `inv` maps device pixels into.
    float coverage(mat3 inv, vec4 r, vec4 radii, vec2 d) {
      if (r.z <= r.x || r.w <= r.y) return 0.0;
      vec3 h = inv * vec3(d, 1.0);
      if (h.z <= 0.0) return 0.0;
      vec2 p = h.xy / h.z;
      vec2 jx = (inv[0].xy - p * inv[0].z) / h.z;
      vec2 jy = (inv[1].xy - p * inv[1].z) / h.z;
      float sx = max(length(vec2(jx.x, jy.x)), 1e-20);
      float sy = max(length(vec2(jx.y, jy.y)), 1e-20);
      float cx = clamp((p.x - r.x) / sx + 0.5, 0.0, 1.0)
        + clamp((r.z - p.x) / sx + 0.5, 0.0, 1.0) - 1.0;
      float cy = clamp((p.y - r.y) / sy + 0.5, 0.0, 1.0)
        + clamp((r.w - p.y) / sy + 0.5, 0.0, 1.0) - 1.0;
      float c = clamp(cx, 0.0, 1.0) * clamp(cy, 0.0, 1.0);
      bool left = p.x < (r.x + r.z) * 0.5;
      bool top = p.y < (r.y + r.w) * 0.5;
      float rad = top ? (left ? radii.x : radii.y) : (left ? radii.w : radii.z);
      if (rad > 0.0) {
        vec2 centre = vec2(left ? r.x + rad : r.z - rad, top ? r.y + rad : r.w - rad);
        vec2 off = p - centre;
        bool outside = (left ? off.x < 0.0 : off.x > 0.0) && (top ? off.y < 0.0 : off.y > 0.0);
        if (outside) {
          float s = 0.5 * (sx + sy);
          c = min(c, clamp(0.5 - (length(off) - rad) / s, 0.0, 1.0));
        }
      }
      return c;
    }

    // Texel `t` of the image whose texels start at `origin` of `tex` and end at `last`
    // (relative): outside, its edge texel, or transparent with rClearOutside.
    vec4 imageTexel(sampler2D tex, ivec2 origin, ivec2 t, ivec2 last) {
      if (rClearOutside != 0 && (any(lessThan(t, ivec2(0))) || any(greaterThan(t, last)))) {
        return vec4(0.0);
      }
      return texelFetch(tex, origin + clamp(t, ivec2(0), last), 0);
    }

    // The image at `uv` of `tex`, whose texels `slot` holds (x, y, width, height; a width
    // of 0: the whole texture), sampled as LayerKit's CPU image shader samples: nearest
    // takes the texel under the point; bilinear mixes the four around it with 8-bit
    // weights (⌊fraction · 256⌋), truncating after each axis, the image's edges clamped.
    vec4 sampleTexture(sampler2D tex, vec2 uv, vec4 slot) {
      ivec2 origin = ivec2(slot.xy);
      ivec2 size = slot.z > 0.0 ? ivec2(slot.zw) : textureSize(tex, 0);
      ivec2 last = size - 1;
      vec2 q = uv * vec2(size);
      if (rSampling == 0) return imageTexel(tex, origin, ivec2(floor(q)), last);
      vec2 g = q - 0.5;
      vec2 fl = floor(g);
      vec2 w = floor((g - fl) * 256.0);
      ivec2 a = ivec2(fl);
      ivec2 b = a + 1;
      vec4 t00 = round(imageTexel(tex, origin, ivec2(a.x, a.y), last) * 255.0);
      vec4 t10 = round(imageTexel(tex, origin, ivec2(b.x, a.y), last) * 255.0);
      vec4 t01 = round(imageTexel(tex, origin, ivec2(a.x, b.y), last) * 255.0);
      vec4 t11 = round(imageTexel(tex, origin, ivec2(b.x, b.y), last) * 255.0);
      vec4 top = floor((t00 * (256.0 - w.x) + t10 * w.x) / 256.0);
      vec4 bottom = floor((t01 * (256.0 - w.x) + t11 * w.x) / 256.0);
      return floor((top * (256.0 - w.y) + bottom * w.y) / 256.0) / 255.0;
    }

    // Trilinear minification as LayerKit's MipmapShader: two levels sampled bilinearly
    // (uTexture, and the next in uMask), mixed as (l·(256 − w) + u·w) >> 8 per channel.
    vec4 sampleMipmapped(vec2 uv) {
      vec4 l = round(sampleTexture(uTexture, uv, rAtlas) * 255.0);
      if (rMipWeight <= 0.0) return l / 255.0;
      vec4 u = round(sampleTexture(uMask, uv, vec4(0.0)) * 255.0);
      return floor((l * (256.0 - rMipWeight) + u * rMipWeight) / 256.0) / 255.0;
    }

    // ∫ clamp(1 − t, 0, 1) dt from 0 to u: the area right of a crossing at u.
    float rightArea(float u) { return u <= 0.0 ? u : (u >= 1.0 ? 0.5 : u - 0.5 * u * u); }

    // Point i of outline k.
    vec2 outlinePoint(int k, int i) {
      vec4 v = recordTexel(rPoints + (k == 0 ? 0 : (rCounts.x + 1) / 2) + i / 2);
      return (i % 2 == 0) ? v.xy : v.zw;
    }

    // Exact area coverage of the pixel at `d` by outline k (nonzero), the sum over its
    // edges of the signed area each leaves to its right within the pixel: the coverage
    // LayerKit's rasterizer accumulates in its cells.
    float outlineCoverage(int k, vec2 d) {
      int count = rCounts[k];
      vec2 px = floor(d);
      vec4 box = rInside[k];
      if (px.x >= box.x && px.x + 1.0 <= box.z && px.y >= box.y && px.y + 1.0 <= box.w) {
        return 1.0;
      }
      float acc = 0.0;
      for (int i = 0; i < \(maxPoints); ++i) {
        if (i >= count) break;
        vec2 a = outlinePoint(k, i);
        vec2 b = outlinePoint(k, i + 1 == count ? 0 : i + 1);
        float y0 = clamp(a.y, px.y, px.y + 1.0);
        float y1 = clamp(b.y, px.y, px.y + 1.0);
        float h = y1 - y0;
        if (h == 0.0) continue;
        float u0 = mix(a.x, b.x, (y0 - a.y) / (b.y - a.y)) - px.x;
        float u1 = mix(a.x, b.x, (y1 - a.y) / (b.y - a.y)) - px.x;
        float du = u1 - u0;
        float mean = abs(du) < 1e-6
          ? clamp(1.0 - 0.5 * (u0 + u1), 0.0, 1.0)
          : (rightArea(u1) - rightArea(u0)) / du;
        acc += h * mean;
      }
      return min(abs(acc), 1.0);
    }

    // ⌊(x + 128 + ⌊(x + 128) / 256⌋) / 256⌋: x / 255 rounded, as PixelMath.div255.
    vec4 div255(vec4 x) {
      vec4 t = x + 128.0;
      return floor((t + floor(t / 256.0)) / 256.0);
    }

    // The group pixel at `d` multiplied by its mask's coverage, then by the opacity byte
    // rColor.a, in bytes with LayerKit's roundings (applyMask, then srcOverRow's scale).
    vec4 maskedGroup(vec2 d) {
      ivec2 t = ivec2(floor(d - rTexRect.xy));
      vec4 g = round(texelFetch(uTexture, t, 0) * 255.0);
      vec4 m = round(texelFetch(uMask, t, 0) * 255.0);
      float v = (rMaskMode & 2) != 0
        ? min(255.0, floor((m.r * 13926.0 + m.g * 46884.0 + m.b * 4725.0 + 32768.0) / 65536.0))
        : m.a;
      if ((rMaskMode & 1) != 0) v = 255.0 - v;
      vec4 masked = v >= 255.0 ? g : div255(g * v);
      float k = floor(rColor.a * 255.0 + 0.5);
      return (k >= 255.0 ? masked : div255(masked * k)) / 255.0;
    }

    // A replicator copy's group pixel at `d` (texel (0, 0) at rTexRect.xy) with its colour
    // multiplied by the tint bytes rColor.rgb and the whole by rColor.a (tint alpha times
    // opacity), rounded as srcOverTintedRow.
    vec4 tintedGroup(vec2 d) {
      vec4 g = round(texelFetch(uTexture, ivec2(floor(d - rTexRect.xy)), 0) * 255.0);
      vec4 p = vec4(div255(vec4(g.rgb * rColor.rgb, 0.0)).rgb, g.a);
      return div255(p * rColor.a) / 255.0;
    }

    // The alpha byte of uTexture at texel t; 0 outside rBoxSize.
    uint alphaByte(ivec2 t) {
      if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, rBoxSize))) return 0u;
      return uint(round(texelFetch(uTexture, t, 0).a * 255.0));
    }

    // One running-sum box pass of GaussianBlur: the mean of the bytes from rBox.x before
    // to rBox.y after the texel along the axis, as (sum · ⌊2²⁴/n⌋ + 2²³) >> 24.
    vec4 boxPass(vec2 d) {
      ivec2 t = ivec2(floor(d - rTexRect.xy));
      ivec2 step = rBox.z == 0 ? ivec2(1, 0) : ivec2(0, 1);
      uint sum = 0u;
      for (int k = -rBox.x; k <= rBox.y; ++k) sum += alphaByte(t + step * k);
      uint n = uint(rBox.x + rBox.y + 1);
      uint v = (sum * ((1u << 24) / n) + (1u << 23)) >> 24;
      return vec4(float(v) / 255.0);
    }

    // The shadow's premultiplied colour bytes (rColor) scaled by the blurred coverage
    // byte: the CPU compositor's tint table entry.
    vec4 shadow(vec2 d) {
      float m = float(alphaByte(ivec2(floor(d - rTexRect.xy))));
      return div255(round(rColor * 255.0) * m) / 255.0;
    }

    float shapeCoverage(int k, mat3 inv, vec4 r, vec4 radii, vec2 d) {
      return rCounts[k] > 0 ? outlineCoverage(k, d) : coverage(inv, r, radii, d);
    }

    void main() {
      loadRecord();
      vec2 d = gl_FragCoord.xy + uOrigin;
      float c = shapeCoverage(0, rInverse, rRect, rRadii, d);
      if (rMode == 2) {
        // The border's two outlines filled even-odd, folded on their summed coverage as
        // LayerKit's rasterizer folds its cells (a ring thinner than a pixel covers the
        // pixel by 2 − (outer + inner), not by their difference).
        float sum = c + shapeCoverage(1, rInverse, rInner, rInnerRadii, d);
        c = sum > 1.0 ? 2.0 - sum : sum;
      } else if (rMode == 6) {
        // A nine-part patch: the image's rectangle is filled with its own coverage and
        // clipped to the patch's, the two multiplied as the CPU's clip multiplies them.
        c *= shapeCoverage(1, rInverse, rInner, rInnerRadii, d);
      }
      if (c <= 0.0) discard;
      vec4 colour = rColor;
      if (rMode == 3) {
        colour = maskedGroup(d);
      } else if (rMode == 4) {
        colour = boxPass(d);
      } else if (rMode == 5) {
        colour = shadow(d);
      } else if (rMode == 8) {
        colour = tintedGroup(d);
      } else if (rMode == 1 || rMode == 6 || rMode == 7) {
        vec3 h = rTexInverse * vec3(d, 1.0);
        vec2 p = h.xy / h.z;
        vec2 uv = (p - rTexRect.xy) / (rTexRect.zw - rTexRect.xy);
        colour = (rMode == 7 ? sampleMipmapped(uv) : sampleTexture(uTexture, uv, rAtlas)) * rColor.a;
      }
      fragColor = colour * c;
    }
    """
  }
}

/// The one shader program LayerKitGL draws every layer part with: GLSL ES 3.00 kept to
/// what also compiles as desktop GLSL 3.30 core (only the `#version` line differs).
///
/// The vertex stage draws a device-space rectangle (`uQuad`, from `gl_VertexID`, no vertex
/// buffer). The fragment stage maps its pixel centre back into the layer's own
/// coordinates through the inverse of the layer's 3×3 projective map (`uInverse`), which
/// makes texturing perspective-correct by construction, and computes coverage
/// analytically there:
///
/// - a rectangle's coverage is the product of its overlaps with the pixel along the
///   layer's two axes, measured in device pixels (exact for axis-aligned edges, the
///   CPU rasterizer's area coverage);
/// - a rounded corner's is `clamp(0.5 − d, 0, 1)` for the signed distance `d` (device
///   pixels) to the corner's circle;
/// - a border is the outer rounded rectangle minus the inner one (even-odd);
/// - up to two `masksToBounds` ancestors multiply in their rounded bounds the same way,
///   each through its own inverse map.
///
/// Colours are premultiplied; the program's output is blended with
/// `glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA)` (source over).
enum GLLayerShader {
  /// How many bounds clips one draw applies at most.
  static let maxClips = 2

  /// The vertex stage, for `version` ("300 es" or "330 core").
  static func vertex(version: String) -> String {
    """
    #version \(version)
    uniform vec4 uQuad;      // device rectangle: x0, y0, x1, y1 (pixels, y down)
    uniform vec2 uViewport;  // the framebuffer's size in pixels
    void main() {
      int i = gl_VertexID;
      vec2 corner = vec2((i == 1 || i == 2 || i == 4) ? 1.0 : 0.0,
                         (i == 2 || i == 4 || i == 5) ? 1.0 : 0.0);
      vec2 p = mix(uQuad.xy, uQuad.zw, corner);
      gl_Position = vec4(p / uViewport * 2.0 - 1.0, 0.0, 1.0);
    }
    """
  }

  /// The fragment stage, for `version` ("300 es" or "330 core").
  static func fragment(version: String) -> String {
    """
    #version \(version)
    precision highp float;
    precision highp int;
    uniform mat3 uInverse;    // device pixel → layer point (columns: ∂/∂x, ∂/∂y, 1)
    uniform int uMode;        // 0 fill, 1 texture, 2 border
    uniform vec4 uRect;       // the shape's rectangle in layer points: x0, y0, x1, y1
    uniform vec4 uRadii;      // its corner radii: top-left, top-right, bottom-right, bottom-left
    uniform vec4 uInner;      // a border's inner rectangle
    uniform vec4 uInnerRadii;
    uniform vec4 uColor;      // premultiplied colour, opacity applied
    uniform sampler2D uTexture;
    uniform vec4 uTexRect;    // the layer rectangle the texture's [0, 1]² fills
    uniform int uSampling;    // 0 nearest, 1 bilinear
    uniform int uClipCount;
    uniform mat3 uClipInverse[\(maxClips)];
    uniform vec4 uClipRect[\(maxClips)];
    uniform vec4 uClipRadii[\(maxClips)];
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

    // The texture at `uv`, sampled as LayerKit's CPU image shader samples: nearest takes
    // the texel under the point; bilinear mixes the four around it with 8-bit weights
    // (⌊fraction · 256⌋), truncating after each axis, edges clamped.
    vec4 sampleTexture(vec2 uv) {
      ivec2 size = textureSize(uTexture, 0);
      ivec2 last = size - 1;
      vec2 q = uv * vec2(size);
      if (uSampling == 0) {
        return texelFetch(uTexture, clamp(ivec2(floor(q)), ivec2(0), last), 0);
      }
      vec2 g = q - 0.5;
      vec2 fl = floor(g);
      vec2 w = floor((g - fl) * 256.0);
      ivec2 a = clamp(ivec2(fl), ivec2(0), last);
      ivec2 b = clamp(ivec2(fl) + 1, ivec2(0), last);
      vec4 t00 = round(texelFetch(uTexture, ivec2(a.x, a.y), 0) * 255.0);
      vec4 t10 = round(texelFetch(uTexture, ivec2(b.x, a.y), 0) * 255.0);
      vec4 t01 = round(texelFetch(uTexture, ivec2(a.x, b.y), 0) * 255.0);
      vec4 t11 = round(texelFetch(uTexture, ivec2(b.x, b.y), 0) * 255.0);
      vec4 top = floor((t00 * (256.0 - w.x) + t10 * w.x) / 256.0);
      vec4 bottom = floor((t01 * (256.0 - w.x) + t11 * w.x) / 256.0);
      return floor((top * (256.0 - w.y) + bottom * w.y) / 256.0) / 255.0;
    }

    void main() {
      vec2 d = gl_FragCoord.xy;
      float c = coverage(uInverse, uRect, uRadii, d);
      if (uMode == 2) c = max(c - coverage(uInverse, uInner, uInnerRadii, d), 0.0);
      for (int k = 0; k < \(maxClips); ++k) {
        if (k < uClipCount) c *= coverage(uClipInverse[k], uClipRect[k], uClipRadii[k], d);
      }
      if (c <= 0.0) discard;
      vec4 colour = uColor;
      if (uMode == 1) {
        vec3 h = uInverse * vec3(d, 1.0);
        vec2 p = h.xy / h.z;
        vec2 uv = (p - uTexRect.xy) / (uTexRect.zw - uTexRect.xy);
        colour = sampleTexture(uv) * uColor.a;
      }
      fragColor = colour * c;
    }
    """
  }
}

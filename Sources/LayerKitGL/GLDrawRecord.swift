import LayerKit

/// The values of one draw of ``GLLayerShader``: what the shader reads for the device
/// rectangle it covers, written as RGBA32F texels into its batch's record texture so that
/// many draws go to the GPU in one instanced call (``GLQuadDrawer``).
///
/// Layout, in texels (`x, y, z, w`; integers are stored as exact floats):
///
/// | texel | holds |
/// |---|---|
/// | 0–2 | the inverse map's columns (`xyz`); `w`: flags (mode, sampling << 4, clear outside << 5, mask mode << 8), the mip weight, outline 0's point count |
/// | 3–7 | shape rectangle, its radii, inner rectangle, its radii, colour |
/// | 8–10 | the texture map's columns; `w`: outline 1's point count, the box's reach before and after |
/// | 11 | the texture rectangle (or an offscreen's device origin) |
/// | 12–13 | the rectangles wholly inside outlines 0 and 1 |
/// | 14 | box size (`xy`), box axis, the first texel of the outline points |
/// | 15 | the device rectangle drawn (read by the vertex stage) |
/// | 16 | the sampled texture's atlas slot: x, y, width, height (width 0: the whole texture) |
/// | 17… | outline 0's points, two a texel, then outline 1's |
struct GLDrawRecord {
  /// `uMode` of ``GLLayerShader``: 0 fill, 1 texture, 2 border, 3 masked group, 4 box pass,
  /// 5 shadow, 6 nine-part patch, 7 trilinear texture, 8 tinted group.
  var mode: Int
  /// Device pixel → layer point, column-major (``GLQuadDrawer/matrix(_:)``).
  var inverse: [Float]
  /// The shape's rectangle and corner radii, in layer points.
  var rect = SIMD4<Float>.zero
  var radii = SIMD4<Float>.zero
  /// A border's inner edge, or a patch's image rectangle.
  var inner = SIMD4<Float>.zero
  var innerRadii = SIMD4<Float>.zero
  /// Premultiplied colour, opacity applied (tint bytes for a tinted group).
  var color = SIMD4<Float>.zero
  /// Device pixel → the plane of `texRect`, column-major.
  var texInverse: [Float] = GLQuadDrawer.matrix(.identity)
  var texRect = SIMD4<Float>.zero
  /// Bilinear (true) or nearest sampling.
  var bilinear = false
  /// Whether texels outside the image read as transparent (a rasterized layer's bitmap,
  /// resampled as the CPU compositor's warp does) instead of clamped to its edge.
  var clearOutside = false
  /// The next mip level's weight, 0…255.
  var mipWeight: Float = 0
  /// ``GLQuadDrawer/maskModeBits(_:)``.
  var maskMode: Int = 0
  /// A box pass's reach before and after each pixel, and its axis (1 along y).
  var box: (before: Int, after: Int, vertical: Int) = (0, 0, 0)
  var boxSize: (width: Int, height: Int) = (0, 0)
  /// The device rectangle drawn.
  var quad: PixelRect
  /// The texels of the sampled image on its atlas page; nil: the whole texture.
  var slot: PixelRect? = nil
  /// Device outlines of the shape and of its inner edge, when drawn from outlines.
  var outline: GLOutline? = nil
  var innerOutline: GLOutline? = nil

  /// Texels before the outline points.
  static let header = GLLayerShader.recordHeader

  /// Texels the record takes.
  var texels: Int {
    Self.header + ((outline?.points.count ?? 0) + 1) / 2
      + ((innerOutline?.points.count ?? 0) + 1) / 2
  }

  /// Writes the record into `floats` (four a texel) from texel `first`; the array holds
  /// at least ``texels`` texels from there.
  func write(into floats: inout [Float], at first: Int) {
    var i = first * 4
    func put(_ x: Float, _ y: Float, _ z: Float, _ w: Float) {
      floats[i] = x
      floats[i + 1] = y
      floats[i + 2] = z
      floats[i + 3] = w
      i += 4
    }
    func put(_ v: SIMD4<Float>) { put(v.x, v.y, v.z, v.w) }
    let flags = Float(mode | (bilinear ? 16 : 0) | (clearOutside ? 32 : 0) | (maskMode << 8))
    let counts = (Float(outline?.points.count ?? 0), Float(innerOutline?.points.count ?? 0))
    put(inverse[0], inverse[1], inverse[2], flags)
    put(inverse[3], inverse[4], inverse[5], mipWeight)
    put(inverse[6], inverse[7], inverse[8], counts.0)
    put(rect)
    put(radii)
    put(inner)
    put(innerRadii)
    put(color)
    put(texInverse[0], texInverse[1], texInverse[2], counts.1)
    put(texInverse[3], texInverse[4], texInverse[5], Float(box.before))
    put(texInverse[6], texInverse[7], texInverse[8], Float(box.after))
    put(texRect)
    put(outline?.inside ?? .zero)
    put(innerOutline?.inside ?? .zero)
    let points = Float(first + Self.header)
    put(Float(boxSize.width), Float(boxSize.height), Float(box.vertical), points)
    put(Float(quad.x0), Float(quad.y0), Float(quad.x1), Float(quad.y1))
    if let slot {
      put(Float(slot.x0), Float(slot.y0), Float(slot.width), Float(slot.height))
    } else {
      put(0, 0, 0, 0)
    }
    for o in [outline, innerOutline] {
      guard let points = o?.points else { continue }
      var k = 0
      while k < points.count {
        let b = k + 1 < points.count ? points[k + 1] : SIMD2<Float>(0, 0)
        put(points[k].x, points[k].y, b.x, b.y)
        k += 2
      }
    }
  }
}

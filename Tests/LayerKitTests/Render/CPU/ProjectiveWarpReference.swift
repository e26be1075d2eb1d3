import Foundation

@testable import LayerKit

/// The perspective warp written one pixel at a time, straight from its definition in
/// `ProjectiveWarp`'s documentation: the yardstick the fast loop is compared with.
///
/// Every pixel's homogeneous source point comes straight from the map in double
/// precision; each pixel divides, splits the coordinate into a whole part and a weight
/// in 1/256, samples its four neighbours (transparent outside) and blends source-over.
enum ProjectiveWarpReference {
  static func warp(
    _ src: UnsafeMutablePointer<UInt32>, width sw: Int, height sh: Int, stride ss: Int,
    through b: ProjectiveTransform2D, into s: RenderSurface, region: PixelRect, alpha: Float
  ) {
    let k = UInt64(min(max(alpha, 0), 1) * 255 + 0.5)
    let x0 = Double(region.x0) + 0.5
    for row in 0..<region.height {
      let y = Double(region.y0 + row) + 0.5
      let out = s.pixel(x: region.x0, y: region.y0 + row)
      for x in 0..<region.width {
        let px = x0 + Double(x)
        let u = px * b.m11 + y * b.m21 + b.m31
        let v = px * b.m12 + y * b.m22 + b.m32
        let h = px * b.m13 + y * b.m23 + b.m33
        let fx = u / h - 0.5
        let fy = v / h - 0.5
        guard h > 1e-12, fx > -1, fy > -1, fx < Double(sw), fy < Double(sh) else { continue }
        let tx = (fx + 1).rounded(.down)
        let ty = (fy + 1).rounded(.down)
        let wx = UInt64(max((fx - (tx - 1)) * 256, 0).rounded(.down))
        let wy = UInt64(max((fy - (ty - 1)) * 256, 0).rounded(.down))
        let ix = Int(tx) - 1
        let iy = Int(ty) - 1
        func at(_ x: Int, _ y: Int) -> [UInt64] {
          guard x >= 0, y >= 0, x < sw, y < sh else { return [0, 0, 0, 0] }
          let p = UInt64(src[y * ss + x])
          return (0..<4).map { (p >> (8 * UInt64($0))) & 255 }
        }
        let p00 = at(ix, iy)
        let p01 = at(ix + 1, iy)
        let p10 = at(ix, iy + 1)
        let p11 = at(ix + 1, iy + 1)
        var e = [UInt64](repeating: 0, count: 4)
        for c in 0..<4 {
          let top = (p00[c] * (256 - wx) + p01[c] * wx) >> 8
          let bot = (p10[c] * (256 - wx) + p11[c] * wx) >> 8
          e[c] = (top * (256 - wy) + bot * wy) >> 8
        }
        if e == [0, 0, 0, 0] { continue }
        if k < 255 { e = e.map { div255($0 * k) } }
        let d = UInt64(out[x])
        let result = (0..<4).map { c -> UInt64 in
          e[3] >= 255 ? e[c] : e[c] + div255(((d >> (8 * UInt64(c))) & 255) * (255 - e[3]))
        }
        out[x] = UInt32(result[0] | result[1] << 8 | result[2] << 16 | result[3] << 24)
      }
    }
  }

  /// `x / 255` rounded to nearest, for `x ≤ 255 · 255`.
  static func div255(_ x: UInt64) -> UInt64 { (x + 128 + ((x + 128) >> 8)) >> 8 }
}

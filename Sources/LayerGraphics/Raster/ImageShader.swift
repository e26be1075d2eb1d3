import Foundation

/// Samples an image for `CGContext.draw(_:in:)`.
///
/// Device pixel centres are mapped to image coordinates (pixels, top-left origin, pixel
/// `i` spans `i…i+1`) by `deviceToImage`. Bilinear sampling weighs the four pixels whose
/// centres surround the point, in 1/256 steps; nearest sampling takes the pixel the point
/// falls in. Coordinates are clamped to the image (edge pixels extend), so the drawn
/// rectangle's own anti-aliased edge is the only edge.
package struct ImageShader {
  var pixels: UnsafePointer<UInt32>
  var width: Int
  var height: Int
  var m: CGAffineTransform
  var bilinear: Bool
  /// Opacity 0…255 applied to every sample.
  var opacity: UInt32
  /// When the mapping is a whole-pixel translation: the image pixel at device (0, 0).
  var offsetX: Int?
  var offsetY: Int = 0

  init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, deviceToImage m: CGAffineTransform,
       bilinear: Bool, opacity: CGFloat) {
    self.pixels = pixels
    self.width = width
    self.height = height
    self.m = m
    self.bilinear = bilinear
    self.opacity = UInt32(Swift.min(Swift.max(opacity, 0), 1) * 255 + 0.5)
    if m.a == 1, m.b == 0, m.c == 0, m.d == 1, m.tx == m.tx.rounded(), m.ty == m.ty.rounded(),
      abs(m.tx) < 1e9, abs(m.ty) < 1e9
    {
      offsetX = Int(m.tx)
      offsetY = Int(m.ty)
    }
  }

  /// A pointer straight into the image row when it can be used unchanged.
  @inline(__always)
  func directRow(x: Int, y: Int, count: Int) -> UnsafePointer<UInt32>? {
    guard let ox = offsetX, opacity == 255 else { return nil }
    let ix = x + ox, iy = y + offsetY
    guard iy >= 0, iy < height, ix >= 0, ix + count <= width else { return nil }
    return pixels + iy * width + ix
  }

  func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(m)
    var u = Float(p.x), v = Float(p.y)
    let du = Float(m.a), dv = Float(m.b)
    let maxX = width - 1, maxY = height - 1
    if !bilinear {
      for k in 0..<count {
        let ix = Swift.min(Swift.max(Int(u.rounded(.down)), 0), maxX)
        let iy = Swift.min(Swift.max(Int(v.rounded(.down)), 0), maxY)
        out[k] = pixels[iy * width + ix]
        u += du
        v += dv
      }
    } else {
      typealias M = PixelMath
      for k in 0..<count {
        // Outside -1…size both taps clamp to the same edge pixel, where the weight
        // cannot change the result; inside, the floor is taken without a libm call.
        let fx = Self.clamp(u - 0.5, Float(width)), fy = Self.clamp(v - 0.5, Float(height))
        let flx = Self.floor(fx), fly = Self.floor(fy)
        // Weights are 0..<256: a signed conversion gives the same value more cheaply.
        let wx = UInt64(truncatingIfNeeded: Int((fx - flx) * 256))
        let wy = UInt64(truncatingIfNeeded: Int((fy - fly) * 256))
        let x0 = Int(flx), y0 = Int(fly)
        let xa = Swift.min(Swift.max(x0, 0), maxX), xb = Swift.min(Swift.max(x0 + 1, 0), maxX)
        let ya = Swift.min(Swift.max(y0, 0), maxY), yb = Swift.min(Swift.max(y0 + 1, 0), maxY)
        let r0 = pixels + ya * width, r1 = pixels + yb * width
        let top = ((M.expand(r0[xa]) &* (256 &- wx) &+ M.expand(r0[xb]) &* wx) &>> 8) & M.laneMask
        let bot = ((M.expand(r1[xa]) &* (256 &- wx) &+ M.expand(r1[xb]) &* wx) &>> 8) & M.laneMask
        out[k] = M.compress(((top &* (256 &- wy) &+ bot &* wy) &>> 8) & M.laneMask)
        u += du
        v += dv
      }
    }
    if opacity != 255 {
      for k in 0..<count { out[k] = M.compress(M.scale(M.expand(out[k]), opacity)) }
    }
  }

  /// `x` limited to `-1…limit` (NaN becomes -1).
  @inline(__always)
  private static func clamp(_ x: Float, _ limit: Float) -> Float {
    x >= -1 ? (x <= limit ? x : limit) : -1
  }

  /// `x.rounded(.down)` for `|x| < 2²³`, by truncation (exact: such floats convert to
  /// `Int` and back without loss).
  @inline(__always)
  static func floor(_ x: Float) -> Float {
    let t = Float(Int(x))
    return t > x ? t - 1 : t
  }
}

private typealias M = PixelMath

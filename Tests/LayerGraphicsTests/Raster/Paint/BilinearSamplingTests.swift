import Foundation
import Testing

@testable import LayerGraphics

/// The bilinear sampler against the straightforward formula (32.32 fixed-point
/// coordinates, 64-bit lane arithmetic, clamped taps): every sample must match bit for
/// bit, inside the image and far outside it.
@Suite struct BilinearSamplingTests {
  @Test(arguments: [-1e6, -3.5, -1.25, -1, -0.5, -0.0, 0, 0.25, 1, 7.999, 8, 8388607.5] as [Float])
  func floorMatchesRoundingDown(x: Float) {
    #expect(
      ImageShader.floor(x) == x.rounded(.down)
        || (x < -1 && ImageShader.floor(Swift.max(x, -1)) == -1))
  }

  /// (rotation in degrees, scale, translation x, translation y)
  @Test(arguments: [
    (10.0, 0.9, 3.0, -2.0), (-33.0, 1.7, -40.0, 25.0), (0.0, 0.37, 0.5, 0.25),
    (90.0, 3.0, 200.0, -300.0),
  ])
  func samplesMatchTheReferenceFormula(degrees: Double, scale: Double, tx: Double, ty: Double) {
    let w = 23
    let h = 17
    var pixels = [UInt32](repeating: 0, count: w * h)
    for i in pixels.indices {
      let a = UInt32(truncatingIfNeeded: (i &* 97) % 256)
      let c = UInt32(truncatingIfNeeded: i &* 2_654_435_761)
      pixels[i] =
        (a << 24) | ((c & 0xFF) * a / 255) | (((c >> 8 & 0xFF) * a / 255) << 8)
        | (((c >> 16 & 0xFF) * a / 255) << 16)
    }
    let m = CGAffineTransform(translationX: tx, y: ty).rotated(by: degrees * .pi / 180).scaledBy(
      x: scale, y: scale)
    let count = 64
    var out = [UInt32](repeating: 0, count: count)
    pixels.withUnsafeBufferPointer { src in
      let shader = ImageShader(
        pixels: src.baseAddress!, width: w, height: h, deviceToImage: m, bilinear: true, opacity: 1)
      for y in -8..<40 {
        out.withUnsafeMutableBufferPointer {
          shader.shade(x: -20, y: y, count: count, into: $0.baseAddress!)
        }
        let expected = Self.reference(src, w, h, m, x: -20, y: y, count: count)
        #expect(out == expected)
      }
    }
  }

  /// Rows whose coordinates leave ±2³⁰ are sampled with clamped `Float` coordinates.
  @Test(arguments: [1e12, -1e12, Double.infinity])
  func rowsFarOutsideTheImageRepeatItsEdges(tx: Double) {
    let w = 5
    let h = 4
    let pixels = (0..<(w * h)).map { UInt32($0) * 0x0101_0101 }
    let m = CGAffineTransform(translationX: tx, y: 0.3)
    var out = [UInt32](repeating: 1, count: 8)
    pixels.withUnsafeBufferPointer { src in
      let shader = ImageShader(
        pixels: src.baseAddress!, width: w, height: h, deviceToImage: m, bilinear: true, opacity: 1)
      for y in 0..<h {
        out.withUnsafeMutableBufferPointer {
          shader.shade(x: 0, y: y, count: 8, into: $0.baseAddress!)
        }
        #expect(out == Self.clampedFloatReference(src, w, h, m, x: 0, y: y, count: 8))
      }
    }
  }

  /// Two taps per axis at `⌊g⌋` and `⌊g⌋ + 1` (clamped into the image) weighted by
  /// `⌊frac(g) · 256⌋`, where `g` steps along the row in 32.32 fixed point.
  static func reference(
    _ px: UnsafeBufferPointer<UInt32>, _ width: Int, _ height: Int, _ m: CGAffineTransform,
    x: Int, y: Int, count: Int
  ) -> [UInt32] {
    let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(m)
    let one = 4_294_967_296.0
    var fu = Int64(((p.x - 0.5) * one).rounded())
    var fv = Int64(((p.y - 0.5) * one).rounded())
    var out: [UInt32] = []
    for _ in 0..<count {
      out.append(
        mix(
          px, width, height, x0: Int(fu >> 32), y0: Int(fv >> 32), wx: UInt64((fu >> 24) & 255),
          wy: UInt64((fv >> 24) & 255)))
      fu += Int64((m.a * one).rounded())
      fv += Int64((m.b * one).rounded())
    }
    return out
  }

  /// The same mix with `Float` coordinates clamped to `-1…size` and libm floors.
  static func clampedFloatReference(
    _ px: UnsafeBufferPointer<UInt32>, _ width: Int, _ height: Int,
    _ m: CGAffineTransform, x: Int, y: Int, count: Int
  ) -> [UInt32] {
    let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(m)
    var u = Float(p.x)
    var v = Float(p.y)
    var out: [UInt32] = []
    for _ in 0..<count {
      let fx = Swift.min(Swift.max(u - 0.5, -1), Float(width))
      let fy = Swift.min(Swift.max(v - 0.5, -1), Float(height))
      let flx = fx.rounded(.down)
      let fly = fy.rounded(.down)
      out.append(
        mix(
          px, width, height, x0: Int(flx), y0: Int(fly), wx: UInt64((fx - flx) * 256),
          wy: UInt64((fy - fly) * 256)))
      u += Float(m.a)
      v += Float(m.b)
    }
    return out
  }

  static func mix(
    _ px: UnsafeBufferPointer<UInt32>, _ width: Int, _ height: Int, x0: Int, y0: Int, wx: UInt64,
    wy: UInt64
  ) -> UInt32 {
    typealias M = PixelMath
    let xa = Swift.min(Swift.max(x0, 0), width - 1)
    let xb = Swift.min(Swift.max(x0 + 1, 0), width - 1)
    let ya = Swift.min(Swift.max(y0, 0), height - 1)
    let yb = Swift.min(Swift.max(y0 + 1, 0), height - 1)
    let r0 = ya * width
    let r1 = yb * width
    let top =
      ((M.expand(px[r0 + xa]) &* (256 &- wx) &+ M.expand(px[r0 + xb]) &* wx) &>> 8) & M.laneMask
    let bot =
      ((M.expand(px[r1 + xa]) &* (256 &- wx) &+ M.expand(px[r1 + xb]) &* wx) &>> 8) & M.laneMask
    return M.compress(((top &* (256 &- wy) &+ bot &* wy) &>> 8) & M.laneMask)
  }
}

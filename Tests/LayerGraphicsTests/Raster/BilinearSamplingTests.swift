import Foundation
import Testing

@testable import LayerGraphics

/// The bilinear sampler against the straightforward formula (libm floors, clamped taps):
/// every sample must match bit for bit, inside the image and far outside it.
@Suite struct BilinearSamplingTests {
  @Test(arguments: [-1e6, -3.5, -1.25, -1, -0.5, -0.0, 0, 0.25, 1, 7.999, 8, 8388607.5] as [Float])
  func floorMatchesRoundingDown(x: Float) {
    #expect(ImageShader.floor(x) == x.rounded(.down) || (x < -1 && ImageShader.floor(Swift.max(x, -1)) == -1))
  }

  /// (rotation in degrees, scale, translation x, translation y)
  @Test(arguments: [(10.0, 0.9, 3.0, -2.0), (-33.0, 1.7, -40.0, 25.0), (0.0, 0.37, 0.5, 0.25), (90.0, 3.0, 200.0, -300.0)])
  func samplesMatchTheReferenceFormula(degrees: Double, scale: Double, tx: Double, ty: Double) {
    let w = 23, h = 17
    var pixels = [UInt32](repeating: 0, count: w * h)
    for i in pixels.indices {
      let a = UInt32(truncatingIfNeeded: (i &* 97) % 256)
      let c = UInt32(truncatingIfNeeded: i &* 2_654_435_761)
      pixels[i] = (a << 24) | ((c & 0xFF) * a / 255) | (((c >> 8 & 0xFF) * a / 255) << 8) | (((c >> 16 & 0xFF) * a / 255) << 16)
    }
    let m = CGAffineTransform(translationX: tx, y: ty).rotated(by: degrees * .pi / 180).scaledBy(x: scale, y: scale)
    let count = 64
    var out = [UInt32](repeating: 0, count: count)
    pixels.withUnsafeBufferPointer { src in
      let shader = ImageShader(pixels: src.baseAddress!, width: w, height: h, deviceToImage: m, bilinear: true, opacity: 1)
      for y in -8..<40 {
        out.withUnsafeMutableBufferPointer { shader.shade(x: -20, y: y, count: count, into: $0.baseAddress!) }
        let expected = Self.reference(src, w, h, m, x: -20, y: y, count: count)
        #expect(out == expected)
      }
    }
  }

  static func reference(_ px: UnsafeBufferPointer<UInt32>, _ width: Int, _ height: Int, _ m: CGAffineTransform,
                        x: Int, y: Int, count: Int) -> [UInt32] {
    typealias M = PixelMath
    let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(m)
    var u = Float(p.x), v = Float(p.y)
    var out: [UInt32] = []
    for _ in 0..<count {
      let fx = u - 0.5, fy = v - 0.5
      let flx = fx.rounded(.down), fly = fy.rounded(.down)
      let wx = UInt64((fx - flx) * 256), wy = UInt64((fy - fly) * 256)
      let x0 = Int(Swift.min(Swift.max(flx, -1), Float(width)))
      let y0 = Int(Swift.min(Swift.max(fly, -1), Float(height)))
      let xa = Swift.min(Swift.max(x0, 0), width - 1), xb = Swift.min(Swift.max(x0 + 1, 0), width - 1)
      let ya = Swift.min(Swift.max(y0, 0), height - 1), yb = Swift.min(Swift.max(y0 + 1, 0), height - 1)
      let r0 = ya * width, r1 = yb * width
      let top = ((M.expand(px[r0 + xa]) &* (256 &- wx) &+ M.expand(px[r0 + xb]) &* wx) &>> 8) & M.laneMask
      let bot = ((M.expand(px[r1 + xa]) &* (256 &- wx) &+ M.expand(px[r1 + xb]) &* wx) &>> 8) & M.laneMask
      out.append(M.compress(((top &* (256 &- wy) &+ bot &* wy) &>> 8) & M.laneMask))
      u += Float(m.a)
      v += Float(m.b)
    }
    return out
  }
}

import Foundation
import Testing

@testable import LayerGraphics

/// `ImageShader`'s AVX2 bilinear rows give the portable loop's bytes exactly: images of
/// one pixel to 61 × 47 filled with any 32-bit words, maps that rotate, shear, magnify,
/// minify and mirror, rows that start inside, outside and across the edges, and counts
/// from 1 to 97.
@Suite struct ImageShaderWideTests {
  static func words(_ n: Int, seed: UInt64) -> [UInt32] {
    var s = seed
    return (0..<n).map { _ in
      s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let r = UInt32(truncatingIfNeeded: s >> 32)
      return r % 5 == 0 ? r | 0xFF00_0000 : r % 7 == 0 ? 0 : r
    }
  }

  static let maps: [CGAffineTransform] = [
    CGAffineTransform(a: 0.37, b: 0, c: 0, d: 0.41, tx: 0.3, ty: 0.2),
    CGAffineTransform(a: 0.9, b: 0.3, c: -0.25, d: 0.8, tx: 4, ty: -2),
    CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0.5, ty: 0.5),
    CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0.25, ty: -0.75),
    CGAffineTransform(a: 2.6, b: -0.1, c: 0.2, d: 3, tx: -3, ty: 1),
    CGAffineTransform(a: -0.6, b: 0.05, c: 0, d: -0.7, tx: 60, ty: 45),
    CGAffineTransform(a: 0.01, b: 0.002, c: 0, d: 0.013, tx: 1.5, ty: 1.5),
  ]

  @Test(
    .enabled(if: WideKernels.cpuHasAVX2), arguments: [(1, 1), (2, 2), (3, 5), (9, 2), (61, 47)])
  func rowsMatchThePortableLoop(width: Int, height: Int) {
    let image = Self.words(width * height, seed: UInt64(width * 131 + height))
    var checked = 0
    var inside = 0
    image.withUnsafeBufferPointer { px in
      for (mi, m) in Self.maps.enumerated() {
        let shader = ImageShader(
          pixels: px.baseAddress!, width: width, height: height, deviceToImage: m, bilinear: true,
          opacity: 1)
        for (x, y, count) in [
          (0, 0, 97), (3, 7, 8), (-20, 5, 64), (11, 40, 33), (50, 2, 17), (1, 1, 1),
        ] {
          var wide = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
          var portable = wide
          let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(m)
          let a = wide.withUnsafeMutableBufferPointer {
            shader.shadeFixedPoint(p, count: count, into: $0.baseAddress!, wide: true)
          }
          let b = portable.withUnsafeMutableBufferPointer {
            shader.shadeFixedPoint(p, count: count, into: $0.baseAddress!, wide: false)
          }
          #expect(a && b)
          let same = wide == portable
          #expect(same, "map \(mi), row at (\(x), \(y)), \(count) pixels")
          #expect(wide[count] == 0xDEAD_BEEF, "wrote past the row")
          checked += count
          // Pixels whose taps were all inside (the kernel's share) for the count below.
          for k in 0..<count {
            let u = p.x - 0.5 + Double(k) * m.a
            let v = p.y - 0.5 + Double(k) * m.b
            if u >= 0 && v >= 0 && u < Double(width - 1) && v < Double(height - 1) { inside += 1 }
          }
        }
      }
    }
    #expect(checked > 0)
    if width * height > 1000 { #expect(inside > 200, "only \(inside) interior pixels") }
  }
}

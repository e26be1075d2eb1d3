import Foundation
import LayerGraphics
import Testing

/// The shadow row loop against the one-pixel `PixelMath.srcOver`, on seeded random
/// premultiplied pixels (tolerance 0), over lengths that exercise the eight-pixel
/// steps, the four-pixel step and the overlapping last four pixels.
@Suite struct ShadowKernelsTests {
  @Test(arguments: [0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 31, 100])
  func premultipliedRowMatchesPerPixelSourceOver(count: Int) {
    var rng = SeededPixels(state: UInt64(count) &+ 77)
    let src = (0..<count).map { _ in rng.pixel() }
    var dst = (0..<count).map { _ in rng.pixel() }
    let expected = zip(src, dst).map { PixelMath.srcOver($0, $1) }
    // A guard pixel after the row must stay untouched.
    dst.append(0x1234_5678)
    src.withUnsafeBufferPointer { s in
      dst.withUnsafeMutableBufferPointer { d in
        ShadowKernels.srcOverPremultipliedRow(d.baseAddress!, s.baseAddress!, count: count)
      }
    }
    #expect(Array(dst.prefix(count)) == expected)
    #expect(dst[count] == 0x1234_5678)

    // The same with the factors given.
    let factors = src.map { (255 - $0 >> 24) | (255 - $0 >> 24) << 16 }
    var again = (0..<count).map { _ in rng.pixel() }
    let expectedAgain = zip(src, again).map { PixelMath.srcOver($0, $1) }
    src.withUnsafeBufferPointer { s in
      factors.withUnsafeBufferPointer { f in
        again.withUnsafeMutableBufferPointer { d in
          if count > 0 {
            ShadowKernels.srcOverPremultipliedRow(
              d.baseAddress!, s.baseAddress!, factors: f.baseAddress!, count: count)
          }
        }
      }
    }
    #expect(again == expectedAgain)
  }

  /// The tint-table mask blit against `RowKernels.srcOverMask` (tolerance 0), with runs
  /// of zero coverage (skipped eight at a time), full coverage and an opaque colour.
  @Test(arguments: [
    (0, 0x8040_2010 as UInt32), (5, 0x8040_2010), (8, 0xFF10_2030), (19, 0x6600_0000),
    (64, 0xFFFF_FFFF), (70, 0x0000_0000),
  ])
  func tintedMaskMatchesTheCoverageKernel(count: Int, color: UInt32) {
    var rng = SeededPixels(state: UInt64(count) &* 31 &+ UInt64(color))
    let mask: [UInt8] = (0..<count).map { i in
      let r = rng.next() % 4
      return i % 16 < 8 && r < 3 ? 0 : r == 0 ? 255 : UInt8(truncatingIfNeeded: rng.next())
    }
    let dst = (0..<count).map { _ in rng.pixel() }
    var expected = dst
    var actual = dst
    let table = ShadowKernels.tintTable(color)
    mask.withUnsafeBufferPointer { m in
      expected.withUnsafeMutableBufferPointer { e in
        if count > 0 {
          RowKernels.srcOverMask(e.baseAddress!, color: color, mask: m.baseAddress!, count: count)
        }
      }
      actual.withUnsafeMutableBufferPointer { a in
        table.withUnsafeBufferPointer { t in
          if count > 0 {
            ShadowKernels.srcOverTinted(
              a.baseAddress!, mask: m.baseAddress!, table: t.baseAddress!, count: count)
          }
        }
      }
    }
    #expect(actual == expected)
  }
}

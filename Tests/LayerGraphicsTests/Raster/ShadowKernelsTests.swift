import Foundation
import LayerGraphics
import Testing

/// The shadow row loop against the one-pixel `PixelMath.srcOver`, on seeded random
/// premultiplied pixels (tolerance 0), over lengths that exercise the eight-pixel
/// steps, the four-pixel step and the overlapping last four pixels.
@Suite struct ShadowKernelsTests {
  @Test(arguments: [0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 31, 100])
  func premultipliedRowMatchesPerPixelSourceOver(count: Int) {
    var rng = RowKernelsTests.Seeded(state: UInt64(count) &+ 77)
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
  }
}

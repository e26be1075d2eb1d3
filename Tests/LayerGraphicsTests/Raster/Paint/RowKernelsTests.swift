import Foundation
import LayerGraphics
import Testing

/// The four-pixel source-over loops against the one-pixel `PixelMath` formulas, on
/// seeded random premultiplied pixels: they must agree bit for bit (tolerance 0).
@Suite struct RowKernelsTests {
  static func reference(_ s: UInt32, over d: UInt32) -> UInt32 { PixelMath.srcOver(s, d) }

  @Test(arguments: [1, 3, 4, 7, 16, 33])
  func rowOfImagePixelsMatchesPerPixelSourceOver(count: Int) {
    var rng = SeededPixels(state: UInt64(count))
    let src = (0..<count).map { _ in rng.pixel() }
    var dst = (0..<count).map { _ in rng.pixel() }
    let expected = zip(src, dst).map { Self.reference($0, over: $1) }
    src.withUnsafeBufferPointer { s in
      dst.withUnsafeMutableBufferPointer {
        RowKernels.srcOverRow($0.baseAddress!, s.baseAddress!, count: count)
      }
    }
    #expect(dst == expected)
  }

  @Test(arguments: [
    (UInt32(0x8040_2010), 5), (0xFF00_80FF, 9), (0x0000_0000, 4), (0x7F7F_7F7F, 13),
  ])
  func constantColourMatchesPerPixelSourceOver(color: UInt32, count: Int) {
    var rng = SeededPixels(state: UInt64(color) ^ 99)
    var dst = (0..<count).map { _ in rng.pixel() }
    let expected = dst.map { Self.reference(color, over: $0) }
    dst.withUnsafeMutableBufferPointer {
      RowKernels.srcOverConstant(
        $0.baseAddress!, count: count, source: color, inverseAlpha: 255 - color >> 24)
    }
    #expect(dst == expected)
  }

  @Test(arguments: [(UInt32(0xFF20_4080), 11), (0x9930_2010, 8), (0x0302_0103, 6)])
  func coverageMaskMatchesPerPixelSourceOver(color: UInt32, count: Int) {
    var rng = SeededPixels(state: UInt64(count) &* 31)
    var dst = (0..<count).map { _ in rng.pixel() }
    var mask = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    mask[0] = 0
    mask[count - 1] = 255
    let expected = zip(dst, mask).map { d, k in
      let sc = PixelMath.scale(PixelMath.expand(color), UInt32(k))
      return PixelMath.compress(
        sc &+ PixelMath.scale(PixelMath.expand(d), 255 &- PixelMath.alpha(sc)))
    }
    mask.withUnsafeBufferPointer { m in
      dst.withUnsafeMutableBufferPointer {
        RowKernels.srcOverMask($0.baseAddress!, color: color, mask: m.baseAddress!, count: count)
      }
    }
    #expect(dst == expected)
  }

  /// The vector division by 255 (a multiply-high by 257) against `PixelMath.mul255` for
  /// every channel value and every factor: a source of 0 leaves `d·inv/255` per channel.
  @Test func constantScaleMatchesExactDivisionForEveryByteAndFactor() {
    // 64 pixels hold the channel values 0…255 once each.
    let bytes = (0..<64).map { (i: Int) -> UInt32 in
      let b = UInt32(i * 4)
      return b | (b + 1) << 8 | (b + 2) << 16 | (b + 3) << 24
    }
    var mismatches = 0
    for inv in UInt32(0)...255 {
      var row = bytes
      row.withUnsafeMutableBufferPointer {
        RowKernels.srcOverConstant($0.baseAddress!, count: 64, source: 0, inverseAlpha: inv)
      }
      for (i, p) in row.enumerated() {
        for c in 0..<4 where (p >> (8 * c)) & 255 != PixelMath.mul255(UInt32(i * 4 + c), inv) {
          mismatches += 1
        }
      }
    }
    #expect(mismatches == 0)
  }

  /// Runs of one to three coverage pixels (the sides of shapes) and the one-to-three-pixel
  /// tails after four-pixel steps: exact, and the pixels around the run are untouched.
  @Test(arguments: [1, 2, 3, 5, 6, 7])
  func shortCoverageRunsChangeOnlyTheirPixels(count: Int) {
    var rng = SeededPixels(state: UInt64(count) &* 77)
    for color in [UInt32(0xFF10_2030), 0x8040_2010, 0x0000_0000] {
      let original = (0..<(count + 2)).map { _ in rng.pixel() }
      var dst = original
      let mask = (0..<count).map { i in i == 0 ? 255 : UInt8(truncatingIfNeeded: rng.next()) }
      mask.withUnsafeBufferPointer { m in
        dst.withUnsafeMutableBufferPointer {
          RowKernels.srcOverMask(
            $0.baseAddress! + 1, color: color, mask: m.baseAddress!, count: count)
        }
      }
      let expected = zip(original[1...count], mask).map { d, k in
        let sc = PixelMath.scale(PixelMath.expand(color), UInt32(k))
        return PixelMath.compress(
          sc &+ PixelMath.scale(PixelMath.expand(d), 255 &- PixelMath.alpha(sc)))
      }
      #expect(Array(dst[1...count]) == expected)
      #expect(dst[0] == original[0] && dst[count + 1] == original[count + 1])
    }
  }
}

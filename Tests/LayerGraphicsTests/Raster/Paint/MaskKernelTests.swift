import Foundation
import Testing

@testable import LayerGraphics

/// A layer's pixels multiplied by its mask's coverage: the portable kernel gives the
/// scalar `PixelMath` bytes of every pixel under each of the four coverages, and the AVX2
/// kernel the portable kernel's, with runs of full and empty coverage (skipped, cleared)
/// and every tail length.
@Suite struct MaskKernelTests {
  typealias Coverage = RowKernels.MaskCoverage
  static let all: [Coverage] = [.alpha, .inverseAlpha, .luminance, .inverseLuminance]

  /// Mask pixels in runs of clear, opaque white and random premultiplied pixels (the
  /// source-over tests' runs, their opaque runs made white), so that each coverage meets
  /// runs of 0 and 255 as well as varying values.
  static func mask(_ n: Int, seed: UInt64) -> [UInt32] {
    WideKernelsTests.pixels(n, seed: seed).map { $0 >> 24 == 255 ? 0xFFFF_FFFF : $0 }
  }

  /// The scalar expression: each pixel scaled by its mask pixel's coverage.
  static func reference(_ d: [UInt32], _ m: [UInt32], _ c: Coverage) -> [UInt32] {
    zip(d, m).map { p, q in PixelMath.compress(PixelMath.scale(PixelMath.expand(p), c.coverage(q)))
    }
  }

  @Test func coverageIsTheAlphaOrTheRec709LuminanceInvertedOrNot() {
    #expect(Coverage.alpha.coverage(0x80FF_FFFF) == 128)
    #expect(Coverage.inverseAlpha.coverage(0x80FF_FFFF) == 127)
    #expect(Coverage.luminance.coverage(0xFF00_FF00) == 182)  // green
    #expect(Coverage.luminance.coverage(0xFFFF_FFFF) == 255)
    #expect(Coverage.inverseLuminance.coverage(0) == 255)
    #expect(Coverage(luminance: true, inverse: true) == .inverseLuminance)
  }

  @Test(arguments: all)
  func thePortableKernelGivesTheScalarBytes(coverage: Coverage) {
    for n in [0, 1, 3, 4, 7, 8, 9, 15, 16, 31, 100, 257] {
      let d = WideKernelsTests.pixels(n, seed: UInt64(n) + 11)
      let m = Self.mask(n, seed: UInt64(n) + 5)
      var out = d
      m.withUnsafeBufferPointer { mp in
        RowKernels.multiplyByMaskRowPortable(
          &out, mask: mp.baseAddress!, count: n, coverage: coverage)
      }
      #expect(out == Self.reference(d, m, coverage), "\(n) pixels")
    }
  }

  @Test(.enabled(if: WideKernels.cpuHasAVX2), arguments: all)
  func theWideKernelGivesThePortableBytes(coverage: Coverage) {
    for n in [8, 9, 15, 16, 17, 31, 64, 100, 257, 1000] {
      for seed in UInt64(0)..<4 {
        let d = WideKernelsTests.pixels(n, seed: seed &* 31 &+ UInt64(n))
        let m = Self.mask(n, seed: seed &* 17 &+ UInt64(n))
        var portable = d
        var wide = d
        m.withUnsafeBufferPointer { mp in
          RowKernels.multiplyByMaskRowPortable(
            &portable, mask: mp.baseAddress!, count: n, coverage: coverage)
          WideKernels.multiplyByMaskRowAVX2(
            &wide, mask: mp.baseAddress!, count: n, coverage: coverage)
        }
        #expect(wide == portable, "\(n) pixels, seed \(seed)")
      }
    }
  }

  @Test(.enabled(if: WideKernels.cpuHasAVX2))
  func everyDestinationAndCoverageByteRoundsTheSame() {
    // Every (channel, coverage) pair: destination bytes along the row, alpha masks with
    // every coverage.
    var d: [UInt32] = []
    var m: [UInt32] = []
    for k in UInt32(0)...255 {
      for x in stride(from: UInt32(0), through: 255, by: 1) {
        d.append(x | x << 8 | x << 16 | x << 24)
        m.append(k << 24)
      }
    }
    var portable = d
    var wide = d
    m.withUnsafeBufferPointer { mp in
      RowKernels.multiplyByMaskRowPortable(
        &portable, mask: mp.baseAddress!, count: d.count, coverage: .alpha)
      WideKernels.multiplyByMaskRowAVX2(
        &wide, mask: mp.baseAddress!, count: d.count, coverage: .alpha)
    }
    #expect(wide == portable)
    #expect(portable == Self.reference(d, m, .alpha))
  }
}

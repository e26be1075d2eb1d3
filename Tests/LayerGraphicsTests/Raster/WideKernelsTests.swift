import Foundation
import Testing

@testable import LayerGraphics

/// The AVX2 source-over kernel gives the portable (SSE2) kernel's bytes.
@Suite struct WideKernelsTests {
  /// Deterministic premultiplied pixels: runs of clear, opaque and translucent pixels so
  /// that every branch of both kernels (copy, skip, blend, tail) is taken.
  static func pixels(_ n: Int, seed: UInt64) -> [UInt32] {
    var state = seed
    func next() -> UInt32 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32(truncatingIfNeeded: state >> 33)
    }
    var out: [UInt32] = []
    while out.count < n {
      let kind = next() % 4
      let run = Int(next() % 20) + 1
      for _ in 0..<run {
        let a: UInt32 = kind == 0 ? 0 : kind == 1 ? 255 : next() % 256
        let c = { a == 0 ? 0 : next() % (a + 1) }
        out.append(c() | c() << 8 | c() << 16 | a << 24)
      }
    }
    return Array(out.prefix(n))
  }

  @Test(.enabled(if: WideKernels.cpuHasAVX2)) func sourceOverMatchesThePortableKernelBitForBit() {
    for (n, seed) in [(1, 1), (7, 2), (8, 3), (9, 4), (64, 5), (1000, 6), (4099, 7)]
      as [(Int, UInt64)]
    {
      let s = Self.pixels(n, seed: seed)
      let d = Self.pixels(n, seed: seed &+ 100)
      var portable = d
      var wide = d
      s.withUnsafeBufferPointer { sp in
        RowKernels.srcOverImageRowPortable(&portable, sp.baseAddress!, count: n)
        WideKernels.srcOverImageRowAVX2(&wide, sp.baseAddress!, count: n)
      }
      #expect(wide == portable, "\(n) pixels")
      #expect(wide != d || s.allSatisfy { $0 >> 24 == 0 })
    }
  }

  @Test(.enabled(if: WideKernels.cpuHasAVX2)) func everyAlphaAndDestinationByteRoundsTheSame() {
    // Every source alpha with colour = alpha (the largest premultiplied value) over every
    // destination byte value in all four channels.
    var s: [UInt32] = []
    var d: [UInt32] = []
    for a in UInt32(0)...255 {
      for v in stride(from: UInt32(0), through: 255, by: 1) {
        s.append(a | a << 8 | a << 16 | a << 24)
        d.append(v | (255 - v) << 8 | (v / 2) << 16 | v << 24)
      }
    }
    var portable = d
    var wide = d
    s.withUnsafeBufferPointer { sp in
      RowKernels.srcOverImageRowPortable(&portable, sp.baseAddress!, count: s.count)
      WideKernels.srcOverImageRowAVX2(&wide, sp.baseAddress!, count: s.count)
    }
    #expect(wide == portable)
  }
}

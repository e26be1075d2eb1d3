import Foundation
import Testing

@testable import LayerGraphics

/// The AVX2 source-over kernels (image rows, constant spans, coverage runs) give the
/// portable (SSE2) kernels' bytes.
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

  /// The image rows' AVX2 kernel also draws a layer's offscreen onto its parent
  /// (`RowKernels.srcOverRow`): both portable loops give its bytes, premultiplied pixels
  /// or any words.
  @Test(.enabled(if: WideKernels.cpuHasAVX2)) func sourceOverMatchesThePortableKernelBitForBit() {
    for (n, seed) in [(1, 1), (7, 2), (8, 3), (9, 4), (64, 5), (1000, 6), (4099, 7)]
      as [(Int, UInt64)]
    {
      for (s, d) in [
        (Self.pixels(n, seed: seed), Self.pixels(n, seed: seed &+ 100)),
        (Self.words(n, seed: seed), Self.words(n, seed: seed &+ 100)),
      ] {
        var portable = d
        var layer = d
        var wide = d
        s.withUnsafeBufferPointer { sp in
          RowKernels.srcOverImageRowPortable(&portable, sp.baseAddress!, count: n)
          RowKernels.srcOverRowPortable(&layer, sp.baseAddress!, count: n)
          WideKernels.srcOverImageRowAVX2(&wide, sp.baseAddress!, count: n)
        }
        #expect(wide == portable, "\(n) pixels")
        #expect(layer == portable, "\(n) pixels, layer row")
        #expect(wide != d || s.allSatisfy { $0 >> 24 == 0 })
      }
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

  /// Any 32-bit words, premultiplied or not: the kernels must agree on invalid pixels too
  /// (a channel above alpha carries into the next byte the same way on both paths).
  static func words(_ n: Int, seed: UInt64) -> [UInt32] {
    var state = seed
    return (0..<n).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32(truncatingIfNeeded: state >> 29)
    }
  }

  /// Coverage bytes in runs of 0, 255 and anything, so that both kernels skip, copy and
  /// blend.
  static func coverage(_ n: Int, seed: UInt64) -> [UInt8] {
    Self.pixels(n, seed: seed).map { UInt8($0 >> 24) }
  }

  /// Run lengths: the kernels are made for eight pixels or more; shorter runs must still
  /// give the same bytes (and touch nothing past the run, which the arrays' size checks).
  static let counts = [1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 64, 100, 1283]

  @Test(.enabled(if: WideKernels.cpuHasAVX2)) func constantSpansMatchThePortableKernelBitForBit() {
    for (j, n) in Self.counts.enumerated() {
      for (source, inv) in [
        (0x8040_2010, 0x7F), (0xFF00_FF00, 0), (0x0000_0000, 255), (0x5A5A_5A5A, 0xA5),
      ]
        as [(UInt32, UInt32)]
      {
        for d in [Self.pixels(n, seed: UInt64(j)), Self.words(n, seed: UInt64(j))] {
          var portable = d
          var wide = d
          RowKernels.srcOverConstantPortable(&portable, count: n, source: source, inverseAlpha: inv)
          WideKernels.srcOverConstantAVX2(&wide, count: n, source: source, inverseAlpha: inv)
          #expect(wide == portable, "\(n) pixels, source \(source), inverse alpha \(inv)")
          #expect(wide != d || inv == 255)
        }
      }
    }
  }

  @Test(.enabled(if: WideKernels.cpuHasAVX2)) func constantBlocksOfRowsMatchRowByRow() {
    // Three rows of 37 pixels in a bitmap 50 pixels wide: the pixels between the rows'
    // runs are left alone.
    let stride = 50
    let n = 37
    let rows = 3
    let d = Self.words(stride * rows, seed: 9)
    var portable = d
    var wide = d
    portable.withUnsafeMutableBufferPointer { p in
      for r in 0..<rows {
        RowKernels.srcOverConstantPortable(
          p.baseAddress! + r * stride + 5, count: n, source: 0x6030_2010, inverseAlpha: 0x9F)
      }
    }
    wide.withUnsafeMutableBufferPointer { p in
      WideKernels.srcOverConstantAVX2(
        p.baseAddress! + 5, count: n, rows: rows, stride: stride, source: 0x6030_2010,
        inverseAlpha: 0x9F)
    }
    #expect(wide == portable)
    #expect(wide[4] == d[4] && wide[5 + n] == d[5 + n])
  }

  /// `d` after `srcOverMask` of `color` with `mask`, on the portable path and with AVX2.
  static func maskBothWays(_ d: [UInt32], color: UInt32, mask: [UInt8]) -> (
    portable: [UInt32], wide: [UInt32]
  ) {
    var portable = d
    var wide = d
    mask.withUnsafeBufferPointer { m in
      RowKernels.srcOverMaskPortable(&portable, color: color, mask: m.baseAddress!, count: d.count)
      WideKernels.srcOverMaskAVX2(&wide, color: color, mask: m.baseAddress!, count: d.count)
    }
    return (portable, wide)
  }

  @Test(.enabled(if: WideKernels.cpuHasAVX2)) func coverageRunsMatchThePortableKernelBitForBit() {
    for (j, n) in Self.counts.enumerated() {
      let mask = Self.coverage(n, seed: UInt64(j) &+ 50)
      for color in [0xFF20_4080, 0x8040_2010, 0x0000_0000, 0xFFFF_FFFF] as [UInt32] {
        for d in [Self.pixels(n, seed: UInt64(j)), Self.words(n, seed: UInt64(j))] {
          let (portable, wide) = Self.maskBothWays(d, color: color, mask: mask)
          #expect(wide == portable, "\(n) pixels, colour \(color)")
          #expect(wide != d || color == 0 || mask.allSatisfy { $0 == 0 })
        }
      }
    }
  }

  @Test(.enabled(if: WideKernels.cpuHasAVX2)) func everyCoverageAndAlphaRoundsTheSame() {
    // Every coverage byte for every colour alpha (colour = alpha, the largest
    // premultiplied value), over destinations that run through every byte value.
    let n = 256
    let mask = (0..<n).map { UInt8($0) }
    for a in UInt32(0)...255 {
      let color = a | a << 8 | a << 16 | a << 24
      let d = (0..<UInt32(n)).map { v in v | (255 - v) << 8 | (v / 2) << 16 | (v ^ a) << 24 }
      let (portable, wide) = Self.maskBothWays(d, color: color, mask: mask)
      #expect(wide == portable, "alpha \(a)")
      var p2 = d
      var w2 = d
      RowKernels.srcOverConstantPortable(&p2, count: n, source: color, inverseAlpha: 255 - a)
      WideKernels.srcOverConstantAVX2(&w2, count: n, source: color, inverseAlpha: 255 - a)
      #expect(w2 == p2, "alpha \(a)")
    }
  }
}

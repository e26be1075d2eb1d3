import Testing

@testable import LayerGraphics

/// The separable W3C modes' opaque lookup tables give `W3CBlend.blend`'s float bytes for
/// every backdrop and source byte pair in every channel (the other two channels varying),
/// and only the separable W3C modes have one.
@Suite struct W3CBlendTableTests {
  static let tabled: [CGBlendMode] = [
    .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight, .difference,
    .exclusion,
  ]

  @Test(arguments: tabled)
  func everyBytePairInEveryChannelMatchesTheFloatFormula(_ mode: CGBlendMode) throws {
    let table = try #require(W3CBlend.opaqueTable(mode))
    var mismatches = 0
    var seed: UInt32 = 0x9E37_79B9
    for b in UInt32(0)..<256 {
      for s in UInt32(0)..<256 {
        for shift in [UInt32(0), 8, 16] {
          seed = seed &* 1_664_525 &+ 1_013_904_223
          // The pair in one channel, pseudo-random bytes in the other two.
          let keep = ~(UInt32(0xFF) << shift) & 0x00FF_FFFF
          let sp = (seed & keep) | s << shift | 0xFF00_0000
          let dp = ((seed >> 5 ^ seed << 7) & keep) | b << shift | 0xFF00_0000
          if W3CBlend.blendOpaque(table, sp, dp) != W3CBlend.blend(mode, sp, dp) { mismatches += 1 }
        }
      }
    }
    #expect(mismatches == 0)
  }

  @Test func otherModesHaveNoTable() {
    for mode: CGBlendMode in [
      .normal, .multiply, .screen, .hue, .saturation, .color, .luminosity, .copy,
    ] {
      #expect(W3CBlend.opaqueTable(mode) == nil)
    }
  }
}

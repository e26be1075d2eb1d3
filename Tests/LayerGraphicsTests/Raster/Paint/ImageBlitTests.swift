import Foundation
import LayerGraphics
import Testing

/// Images drawn unscaled at whole pixels take a row blit instead of the coverage pass.
/// Everything here must match, bit for bit (tolerance 0), the per-pixel `PixelMath`
/// formula and the general path, which a clip mask covering the whole bitmap forces.
@Suite struct ImageBlitTests {
  /// `e = scale(s, k)`, then `scale(d, 255 − alpha(e)) + e` as one 32-bit addition (so
  /// colour above alpha carries as in the general path's row kernel), leaving `d` where
  /// `e` is clear. For validly premultiplied pixels it is `PixelMath.srcOver(e, d)`.
  static func reference(_ s: UInt32, over d: UInt32, opacity k: UInt32) -> UInt32 {
    let e = k == 255 ? s : PixelMath.compress(PixelMath.scale(PixelMath.expand(s), k))
    let a = e >> 24
    if a == 0 { return d }
    return PixelMath.compress(PixelMath.scale(PixelMath.expand(d), 255 - a)) &+ e
  }

  /// Seeded source pixels with sixteen-pixel runs that are all opaque or all clear (the
  /// kernel's copy and skip steps) between mixed ones.
  static func sourceRow(_ count: Int, seed: UInt64) -> [UInt32] {
    var rng = SeededPixels(state: seed)
    return (0..<count).map { i in
      switch (i / 16) % 4 {
      case 1: return rng.next() | 0xFF00_0000
      case 3: return 0
      default: return rng.pixel(valid: false)
      }
    }
  }

  @Test(arguments: [1, 3, 4, 15, 16, 17, 35, 64, 100], [UInt32(255), 254, 128, 1, 0])
  func imageRowMatchesPerPixelSourceOver(count: Int, opacity: UInt32) {
    let src = Self.sourceRow(count, seed: UInt64(count) &* 31 &+ UInt64(opacity))
    var rng = SeededPixels(state: UInt64(count) ^ 0xABCD)
    var dst = (0..<count).map { _ in rng.pixel(valid: false) }
    let expected = zip(src, dst).map { Self.reference($0, over: $1, opacity: opacity) }
    src.withUnsafeBufferPointer { s in
      dst.withUnsafeMutableBufferPointer {
        RowKernels.srcOverImageRow($0.baseAddress!, s.baseAddress!, count: count, opacity: opacity)
      }
    }
    #expect(dst == expected)
  }

  /// A 37×23 image of seeded premultiplied pixels. (Colour above alpha is blended by a
  /// 32-bit addition in row kernels but channel by channel where a clip mask applies, so
  /// the two paths agree only on valid pixels.)
  static let image: CGImage = {
    var rng = SeededPixels(state: 7)
    var bytes: [UInt8] = []
    for _ in 0..<(37 * 23) {
      let p = rng.pixel()
      bytes += [UInt8(p & 255), UInt8(p >> 8 & 255), UInt8(p >> 16 & 255), UInt8(p >> 24)]
    }
    return CGImage(width: 37, height: 23, premultipliedRGBA: bytes)!
  }()

  /// A 48×40 bitmap with a seeded background, after `draw`; with `generalPath` the clip
  /// is first set to an ellipse far larger than the bitmap, whose mask is 255 on every
  /// pixel but sends the image through the coverage pass.
  static func drawn(generalPath: Bool, _ draw: (CGContext) -> Void) -> [UInt8] {
    var rng = SeededPixels(state: 3)
    var bytes: [UInt8] = []
    for _ in 0..<(48 * 40) {
      let p = rng.pixel(valid: false)
      bytes += [UInt8(p & 255), UInt8(p >> 8 & 255), UInt8(p >> 16 & 255), UInt8(p >> 24)]
    }
    let ctx = CGContext(width: 48, height: 40)!
    ctx.draw(
      CGImage(width: 48, height: 40, premultipliedRGBA: bytes)!,
      in: CGRect(x: 0, y: 0, width: 48, height: 40))
    if generalPath {
      ctx.addEllipse(in: CGRect(x: -4000, y: -4000, width: 8048, height: 8040))
      ctx.clip()
    }
    draw(ctx)
    return ctx.makeImage()!.pixels
  }

  /// The number of bytes that differ.
  static func differences(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).filter { $0 != $1 }.count + abs(a.count - b.count)
  }

  static let placements: [(x: CGFloat, y: CGFloat)] = [
    (0, 0), (5, 7), (-9, -4), (30, 25), (11, -20), (-36, 39), (47, 0), (60, 60), (2.5, 3),
    (0.25, 0.75),
  ]

  @Test(arguments: placements, [CGFloat(1), 0.5, 0.0])
  func drawMatchesGeneralPath(placement: (x: CGFloat, y: CGFloat), alpha: CGFloat) {
    func draw(_ ctx: CGContext) {
      ctx.setAlpha(alpha)
      ctx.draw(Self.image, in: CGRect(x: placement.x, y: placement.y, width: 37, height: 23))
    }
    #expect(
      Self.differences(Self.drawn(generalPath: false, draw), Self.drawn(generalPath: true, draw))
        == 0)
  }

  @Test(arguments: [0.3, 1.0])
  func drawMatchesPerPixelFormulaWithinClipBox(alpha: CGFloat) {
    let before = Self.drawn(generalPath: false) { _ in }
    let after = Self.drawn(generalPath: false) { ctx in
      ctx.setAlpha(alpha)
      ctx.clip(to: CGRect(x: 8, y: 6, width: 20, height: 30))
      ctx.translateBy(x: 4, y: 2)
      ctx.draw(Self.image, in: CGRect(x: 0, y: 0, width: 37, height: 23))
    }
    let k = UInt32(alpha * 255 + 0.5)
    func word(_ b: [UInt8], _ i: Int) -> UInt32 {
      UInt32(b[i * 4]) | UInt32(b[i * 4 + 1]) << 8 | UInt32(b[i * 4 + 2]) << 16 | UInt32(
        b[i * 4 + 3]) << 24
    }
    var mismatches = 0
    for y in 0..<40 {
      for x in 0..<48 {
        let i = y * 48 + x
        let d = word(before, i)
        let inside = x >= 8 && x < 28 && y >= 6 && y < 25
        let expected =
          inside
          ? Self.reference(word(Self.image.pixels, (y - 2) * 37 + x - 4), over: d, opacity: k) : d
        if word(after, i) != expected { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test(arguments: [true, false], [CGInterpolationQuality.none, .default])
  func antialiasAndInterpolationDoNotChangeTheBlit(antialias: Bool, quality: CGInterpolationQuality)
  {
    func draw(_ ctx: CGContext) {
      ctx.setShouldAntialias(antialias)
      ctx.interpolationQuality = quality
      ctx.translateBy(x: 3, y: 9)
      ctx.draw(Self.image, in: CGRect(x: -1, y: 2, width: 37, height: 23))
    }
    #expect(
      Self.differences(Self.drawn(generalPath: false, draw), Self.drawn(generalPath: true, draw))
        == 0)
  }

  @Test(arguments: 0...27)
  func everyBlendModeMatchesGeneralPath(mode: Int32) {
    guard let blend = CGBlendMode(rawValue: mode) else { return }
    func draw(_ ctx: CGContext) {
      ctx.setBlendMode(blend)
      ctx.setAlpha(0.7)
      ctx.draw(Self.image, in: CGRect(x: 6, y: 4, width: 37, height: 23))
    }
    #expect(
      Self.differences(Self.drawn(generalPath: false, draw), Self.drawn(generalPath: true, draw))
        == 0)
  }

  @Test func scaledOrFlippedPlacementsStillMatchGeneralPath() {
    for rect in [
      CGRect(x: 3, y: 3, width: 38, height: 23), CGRect(x: 3, y: 3, width: 37, height: 22.5),
    ] {
      let draw = { (ctx: CGContext) in ctx.draw(Self.image, in: rect) }
      #expect(
        Self.differences(Self.drawn(generalPath: false, draw), Self.drawn(generalPath: true, draw))
          == 0)
    }
    let flipped = { (ctx: CGContext) in
      ctx.translateBy(x: 0, y: 40)
      ctx.scaleBy(x: 1, y: -1)
      ctx.draw(Self.image, in: CGRect(x: 4, y: 5, width: 37, height: 23))
    }
    #expect(
      Self.differences(
        Self.drawn(generalPath: false, flipped), Self.drawn(generalPath: true, flipped)) == 0)
  }
}

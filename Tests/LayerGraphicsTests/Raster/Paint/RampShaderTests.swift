import Foundation
import Testing

@testable import LayerGraphics

/// `RampShader` paints each pixel with the table entry of the ramp position its centre
/// maps to (axial, elliptical, conic), through a fill's or a stroke's coverage.
@Suite struct RampShaderTests {
  /// 256 opaque greys: entry k is (k, k, k, 255).
  static let greys: [UInt32] = (0..<256).map { k in 0xFF00_0000 | UInt32(k) * 0x01_0101 }

  /// The table entry a ramp position picks.
  static func entry(_ t: Double) -> UInt32 { greys[Int(min(max(t, 0), 1) * 255 + 0.5)] }

  /// A 16 × 16 bitmap with its whole area filled by `ramp` under `ctm`.
  static func fill(_ ramp: RampShader, ctm: CGAffineTransform = .identity, alpha: CGFloat = 1)
    -> CGContext
  {
    let ctx = CGContext(width: 16, height: 16)!
    ctx.concatenate(ctm)
    ctx.setAlpha(alpha)
    ctx.addRect(CGRect(x: 0, y: 0, width: 16, height: 16).applying(ctm.inverted()))
    ctx.fillPath(using: .winding, paint: .ramp(ramp))
    return ctx
  }

  static func pixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> UInt32 {
    ctx.data!.assumingMemoryBound(to: UInt32.self)[y * ctx.bytesPerRow / 4 + x]
  }

  @Test func axialRampsTakeTheEntryAtEachPixelCentre() {
    // u = x / 16 in user space, which the CTM scales by 2: device pixel x is at u = (x + ½) / 32.
    let ramp = RampShader(
      kind: .axial, userToRamp: CGAffineTransform(scaleX: 1.0 / 16, y: 0), table: Self.greys)
    let ctx = Self.fill(ramp, ctm: CGAffineTransform(scaleX: 2, y: 2))
    for x in 0..<16 {
      #expect(Self.pixel(ctx, x, 5) == Self.entry((Double(x) + 0.5) / 32), "x = \(x)")
    }
    // Beyond the ends the end entries extend.
    let shifted = RampShader(
      kind: .axial, userToRamp: CGAffineTransform(a: 0.25, b: 0, c: 0, d: 0, tx: -1, ty: 0),
      table: Self.greys)
    let ends = Self.fill(shifted)
    #expect(Self.pixel(ends, 0, 0) == Self.greys[0])
    #expect(Self.pixel(ends, 15, 0) == Self.greys[255])
    #expect(Self.pixel(ends, 6, 0) == Self.entry(0.25 * 6.5 - 1))
  }

  @Test func ellipticalRampsGrowWithTheDistanceFromTheCentre() {
    // Centre (8, 8), radii 8 and 4.
    let m = CGAffineTransform(translationX: -8, y: -8).concatenating(
      CGAffineTransform(scaleX: 1.0 / 8, y: 1.0 / 4))
    let ctx = Self.fill(RampShader(kind: .elliptical, userToRamp: m, table: Self.greys))
    for (x, y) in [(8, 8), (12, 8), (8, 10), (15, 15), (0, 3)] {
      let u = (Double(x) + 0.5 - 8) / 8
      let v = (Double(y) + 0.5 - 8) / 4
      #expect(Self.pixel(ctx, x, y) == Self.entry((u * u + v * v).squareRoot()), "(\(x), \(y))")
    }
  }

  @Test func conicRampsTurnOnceAroundTheCentre() {
    let ctx = Self.fill(
      RampShader(
        kind: .conic, userToRamp: CGAffineTransform(translationX: -8, y: -8), table: Self.greys))
    for (x, y) in [(12, 8), (8, 12), (3, 8), (8, 3), (14, 14)] {
      var a = atan2(Double(y) + 0.5 - 8, Double(x) + 0.5 - 8) / (2 * .pi)
      a -= a.rounded(.down)
      #expect(Self.pixel(ctx, x, y) == Self.entry(a), "(\(x), \(y))")
    }
  }

  @Test func theAlphaScalesTheColoursAndStrokesPaintOnlyTheirCoverage() {
    let flat = RampShader(
      kind: .axial, userToRamp: CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 0),
      table: Self.greys)
    let half = Self.fill(flat, alpha: 0.5)
    #expect(Self.pixel(half, 3, 3) == 0x8080_8080, "white at half opacity, premultiplied")
    let ctx = CGContext(width: 16, height: 16)!
    ctx.setLineWidth(2)
    ctx.move(to: CGPoint(x: 0, y: 8))
    ctx.addLine(to: CGPoint(x: 16, y: 8))
    ctx.strokePath(paint: .ramp(flat))
    #expect(Self.pixel(ctx, 5, 7) == Self.greys[255])
    #expect(Self.pixel(ctx, 5, 8) == Self.greys[255])
    #expect(Self.pixel(ctx, 5, 4) == 0)
    #expect(ctx.isPathEmpty)
  }
}

import Foundation
import LayerGraphics
import Testing

/// Exact coverages through the rasterizer's per-rule sweeps and its vertical-edge path.
@Suite struct SweepSpecialisationTests {
  /// A rectangle with fractional vertical sides, taller than a band (32 rows) and starting
  /// mid-row: its side columns have the exact fraction covered, on every row.
  @Test(arguments: [
    (x: 10.25, right: 20.75, left: 191, rightAlpha: 191),
    (x: 3.5, right: 40.125, left: 128, rightAlpha: 32),
  ])
  func verticalSidesCoverTheirExactFraction(x: Double, right: Double, left: Int, rightAlpha: Int) {
    let img = render(48, 80, background: nil) { ctx in
      ctx.fill(CGRect(x: x, y: 2.5, width: right - x, height: 70))
    }
    let l = Int(x)
    let r = Int(right)
    for y in 3..<72 {
      #expect(Int(img.pixel(x: l, y: y).a) == left)
      #expect(Int(img.pixel(x: r, y: y).a) == rightAlpha)
      #expect(img.pixel(x: l + 1, y: y).a == 255)
      #expect(img.pixel(x: l - 1, y: y).a == 0)
    }
    // The half-covered top and bottom rows.
    #expect(img.pixel(x: l + 1, y: 2).a == 128)
    #expect(img.pixel(x: l + 1, y: 72).a == 128)
  }

  /// Without antialiasing both rules give only 0 or 255, and even-odd leaves the overlap
  /// of two squares empty where non-zero fills it.
  @Test(arguments: [CGPathFillRule.winding, .evenOdd])
  func aliasedFillsAreWholePixels(rule: CGPathFillRule) {
    let img = render(40, 40, background: nil) { ctx in
      ctx.setShouldAntialias(false)
      ctx.addEllipse(in: CGRect(x: 2.3, y: 2.7, width: 25, height: 25))
      ctx.addEllipse(in: CGRect(x: 12.1, y: 12.4, width: 25, height: 25))
      ctx.fillPath(using: rule)
    }
    for i in stride(from: 3, to: img.pixels.count, by: 4) {
      #expect(img.pixels[i] == 0 || img.pixels[i] == 255)
    }
    #expect(img.pixel(x: 20, y: 20).a == (rule == .evenOdd ? 0 : 255))
    #expect(img.pixel(x: 8, y: 15).a == 255)
  }
}

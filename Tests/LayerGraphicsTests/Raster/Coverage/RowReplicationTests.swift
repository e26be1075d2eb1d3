import Foundation
@_spi(Benchmarks) import LayerGraphics
import Testing

/// Rows crossed only by whole vertical edges repeat the row above instead of being
/// scan-converted again; every picture must be the same, pixel for pixel, as without
/// that shortcut.
@Suite struct RowReplicationTests {
  /// One drawing, rendered with and without row replication (100 rows: runs cross the
  /// 32-row bands), on a grey background with translucent paint, so a span blitted twice
  /// or missed would show.
  private func bothWays(_ draw: (CGContext) -> Void) -> (replicated: CGImage, computed: CGImage) {
    func one(_ replicates: Bool) -> CGImage {
      let ctx = CGContext(width: 96, height: 100)!
      ctx.replicatesRows = replicates
      ctx.setFillColor(CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
      ctx.fill(CGRect(x: 0, y: 0, width: 96, height: 100))
      draw(ctx)
      return ctx.makeImage()!
    }
    return (one(true), one(false))
  }

  private func expectSame(_ images: (replicated: CGImage, computed: CGImage)) {
    let a = images.replicated.pixels
    let b = images.computed.pixels
    #expect(a.count == b.count)
    let differing = zip(a, b).filter { $0 != $1 }.count
    #expect(differing == 0, "bytes that differ from the computed rows")
  }

  private static let translucent = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.6)

  @Test(arguments: [
    CGRect(x: 10, y: 5, width: 40, height: 80), CGRect(x: 10.25, y: 2.5, width: 60.5, height: 93.3),
    CGRect(x: -20, y: 0.7, width: 50.1, height: 99.3),
    CGRect(x: 3.5, y: 31.5, width: 1, height: 33),
  ])
  func rectanglesMatchTheComputedRows(rect: CGRect) {
    expectSame(
      bothWays { ctx in
        ctx.setFillColor(Self.translucent)
        ctx.fill(rect)
      })
  }

  @Test(arguments: [
    (radius: 8.0, lineWidth: 1.0), (radius: 12.5, lineWidth: 3.0), (radius: 3.0, lineWidth: 0.5),
  ])
  func roundedRectFillAndBorderMatchTheComputedRows(radius: Double, lineWidth: Double) {
    expectSame(
      bothWays { ctx in
        let path = roundedRectPath(
          CGRect(x: 7.3, y: 4.6, width: 70.2, height: 88.9), radius: radius)
        ctx.setFillColor(Self.translucent)
        ctx.addPath(path)
        ctx.fillPath()
        ctx.setLineWidth(lineWidth)
        ctx.setStrokeColor(CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 0.7))
        ctx.addPath(path)
        ctx.strokePath()
      })
  }

  /// Vertical edges that start and end at whole and at fractional rows in the middle of
  /// another shape's run of identical rows, with both windings, under both fill rules.
  @Test(arguments: [CGPathFillRule.winding, .evenOdd])
  func edgesStartingInsideARunMatchTheComputedRows(rule: CGPathFillRule) {
    expectSame(
      bothWays { ctx in
        ctx.setFillColor(Self.translucent)
        ctx.addRect(CGRect(x: 10, y: 2.5, width: 70, height: 90))
        ctx.addRect(CGRect(x: 20.25, y: 40, width: 10.5, height: 20))  // whole-row top and bottom
        ctx.addRect(CGRect(x: 24.5, y: 45.3, width: 30, height: 24.4))  // fractional top and bottom
        // Drawn the other way round: opposite winding.
        ctx.move(to: CGPoint(x: 60.75, y: 31))
        ctx.addLine(to: CGPoint(x: 60.75, y: 70.5))
        ctx.addLine(to: CGPoint(x: 70.25, y: 70.5))
        ctx.addLine(to: CGPoint(x: 70.25, y: 31))
        ctx.closePath()
        ctx.fillPath(using: rule)
      })
  }

  /// A run interrupted by a sloped edge in the middle (a triangle notch on one side).
  @Test func runsBrokenBySlopedEdgesMatchTheComputedRows() {
    expectSame(
      bothWays { ctx in
        ctx.setFillColor(Self.translucent)
        ctx.move(to: CGPoint(x: 12.5, y: 3))
        ctx.addLine(to: CGPoint(x: 80.5, y: 3))
        ctx.addLine(to: CGPoint(x: 80.5, y: 40.2))
        ctx.addLine(to: CGPoint(x: 60.1, y: 50.7))
        ctx.addLine(to: CGPoint(x: 80.5, y: 61.3))
        ctx.addLine(to: CGPoint(x: 80.5, y: 97))
        ctx.addLine(to: CGPoint(x: 12.5, y: 97))
        ctx.closePath()
        ctx.fillPath()
      })
  }

  @Test(arguments: [CGPathFillRule.winding, .evenOdd])
  func aliasedFillsMatchTheComputedRows(rule: CGPathFillRule) {
    expectSame(
      bothWays { ctx in
        ctx.setShouldAntialias(false)
        ctx.setFillColor(Self.translucent)
        ctx.addPath(roundedRectPath(CGRect(x: 5.5, y: 3.4, width: 60.2, height: 90.3), radius: 9))
        ctx.addRect(CGRect(x: 30.5, y: 20.5, width: 50, height: 40))
        ctx.fillPath(using: rule)
      })
  }

  /// Under a clip mask (an ellipse) the repeated rows are clipped at their own `y`.
  @Test func clippedFillsMatchTheComputedRows() {
    expectSame(
      bothWays { ctx in
        ctx.addEllipse(in: CGRect(x: 4.5, y: 6.2, width: 85, height: 88))
        ctx.clip()
        ctx.setFillColor(Self.translucent)
        ctx.addPath(roundedRectPath(CGRect(x: 2.5, y: 1.5, width: 80, height: 96.5), radius: 6))
        ctx.fillPath()
        ctx.setLineWidth(1)
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0.8))
        ctx.stroke(CGRect(x: 20.5, y: 10.5, width: 40, height: 70))
      })
  }

  /// The frame is shared between rows: replicated rows still blend onto what is below
  /// them (here a gradient of earlier fills), not onto a copy of the run's first row.
  @Test func replicatedRowsBlendOntoTheirOwnBackground() {
    let images = bothWays { ctx in
      for y in 0..<100 {
        ctx.setFillColor(CGColor(red: Double(y) / 100, green: 0.2, blue: 0.3, alpha: 1))
        ctx.fill(CGRect(x: 0, y: y, width: 96, height: 1))
      }
      ctx.setFillColor(Self.translucent)
      ctx.fill(CGRect(x: 10.5, y: 10, width: 50, height: 80))
    }
    expectSame(images)
    #expect(images.replicated.pixel(x: 30, y: 20).r != images.replicated.pixel(x: 30, y: 70).r)
  }
}

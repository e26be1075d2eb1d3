import Foundation
import LayerGraphics
import LayerKitTestSupport
import Testing

/// Strokes: joins, caps, miter limit, dashes, dots, transformed pens.
@Suite struct StrokeGoldenTests {
  static let ink = CGColor(red: 0.15, green: 0.2, blue: 0.45, alpha: 1)

  @Test(arguments: [
    (join: CGLineJoin.miter, cap: CGLineCap.butt, name: "stroke-miter-butt"),
    (join: .round, cap: .round, name: "stroke-round-round"),
    (join: .bevel, cap: .square, name: "stroke-bevel-square"),
  ])
  func joinsAndCaps(join: CGLineJoin, cap: CGLineCap, name: String) {
    let img = render(100, 64) { ctx in
      ctx.setStrokeColor(Self.ink)
      ctx.setLineWidth(9)
      ctx.setLineJoin(join)
      ctx.setLineCap(cap)
      ctx.move(to: CGPoint(x: 10, y: 50))
      ctx.addLine(to: CGPoint(x: 30, y: 12))
      ctx.addLine(to: CGPoint(x: 50, y: 50))
      ctx.addLine(to: CGPoint(x: 90, y: 30))
      ctx.strokePath()
      // A thin centre line shows where the path runs.
      ctx.setStrokeColor(CGColor(red: 1, green: 0.3, blue: 0.3, alpha: 1))
      ctx.setLineWidth(1)
      ctx.setLineCap(.butt)
      ctx.move(to: CGPoint(x: 10, y: 50))
      ctx.addLine(to: CGPoint(x: 30, y: 12))
      ctx.addLine(to: CGPoint(x: 50, y: 50))
      ctx.addLine(to: CGPoint(x: 90, y: 30))
      ctx.strokePath()
    }
    assertMatchesGolden(img, named: name)
  }

  @Test func miterLimitBevelsSharpCorners() {
    let img = render(96, 64) { ctx in
      ctx.setStrokeColor(Self.ink)
      ctx.setLineWidth(6)
      for (k, limit) in [CGFloat(10), 2].enumerated() {
        ctx.setMiterLimit(limit)
        let x = 12 + CGFloat(k) * 46
        ctx.move(to: CGPoint(x: x, y: 56))
        ctx.addLine(to: CGPoint(x: x + 14, y: 10))
        ctx.addLine(to: CGPoint(x: x + 28, y: 56))
        ctx.strokePath()
      }
    }
    assertMatchesGolden(img, named: "stroke-miter-limit")
  }

  @Test func closedCurvesAndRectangles() {
    let img = render(96, 64) { ctx in
      ctx.setStrokeColor(Self.ink)
      ctx.setLineWidth(4)
      ctx.strokeEllipse(in: CGRect(x: 6, y: 6, width: 40, height: 52))
      ctx.stroke(CGRect(x: 54.5, y: 8.5, width: 34, height: 20), width: 3)
      ctx.addPath(starPath(center: CGPoint(x: 72, y: 46), outer: 15, inner: 7, points: 5))
      ctx.setLineWidth(1.5)
      ctx.strokePath()
    }
    assertMatchesGolden(img, named: "stroke-closed-curves")
  }

  @Test func dashesWithPhaseAndCaps() {
    let img = render(100, 64) { ctx in
      ctx.setStrokeColor(Self.ink)
      ctx.setLineWidth(4)
      ctx.setLineDash(phase: 0, lengths: [10, 5])
      ctx.move(to: CGPoint(x: 6, y: 8))
      ctx.addLine(to: CGPoint(x: 94, y: 8))
      ctx.strokePath()
      ctx.setLineDash(phase: 7, lengths: [10, 5])
      ctx.move(to: CGPoint(x: 6, y: 20))
      ctx.addLine(to: CGPoint(x: 94, y: 20))
      ctx.strokePath()
      ctx.setLineCap(.round)
      ctx.setLineDash(phase: 0, lengths: [0, 8])
      ctx.move(to: CGPoint(x: 6, y: 32))
      ctx.addLine(to: CGPoint(x: 94, y: 32))
      ctx.strokePath()
      ctx.setLineCap(.butt)
      ctx.setLineWidth(2)
      ctx.setLineDash(phase: 0, lengths: [6, 3, 2, 3])
      ctx.addEllipse(in: CGRect(x: 30, y: 38, width: 40, height: 22))
      ctx.strokePath()
    }
    assertMatchesGolden(img, named: "stroke-dashes")
  }

  @Test func zeroLengthSubpathsDrawDotsWithRoundAndSquareCaps() {
    let img = render(48, 16) { ctx in
      ctx.setStrokeColor(Self.ink)
      ctx.setLineWidth(8)
      for (k, cap) in [CGLineCap.butt, .round, .square].enumerated() {
        ctx.setLineCap(cap)
        let p = CGPoint(x: 8 + CGFloat(k) * 16, y: 8)
        ctx.move(to: p)
        ctx.addLine(to: p)
        ctx.strokePath()
      }
    }
    assertMatchesGolden(img, named: "stroke-dots")
    #expect(img.pixel(x: 8, y: 8) == (255, 255, 255, 255))
    #expect(img.pixel(x: 24, y: 8).r < 100)
    #expect(img.pixel(x: 43, y: 11).r < 100)  // square corner
    #expect(img.pixel(x: 27, y: 11).r > 150)  // outside the round dot
  }

  @Test func strokesUnderNonUniformScaleShapeThePen() {
    let img = render(96, 64) { ctx in
      ctx.scaleBy(x: 3, y: 1)
      ctx.setStrokeColor(Self.ink)
      ctx.setLineWidth(3)
      ctx.strokeEllipse(in: CGRect(x: 4, y: 6, width: 24, height: 52))
    }
    assertMatchesGolden(img, named: "stroke-scaled-pen")
  }

  @Test func lineSegmentsAreIndependent() {
    let img = render(64, 64) { ctx in
      ctx.setStrokeColor(Self.ink)
      ctx.setLineWidth(2)
      var pts: [CGPoint] = []
      for k in 0..<8 {
        let a = CGFloat(k) * .pi / 8
        pts.append(CGPoint(x: 32 + 28 * cos(a), y: 32 + 28 * sin(a)))
        pts.append(CGPoint(x: 32 - 28 * cos(a), y: 32 - 28 * sin(a)))
      }
      ctx.strokeLineSegments(between: pts)
    }
    assertMatchesGolden(img, named: "stroke-line-segments")
  }

  @Test func strokedPathCopyCoversTheExpectedArea() {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 10, y: 20))
    p.addLine(to: CGPoint(x: 50, y: 20))
    let outline = p.copy(strokingWithWidth: 6, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
    let img = render(64, 40, background: nil) { ctx in
      ctx.addPath(outline)
      ctx.fillPath()
    }
    #expect(abs(coveredArea(img) - 240) < 0.01)
    let squared = p.copy(strokingWithWidth: 6, lineCap: .square, lineJoin: .miter, miterLimit: 10)
    let img2 = render(64, 40, background: nil) { ctx in
      ctx.addPath(squared)
      ctx.fillPath()
    }
    #expect(abs(coveredArea(img2) - 276) < 0.01)
  }

  @Test func dashedPathCopyHasOneSubpathPerDash() {
    let p = CGMutablePath()
    p.move(to: .zero)
    p.addLine(to: CGPoint(x: 100, y: 0))
    let dashed = p.copy(dashingWithPhase: 5, lengths: [10, 10])
    let moves = dashed.elements.filter {
      if case .moveTo = $0 { return true } else { return false }
    }
    // Phase 5: a 5-long dash first, then dashes at 15, 35, 55, 75, 95.
    #expect(moves.count == 6)
    #expect(dashed.elements.first == .moveTo(.zero))
    #expect(dashed.elements[1] == .lineTo(CGPoint(x: 5, y: 0)))
  }
}

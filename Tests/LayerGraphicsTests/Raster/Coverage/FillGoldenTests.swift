import Foundation
import LayerGraphics
import LayerKitTestSupport
import Testing

/// Fills, fill rules and the path API, against golden PNGs.
@Suite struct FillGoldenTests {
  static let red = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
  static let blue = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.7)

  @Test func rectanglesEllipsesAndTranslucency() {
    let img = render(96, 64) { ctx in
      ctx.setFillColor(Self.red)
      ctx.fill(CGRect(x: 4.5, y: 4.25, width: 40, height: 24))
      ctx.setFillColor(Self.blue)
      ctx.fillEllipse(in: CGRect(x: 24, y: 14, width: 60, height: 40))
      ctx.setFillColor(red: 0.1, green: 0.7, blue: 0.2, alpha: 0.5)
      ctx.fill([
        CGRect(x: 60, y: 4, width: 30, height: 10), CGRect(x: 70, y: 8, width: 10, height: 50),
      ])
    }
    assertMatchesGolden(img, named: "fill-rects-ellipses")
  }

  /// Seed 004's fill-rule figure: concentric circles drawn in the same or opposite
  /// directions, filled with each rule.
  @Test(arguments: [
    (rule: CGPathFillRule.winding, sameDirection: true, name: "concentric-winding-same"),
    (rule: .winding, sameDirection: false, name: "concentric-winding-opposite"),
    (rule: .evenOdd, sameDirection: true, name: "concentric-evenodd-same"),
    (rule: .evenOdd, sameDirection: false, name: "concentric-evenodd-opposite"),
  ])
  func concentricCircles(rule: CGPathFillRule, sameDirection: Bool, name: String) {
    let img = render(80, 80) { ctx in
      let c = CGPoint(x: 40, y: 40)
      ctx.addArc(center: c, radius: 34, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
      ctx.closePath()
      ctx.move(to: CGPoint(x: 58, y: 40))
      ctx.addArc(center: c, radius: 18, startAngle: 0, endAngle: 2 * .pi, clockwise: !sameDirection)
      ctx.closePath()
      ctx.setFillColor(CGColor(red: 0.2, green: 0.5, blue: 0.8, alpha: 1))
      ctx.fillPath(using: rule)
    }
    assertMatchesGolden(img, named: name)
    // The centre is filled exactly when the winding there is odd, or non-zero.
    let centre = img.pixel(x: 40, y: 40)
    let filled = rule == .winding && sameDirection
    #expect((centre.r < 128) == filled)
  }

  @Test func starsWithCubicEdgesInBothRules() {
    let img = render(128, 64) { ctx in
      ctx.setFillColor(CGColor(red: 0.8, green: 0.5, blue: 0.1, alpha: 0.9))
      ctx.addPath(starPath(center: CGPoint(x: 32, y: 32), outer: 28, inner: 12, points: 7))
      ctx.fillPath(using: .winding)
      // A pentagram (self-intersecting) shows the rules' difference.
      for rule in [CGPathFillRule.winding, .evenOdd] {
        let cx: CGFloat = rule == .winding ? 80 : 112
        ctx.move(to: CGPoint(x: cx, y: 6))
        for k in 1...5 {
          let a = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
          ctx.addLine(to: CGPoint(x: cx + 15 * cos(a), y: 32 + 26 * sin(a) + 0))
        }
        ctx.closePath()
        ctx.fillPath(using: rule)
      }
    }
    assertMatchesGolden(img, named: "fill-stars")
  }

  @Test func quadCurvesArcsAndTransforms() {
    let img = render(96, 96) { ctx in
      ctx.setFillColor(CGColor(red: 0.3, green: 0.6, blue: 0.3, alpha: 1))
      ctx.move(to: CGPoint(x: 8, y: 40))
      ctx.addQuadCurve(to: CGPoint(x: 88, y: 40), control: CGPoint(x: 48, y: -20))
      ctx.closePath()
      ctx.fillPath()
      ctx.saveGState()
      ctx.translateBy(x: 48, y: 68)
      ctx.rotate(by: .pi / 7)
      ctx.scaleBy(x: 1.5, y: 0.75)
      ctx.setFillColor(Self.blue)
      // A pie slice: line to the arc, the arc clockwise on screen, back to the centre.
      ctx.move(to: .zero)
      ctx.addArc(center: .zero, radius: 24, startAngle: 0, endAngle: .pi * 1.2, clockwise: false)
      ctx.closePath()
      ctx.fillPath()
      ctx.restoreGState()
      ctx.setFillColor(Self.red)
      ctx.addRects([
        CGRect(x: 2, y: 86, width: 8, height: 8), CGRect(x: 86, y: 86, width: 8, height: 8),
      ])
      ctx.fillPath()
    }
    assertMatchesGolden(img, named: "fill-curves-transforms")
  }

  @Test func roundedRectanglesAsInTheBenchmark() {
    let img = render(128, 96) { ctx in
      for k in 0..<6 {
        let r = CGRect(
          x: 6.3 + CGFloat(k) * 17.1, y: 5.6 + CGFloat(k) * 11.4, width: 40.5, height: 30.25)
        let p = roundedRectPath(r, radius: 8)
        ctx.setFillColor(
          CGColor(red: CGFloat(k) / 6, green: 0.4, blue: 1 - CGFloat(k) / 6, alpha: 0.55))
        ctx.addPath(p)
        ctx.fillPath()
        ctx.setStrokeColor(CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 0.9))
        ctx.addPath(p)
        ctx.strokePath()
      }
    }
    assertMatchesGolden(img, named: "fill-rounded-rects")
  }

  @Test func clearMakesPixelsTransparent() {
    let img = render(32, 32) { ctx in
      ctx.clear(CGRect(x: 8, y: 8, width: 16, height: 16.5))
    }
    assertMatchesGolden(img, named: "clear-rect")
    #expect(img.pixel(x: 16, y: 16).a == 0)
    #expect(abs(Int(img.pixel(x: 16, y: 24).a) - 128) <= 1)
  }

  @Test func drawPathModesFillThenStroke() {
    let img = render(96, 48) { ctx in
      ctx.setFillColor(CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 1))
      ctx.setStrokeColor(CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1))
      ctx.setLineWidth(3)
      let modes: [CGPathDrawingMode] = [.fill, .stroke, .fillStroke]
      for (k, mode) in modes.enumerated() {
        ctx.addEllipse(in: CGRect(x: 6 + CGFloat(k) * 30, y: 10, width: 26, height: 28))
        ctx.drawPath(using: mode)
      }
    }
    assertMatchesGolden(img, named: "draw-path-modes")
  }
}

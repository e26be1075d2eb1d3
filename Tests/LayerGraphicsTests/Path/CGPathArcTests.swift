import Foundation
import Testing

@testable import LayerGraphics

@Suite struct CGPathArcTests {
  @Test func quarterArcCounterClockwiseInYUpGoesFromPlusXToPlusY() {
    let p = CGMutablePath()
    p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    let k = 10 * quarterCircleKappa
    #expect(p.elements.count == 2)
    #expect(p.elements[0] == .moveTo(CGPoint(x: 10, y: 0)))
    guard case .curveTo(let end, let c1, let c2) = p.elements[1] else {
      Issue.record("expected one cubic")
      return
    }
    #expect(close(end, CGPoint(x: 0, y: 10), 1e-12))
    #expect(close(c1, CGPoint(x: 10, y: k), 1e-12))
    #expect(close(c2, CGPoint(x: k, y: 10), 1e-12))
  }

  /// (start, end, clockwise, pieces, end points after the first): angles from +x to +y.
  @Test(arguments: [
    (0.0, Double.pi / 2, true, [CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1)]),
    (0.0, Double.pi, false, [CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0)]),
    (0.0, Double.pi, true, [CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0)]),
    (3 * Double.pi / 2, Double.pi, true, [CGPoint(x: -1, y: 0)]),
    (
      0.0, 2 * Double.pi, false,
      [CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -1), CGPoint(x: 1, y: 0)]
    ),
    (
      0.0, 9 * Double.pi, false,
      [CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -1), CGPoint(x: 1, y: 0)]
    ),
    // A whole number of turns against the direction is still a whole circle.
    (
      0.0, 2 * Double.pi, true,
      [CGPoint(x: 0, y: -1), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 0)]
    ),
    (
      0.0, -2 * Double.pi, false,
      [CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -1), CGPoint(x: 1, y: 0)]
    ),
    (Double.pi / 2, 0.0, false, [CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -1), CGPoint(x: 1, y: 0)]),
  ])
  func arcDirectionAndSplitting(start: Double, end: Double, clockwise: Bool, ends: [CGPoint]) {
    let p = CGMutablePath()
    p.addArc(
      center: .zero, radius: 1, startAngle: CGFloat(start), endAngle: CGFloat(end),
      clockwise: clockwise)
    let points = p.elementEndPoints
    #expect(points.count == ends.count + 1)
    #expect(close(points[0], CGPoint(x: cos(start), y: sin(start)), 1e-12))
    for (a, b) in zip(points.dropFirst(), ends) { #expect(close(a, b, 1e-12)) }
  }

  @Test func equalAnglesAddOnlyTheStartPoint() {
    let p = CGMutablePath()
    p.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 1, endAngle: 1, clockwise: false)
    #expect(p.elements.count == 1)
  }

  @Test func arcJoinsTheCurrentPointWithALine() {
    // Seed 004: two arcs added without painting in between are joined by a line.
    let p = CGMutablePath()
    let c = CGPoint(x: 45, y: 45)
    p.addArc(center: c, radius: 30, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    p.addArc(center: c, radius: 30, startAngle: 3 * .pi / 2, endAngle: .pi, clockwise: true)
    let e = p.elements
    guard case .lineTo(let joint) = e[2] else {
      Issue.record("expected a joining line")
      return
    }
    #expect(close(joint, CGPoint(x: 45, y: 15), 1e-12))
    #expect(close(p.currentPoint, CGPoint(x: 15, y: 45), 1e-12))
    // The second arc is the upper-left quarter (in y-down): it bulges towards (23.8, 23.8).
    #expect(p.contains(CGPoint(x: 25, y: 25)))
  }

  @Test func relativeArcTurnsByDelta() {
    let p = CGMutablePath()
    p.addRelativeArc(center: CGPoint(x: 1, y: 1), radius: 2, startAngle: .pi, delta: -.pi / 2)
    #expect(close(p.elementEndPoints.first!, CGPoint(x: -1, y: 1), 1e-12))
    #expect(close(p.currentPoint, CGPoint(x: 1, y: 3), 1e-12))
  }

  @Test func arcHonoursTheTransform() {
    let p = CGMutablePath()
    p.addArc(
      center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: false,
      transform: CGAffineTransform(scaleX: 1, y: -1))
    #expect(close(p.currentPoint, CGPoint(x: 0, y: -1), 1e-12))
  }

  @Test func badArcArgumentsAddNothing() {
    let p = CGMutablePath()
    p.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
    p.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
    p.addRelativeArc(center: .zero, radius: 1, startAngle: .infinity, delta: 1)
    #expect(p.isEmpty)
  }

  @Test func tangentArcRoundsACorner() {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 0, y: 0))
    p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
    let e = p.elements
    #expect(e[1] == .lineTo(CGPoint(x: 6, y: 0)))
    #expect(close(p.currentPoint, CGPoint(x: 10, y: 4), 1e-12))
    // The arc's midpoint lies on the circle about (6, 4).
    let mid = PathSegment(
      cubic: CGPoint(x: 6, y: 0), p.storage.points[2], p.storage.points[3], p.storage.points[4]
    ).point(at: 0.5)
    #expect(abs(mid.distance(to: CGPoint(x: 6, y: 4)) - 4) < 4 * 3e-4)
  }

  @Test func tangentArcWithCollinearPointsIsALine() {
    let p = CGMutablePath()
    p.move(to: .zero)
    p.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 3)
    #expect(p.elements == [.moveTo(.zero), .lineTo(CGPoint(x: 5, y: 0))])
  }

  @Test func seedRoundedRectFromTangentArcsMatchesTheBuiltInShape() {
    // Seed 000: RoundedRectArcShape drawn with lines and tangent arcs, clockwise on screen.
    let rect = CGRect(x: 0, y: 0, width: 200, height: 150)
    let r: CGFloat = 20
    let p = CGMutablePath()
    p.move(to: CGPoint(x: rect.minX + r, y: rect.minY))
    p.addLine(to: CGPoint(x: rect.maxX - r, y: rect.minY))
    p.addArc(
      tangent1End: CGPoint(x: rect.maxX, y: rect.minY),
      tangent2End: CGPoint(x: rect.maxX, y: rect.minY + r), radius: r)
    p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - r))
    p.addArc(
      tangent1End: CGPoint(x: rect.maxX, y: rect.maxY),
      tangent2End: CGPoint(x: rect.maxX - r, y: rect.maxY), radius: r)
    p.addLine(to: CGPoint(x: rect.minX + r, y: rect.maxY))
    p.addArc(
      tangent1End: CGPoint(x: rect.minX, y: rect.maxY),
      tangent2End: CGPoint(x: rect.minX, y: rect.maxY - r), radius: r)
    p.addLine(to: CGPoint(x: rect.minX, y: rect.minY + r))
    p.addArc(
      tangent1End: CGPoint(x: rect.minX, y: rect.minY),
      tangent2End: CGPoint(x: rect.minX + r, y: rect.minY), radius: r)
    p.closeSubpath()
    let builtIn = CGPath(roundedRect: rect, cornerWidth: r, cornerHeight: r, transform: nil)
    #expect(close(p.boundingBoxOfPath, rect, 1e-9))
    #expect(abs(abs(signedArea(p)) - abs(signedArea(builtIn))) < 1e-6)
    #expect(!p.contains(CGPoint(x: 1, y: 1)))
    #expect(p.contains(CGPoint(x: 7, y: 7)))
    #expect(p.contains(CGPoint(x: 100, y: 75)))
  }
}

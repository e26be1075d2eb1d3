import Foundation
import Testing

@testable import LayerGraphics

@Suite struct PathMeasureTests {
  private var square: CGPath { CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil) }

  @Test func lineAndClosedRectangleLengths() {
    let line = CGMutablePath()
    line.addLines(between: [.zero, CGPoint(x: 3, y: 4)])
    #expect(line.length == 5)
    #expect(square.length == 40)
    #expect(CGPath().length == 0)
  }

  /// Curves against a polyline of 20 000 chords per segment (error ~L/N², below 10⁻⁸).
  @Test(arguments: [UInt64(31), 32, 33, 34, 35, 36])
  func curveLengthsMatchAFineFlattening(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let p = randomPath(&rng, elements: 6)
    var total: CGFloat = 0
    p.storage.forEachSegment { seg in
      let n = 20_000
      var last = seg.start
      for k in 1...n {
        let q = seg.point(at: CGFloat(k) / CGFloat(n))
        total += last.distance(to: q)
        last = q
      }
    }
    #expect(abs(p.length - total) <= Swift.max(total, 1) * 1e-7)
  }

  @Test func cuspHasTheRightLength() {
    // y = x² … a cubic that folds back on itself: (0,0)→(10,0) with controls past the end.
    let p = CGMutablePath()
    p.move(to: .zero)
    p.addCurve(to: CGPoint(x: 0, y: 0), control1: CGPoint(x: 10, y: 0), control2: CGPoint(x: 10, y: 0))
    // x(t) = 30t(1−t): goes out to 7.5 and back.
    #expect(abs(p.length - 15) < 15 * 1e-6)
  }

  @Test(arguments: [
    (0.0, CGPoint(x: 0, y: 0), PathVector(dx: 1, dy: 0)),
    (5.0, CGPoint(x: 5, y: 0), PathVector(dx: 1, dy: 0)),
    (15.0, CGPoint(x: 10, y: 5), PathVector(dx: 0, dy: 1)),
    (35.0, CGPoint(x: 0, y: 5), PathVector(dx: 0, dy: -1)),
    (40.0, CGPoint(x: 0, y: 0), PathVector(dx: 0, dy: -1)),
    (99.0, CGPoint(x: 0, y: 0), PathVector(dx: 0, dy: -1)),
    (-3.0, CGPoint(x: 0, y: 0), PathVector(dx: 1, dy: 0)),
  ])
  func pointAndTangentAlongASquare(length: Double, point: CGPoint, tangent: PathVector) {
    let r = square.pointAndTangent(atLength: CGFloat(length))!
    #expect(close(r.point, point, 1e-12))
    #expect(abs(r.tangent.dx - tangent.dx) < 1e-12 && abs(r.tangent.dy - tangent.dy) < 1e-12)
  }

  @Test func pointAtLengthOnACurveIsArcLengthParameterized() {
    let p = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
    let m = PathMeasure(p.storage)
    // A quarter of the length is the top of the circle, and the tangent points along −x.
    let q = m.pointAndTangent(atLength: m.totalLength / 4)!
    #expect(close(q.point, CGPoint(x: 0, y: 10), 1e-6))
    #expect(abs(q.tangent.dx + 1) < 1e-6)
    #expect(CGPath().pointAndTangent(atLength: 1) == nil)
  }

  @Test func trimmingASquareKeepsWholeClosedSubpathsAndCutsOthers() {
    #expect(square.trimmed(from: 0, to: 1) == square)
    #expect(square.trimmed(from: 0, to: 0.5).elements == [
      .moveTo(.zero), .lineTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 10, y: 10)),
    ])
    #expect(square.trimmed(from: 0.125, to: 0.375).elements == [
      .moveTo(CGPoint(x: 5, y: 0)), .lineTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 10, y: 5)),
    ])
    // The closing edge is part of the length.
    #expect(square.trimmed(from: 0.75, to: 1).elements == [.moveTo(CGPoint(x: 0, y: 10)), .lineTo(.zero)])
    #expect(square.trimmed(from: 0.6, to: 0.6).isEmpty)
    #expect(square.trimmed(from: 0.9, to: 0.1).isEmpty)
    #expect(square.trimmed(from: -1, to: 2) == square)
  }

  @Test func trimmingSpansSubpaths() {
    let p = CGMutablePath()
    p.addLines(between: [.zero, CGPoint(x: 10, y: 0)])
    p.addLines(between: [CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 5)])
    #expect(p.trimmed(from: 0.25, to: 0.75).elements == [
      .moveTo(CGPoint(x: 5, y: 0)), .lineTo(CGPoint(x: 10, y: 0)),
      .moveTo(CGPoint(x: 0, y: 5)), .lineTo(CGPoint(x: 5, y: 5)),
    ])
  }

  @Test(arguments: [(0.0, 0.3), (0.2, 0.7), (0.45, 0.55), (0.6, 1.0)])
  func trimmedCurvesLieOnTheOriginalAndHaveTheRightLength(from: Double, to: Double) {
    let p = CGMutablePath()
    p.move(to: .zero)
    p.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 80), control2: CGPoint(x: 100, y: -80))
    p.addQuadCurve(to: CGPoint(x: 150, y: 50), control: CGPoint(x: 150, y: 0))
    let m = PathMeasure(p.storage)
    let t = p.trimmed(from: CGFloat(from), to: CGFloat(to))
    #expect(abs(t.length - m.totalLength * CGFloat(to - from)) < m.totalLength * 1e-8)
    let start = m.pointAndTangent(atLength: m.totalLength * CGFloat(from))!.point
    let end = m.pointAndTangent(atLength: m.totalLength * CGFloat(to))!.point
    #expect(close(t.elementEndPoints.first!, start, 1e-7))
    #expect(close(t.currentPoint, end, 1e-7))
    // Every point of the trimmed path is on the original: its midpoint by length matches.
    let tm = PathMeasure(t.storage)
    let mid = tm.pointAndTangent(atLength: tm.totalLength / 2)!.point
    let expected = m.pointAndTangent(atLength: m.totalLength * CGFloat(from + to) / 2)!.point
    #expect(close(mid, expected, 1e-6))
  }

  @Test func elementEndPointsListEveryVertex() {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 1, y: 1))
    p.addQuadCurve(to: CGPoint(x: 3, y: 1), control: CGPoint(x: 2, y: 5))
    p.addCurve(to: CGPoint(x: 5, y: 1), control1: CGPoint(x: 3, y: 0), control2: CGPoint(x: 5, y: 0))
    p.closeSubpath()
    #expect(p.elementEndPoints == [CGPoint(x: 1, y: 1), CGPoint(x: 3, y: 1), CGPoint(x: 5, y: 1), CGPoint(x: 1, y: 1)])
    #expect(p.segments.count == 3)
    #expect(p.segments[2] == PathSegment(line: CGPoint(x: 5, y: 1), CGPoint(x: 1, y: 1)))
  }
}

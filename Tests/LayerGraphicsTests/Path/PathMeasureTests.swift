import Foundation
import Testing

@testable import LayerGraphics

@Suite struct PathMeasureTests {
  private var square: CGPath {
    CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
  }

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
    p.addCurve(
      to: CGPoint(x: 0, y: 0), control1: CGPoint(x: 10, y: 0), control2: CGPoint(x: 10, y: 0))
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
    #expect(
      square.trimmed(from: 0, to: 0.5).elements == [
        .moveTo(.zero), .lineTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 10, y: 10)),
      ])
    #expect(
      square.trimmed(from: 0.125, to: 0.375).elements == [
        .moveTo(CGPoint(x: 5, y: 0)), .lineTo(CGPoint(x: 10, y: 0)), .lineTo(CGPoint(x: 10, y: 5)),
      ])
    // The closing edge is part of the length.
    #expect(
      square.trimmed(from: 0.75, to: 1).elements == [.moveTo(CGPoint(x: 0, y: 10)), .lineTo(.zero)])
    #expect(square.trimmed(from: 0.6, to: 0.6).isEmpty)
    #expect(square.trimmed(from: 0.9, to: 0.1).isEmpty)
    #expect(square.trimmed(from: -1, to: 2) == square)
  }

  @Test func trimmingSpansSubpaths() {
    let p = CGMutablePath()
    p.addLines(between: [.zero, CGPoint(x: 10, y: 0)])
    p.addLines(between: [CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 5)])
    #expect(
      p.trimmed(from: 0.25, to: 0.75).elements == [
        .moveTo(CGPoint(x: 5, y: 0)), .lineTo(CGPoint(x: 10, y: 0)),
        .moveTo(CGPoint(x: 0, y: 5)), .lineTo(CGPoint(x: 5, y: 5)),
      ])
  }

  @Test(arguments: [(0.0, 0.3), (0.2, 0.7), (0.45, 0.55), (0.6, 1.0)])
  func trimmedCurvesLieOnTheOriginalAndHaveTheRightLength(from: Double, to: Double) {
    let p = CGMutablePath()
    p.move(to: .zero)
    p.addCurve(
      to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 80), control2: CGPoint(x: 100, y: -80))
    p.addQuadCurve(to: CGPoint(x: 150, y: 50), control: CGPoint(x: 150, y: 0))
    let m = PathMeasure(p.storage)
    let t = p.trimmed(from: CGFloat(from), to: CGFloat(to), placement: .arcLength)
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

  /// Core Animation picks the segment by arc length, then cuts a curve at the parameter
  /// equal to the fraction's share of that segment's length (Apple's renders of Lottie
  /// trims on strongly uneven curves land there, not at the arc length).
  @Test func strokeTrimsCutCurvesAtTheCurveParameterOfTheirShare() {
    let p = CGMutablePath()
    p.move(to: .zero)
    p.addLine(to: CGPoint(x: 100, y: 0))
    // A cubic that crawls near its start: the parameter and the arc length disagree.
    p.addCurve(
      to: CGPoint(x: 200, y: 0), control1: CGPoint(x: 100, y: 0),
      control2: CGPoint(x: 110, y: 90))
    let m = PathMeasure(p.storage)
    let line = m.entries[0].length
    let curve = m.entries[1]
    let t = CGFloat(0.3)
    let fraction = (line + t * curve.length) / m.totalLength
    let cut = p.trimmed(from: 0, to: fraction)
    #expect(close(cut.currentPoint, curve.segment.point(at: t), 1e-9))
    let byLength = p.trimmed(from: 0, to: fraction, placement: .arcLength).currentPoint
    #expect(!close(byLength, cut.currentPoint, 1))
    // Both ends cut the same way; a cut inside the line is where the arc length puts it.
    let middle = p.trimmed(from: 0.25 * line / m.totalLength, to: fraction)
    #expect(close(middle.elementEndPoints.first!, CGPoint(x: 25, y: 0), 1e-9))
    #expect(close(middle.currentPoint, curve.segment.point(at: t), 1e-9))
  }

  /// A path drawn twice in a row (how a wrapping trim window is stroked) cut at exactly
  /// half its length gives the first copy only: no zero-length start of the second copy
  /// from rounding, which round caps would draw as a dot.
  @Test(arguments: 1...40)
  func cutAtTheEndOfASubpathTakesNothingOfTheNext(seed: Int) {
    let k = CGFloat(seed)
    let once = CGMutablePath()
    once.move(to: CGPoint(x: 0, y: -15))
    once.addCurve(
      to: CGPoint(x: 15, y: 0.1 * k), control1: CGPoint(x: 8.284, y: -15),
      control2: CGPoint(x: 15, y: -8.284 + k / 7))
    once.addLine(to: CGPoint(x: -3.875, y: 8.125 + k / 3))
    once.addLine(to: CGPoint(x: 12.067 + k / 11, y: -7.802))
    let twice = CGMutablePath()
    twice.addPath(once)
    twice.addPath(once)
    for from in [0.0, 0.2, 0.355] {
      let cut = twice.trimmed(from: CGFloat(from), to: 0.5)
      #expect(cut.storage.subpaths.count == 1)
    }
  }

  @Test func elementEndPointsListEveryVertex() {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 1, y: 1))
    p.addQuadCurve(to: CGPoint(x: 3, y: 1), control: CGPoint(x: 2, y: 5))
    p.addCurve(
      to: CGPoint(x: 5, y: 1), control1: CGPoint(x: 3, y: 0), control2: CGPoint(x: 5, y: 0))
    p.closeSubpath()
    #expect(
      p.elementEndPoints == [
        CGPoint(x: 1, y: 1), CGPoint(x: 3, y: 1), CGPoint(x: 5, y: 1), CGPoint(x: 1, y: 1),
      ])
    #expect(p.segments.count == 3)
    #expect(p.segments[2] == PathSegment(line: CGPoint(x: 5, y: 1), CGPoint(x: 1, y: 1)))
  }
}

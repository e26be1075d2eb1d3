import Foundation
import Testing

@testable import LayerGraphics

@Suite struct CGPathConstructionTests {
  @Test func addRectRunsCounterClockwiseFromTheMinimumCornerAndCloses() {
    let p = CGMutablePath()
    p.addRect(CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(
      p.elements == [
        .moveTo(CGPoint(x: 10, y: 20)), .lineTo(CGPoint(x: 40, y: 20)),
        .lineTo(CGPoint(x: 40, y: 60)),
        .lineTo(CGPoint(x: 10, y: 60)), .closeSubpath,
      ])
  }

  @Test func addRectStandardizesNegativeSizes() {
    let p = CGMutablePath()
    p.addRect(CGRect(x: 40, y: 60, width: -30, height: -40))
    #expect(p.boundingBox == CGRect(x: 10, y: 20, width: 30, height: 40))
  }

  @Test func addRectsAddsOneClosedSubpathEach() {
    let p = CGMutablePath()
    p.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 2, height: 2)])
    #expect(p.elements.filter { $0 == .closeSubpath }.count == 2)
    #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 7, height: 7))
  }

  @Test func addLinesMakesAnOpenPolyline() {
    let p = CGMutablePath()
    p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
    #expect(
      p.elements == [
        .moveTo(CGPoint(x: 0, y: 0)), .lineTo(CGPoint(x: 1, y: 0)), .lineTo(CGPoint(x: 1, y: 1)),
      ])
    let empty = CGMutablePath()
    empty.addLines(between: [])
    #expect(empty.isEmpty)
  }

  @Test func transformsMapEveryPoint() {
    let p = CGMutablePath()
    p.addLines(
      between: [CGPoint(x: 1, y: 0), CGPoint(x: 2, y: 0)],
      transform: CGAffineTransform(scaleX: 2, y: 3))
    #expect(p.elements == [.moveTo(CGPoint(x: 2, y: 0)), .lineTo(CGPoint(x: 4, y: 0))])
  }

  @Test func ellipseStartsAtMaxXMidYAndPassesTheFourExtremes() {
    let r = CGRect(x: 0, y: 0, width: 100, height: 50)
    let p = CGPath(ellipseIn: r, transform: nil)
    #expect(
      p.elementEndPoints == [
        CGPoint(x: 100, y: 25), CGPoint(x: 50, y: 50), CGPoint(x: 0, y: 25), CGPoint(x: 50, y: 0),
        CGPoint(x: 100, y: 25), CGPoint(x: 100, y: 25),
      ])
    #expect(close(p.boundingBoxOfPath, r, 1e-9))
  }

  @Test(arguments: [0.0, 0.3, 0.7, 1.1, 2.9, 5.5])
  func ellipseStaysWithinACircleTolerance(angle: Double) {
    let p = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
    // The quarter-circle cubic deviates from the circle by at most 2.8e-4 of the radius.
    let measure = PathMeasure(p.storage)
    let s = measure.totalLength * CGFloat(angle) / (2 * .pi)
    let point = measure.pointAndTangent(atLength: s)!.point
    #expect(abs(point.distance(to: .zero) - 10) < 10 * 2.8e-4)
  }

  @Test func roundedRectHasQuarterEllipseCornersAndLines() {
    let p = CGPath(
      roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerWidth: 10, cornerHeight: 20,
      transform: nil)
    let e = p.elements
    #expect(e.first == .moveTo(CGPoint(x: 10, y: 0)))
    #expect(e[1] == .lineTo(CGPoint(x: 90, y: 0)))
    #expect(
      e[2]
        == .curveTo(
          CGPoint(x: 100, y: 20), control1: CGPoint(x: 90 + 10 * quarterCircleKappa, y: 0),
          control2: CGPoint(x: 100, y: 20 - 20 * quarterCircleKappa)))
    #expect(e.last == .closeSubpath)
    #expect(close(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 60)))
  }

  @Test func roundedRectClampsRadiiToHalfTheSideMakingACapsule() {
    let p = CGPath(
      roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), cornerWidth: 80, cornerHeight: 80,
      transform: nil)
    // Radii become 50 and 20: no horizontal or vertical lines remain, only four corners.
    let curves = p.elements.filter { if case .curveTo = $0 { return true } else { return false } }
    #expect(curves.count == 4)
    #expect(
      p.elements.filter { if case .lineTo = $0 { return true } else { return false } }.isEmpty)
    #expect(close(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 40)))
  }

  @Test func roundedRectWithZeroRadiusIsARect() {
    let p = CGPath(
      roundedRect: CGRect(x: 1, y: 2, width: 3, height: 4), cornerWidth: 0, cornerHeight: 5,
      transform: nil)
    #expect(p == CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil))
  }

  @Test func addPathAppendsTransformedElements() {
    let a = CGMutablePath()
    a.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
    let b = CGMutablePath()
    b.addPath(a, transform: CGAffineTransform(translationX: 10, y: 0))
    #expect(b.boundingBox == CGRect(x: 10, y: 0, width: 1, height: 1))
    #expect(b.elements.count == a.elements.count)
  }

  @Test func copyUsingTransformMapsPointsAndNilMeansIdentity() {
    let p = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil)
    var t = CGAffineTransform(translationX: 5, y: 5)
    #expect(p.copy(using: &t)!.boundingBox == CGRect(x: 5, y: 5, width: 2, height: 2))
    #expect(p.copy(using: nil)! == p)
    #expect(p.mutableCopy(using: &t)!.boundingBox == CGRect(x: 5, y: 5, width: 2, height: 2))
  }

  @Test func initializersAcceptATransformPointer() {
    var t = CGAffineTransform(scaleX: 2, y: 2)
    #expect(
      CGPath(rect: CGRect(x: 1, y: 1, width: 1, height: 1), transform: &t).boundingBox
        == CGRect(x: 2, y: 2, width: 2, height: 2))
    #expect(
      close(
        CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t).boundingBoxOfPath,
        CGRect(x: 0, y: 0, width: 2, height: 2)))
  }
}

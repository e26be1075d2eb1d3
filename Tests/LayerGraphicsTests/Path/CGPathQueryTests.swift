import Foundation
import Testing

@testable import LayerGraphics

@Suite struct CGPathQueryTests {
  @Test func emptyPathHasNullBoxes() {
    #expect(CGPath().boundingBox.isNull)
    #expect(CGPath().boundingBoxOfPath.isNull)
  }

  @Test func boundingBoxIncludesControlPointsButThePathBoxDoesNot() {
    let p = CGMutablePath()
    p.move(to: .zero)
    p.addCurve(
      to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
    #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
    // The cubic peaks at t = 1/2 with y = 3/4 · 10.
    #expect(close(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 7.5), 1e-12))
  }

  @Test func quadExtremumIsTight() {
    let p = CGMutablePath()
    p.move(to: .zero)
    p.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: -10))
    #expect(close(p.boundingBoxOfPath, CGRect(x: 0, y: -5, width: 10, height: 5), 1e-12))
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  func boundingBoxesContainEveryFlattenedPoint(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let p = randomPath(&rng, elements: 10)
    var sink = PointCollector()
    PathFlattener.flatten(p.storage, tolerance: 0.01, into: &sink)
    let tight = p.boundingBoxOfPath
    let loose = p.boundingBox
    let eps: CGFloat = 1e-9
    #expect(loose.minX <= tight.minX + eps && loose.minY <= tight.minY + eps)
    #expect(loose.maxX >= tight.maxX - eps && loose.maxY >= tight.maxY - eps)
    for q in sink.points {
      #expect(q.x >= tight.minX - eps && q.x <= tight.maxX + eps)
      #expect(q.y >= tight.minY - eps && q.y <= tight.maxY + eps)
    }
    // Tightness: the flattened points reach each side of the tight box.
    let xs = sink.points.map(\.x)
    let ys = sink.points.map(\.y)
    #expect(abs(xs.min()! - p.boundingBoxOfPath.minX) < 0.05)
    #expect(abs(ys.max()! - p.boundingBoxOfPath.maxY) < 0.05)
  }

  @Test func windingAndEvenOddDifferForNestedSameDirectionSquares() {
    let p = CGMutablePath()
    p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
    p.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
    #expect(p.contains(CGPoint(x: 5, y: 5), using: .winding))
    #expect(!p.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
    #expect(p.contains(CGPoint(x: 1, y: 1), using: .evenOdd))
    #expect(!p.contains(CGPoint(x: 11, y: 5)))
  }

  @Test func oppositeDirectionInnerSquareIsAHoleForBothRules() {
    let p = CGMutablePath()
    p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
    p.addLines(between: [
      CGPoint(x: 3, y: 3), CGPoint(x: 3, y: 7), CGPoint(x: 7, y: 7), CGPoint(x: 7, y: 3),
    ])
    p.closeSubpath()
    #expect(!p.contains(CGPoint(x: 5, y: 5), using: .winding))
    #expect(!p.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
  }

  @Test func openSubpathsAreImplicitlyClosed() {
    // Seed 000's quad-curve scoop is never closed; it still encloses its bowl.
    let rect = CGRect(x: 0, y: 0, width: 200, height: 100)
    let p = CGMutablePath()
    p.move(to: CGPoint(x: rect.minX, y: rect.minY))
    p.addQuadCurve(
      to: CGPoint(x: rect.maxX, y: rect.minY), control: CGPoint(x: rect.maxX * 0.5, y: rect.maxY))
    #expect(p.contains(CGPoint(x: 100, y: 40)))
    #expect(!p.contains(CGPoint(x: 100, y: 60)))
    #expect(close(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 200, height: 50), 1e-9))
  }

  @Test func containsAppliesTheTransformToThePoint() {
    let p = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    #expect(p.contains(CGPoint(x: 15, y: 5), transform: CGAffineTransform(translationX: -10, y: 0)))
    #expect(!p.contains(CGPoint(x: 5, y: 5), transform: CGAffineTransform(translationX: -10, y: 0)))
    #expect(!p.contains(CGPoint(x: CGFloat.nan, y: 0)))
  }

  @Test func containsFollowsCurvesClosely() {
    let p = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: nil)
    #expect(p.contains(CGPoint(x: 99.9, y: 0)))
    #expect(!p.contains(CGPoint(x: 70.8, y: 70.8)))
    #expect(p.contains(CGPoint(x: 70.6, y: 70.6)))
  }

  @Test func isRectRecognizesRectanglesOnly() {
    var r = CGRect.zero
    #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&r))
    #expect(r == CGRect(x: 1, y: 2, width: 3, height: 4))
    let tri = CGMutablePath()
    tri.addLines(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)])
    tri.closeSubpath()
    #expect(!tri.isRect(nil))
    #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil).isRect(nil))
    var rot = CGAffineTransform(rotationAngle: 0.3)
    #expect(!CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &rot).isRect(nil))
  }
}

import Foundation
import Testing

@testable import LayerGraphics

@Suite struct CGPathBooleanTests {
  private let a = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
  private let b = CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil)

  /// (operation, area, subpaths) for two 10×10 squares overlapping in a 5×5 square.
  @Test(arguments: [
    ("union", 175.0, 1), ("intersection", 25.0, 1), ("subtracting", 75.0, 1),
    ("symmetricDifference", 150.0, 2),
  ])
  func overlappingSquares(operation: String, area: Double, subpaths: Int) {
    let r: CGPath
    switch operation {
    case "union": r = a.union(b)
    case "intersection": r = a.intersection(b)
    case "subtracting": r = a.subtracting(b)
    default: r = a.symmetricDifference(b)
    }
    #expect(abs(signedArea(r) - CGFloat(area)) < 1e-9)
    #expect(r.storage.subpaths.count == subpaths)
    #expect(r.storage.subpaths.allSatisfy { $0.isClosed })
  }

  @Test func unionOfSquaresHasOnlyOuterCorners() {
    let r = a.union(b)
    // Eight corners: the L-shaped overlap leaves no vertex inside either square.
    #expect(r.elementEndPoints.count == 8 + 1)  // moves/lines plus the close
    for p in r.elementEndPoints {
      #expect(!(p.x > 0.001 && p.x < 9.999 && p.y > 0.001 && p.y < 9.999))
      #expect(!(p.x > 5.001 && p.x < 14.999 && p.y > 5.001 && p.y < 14.999))
    }
  }

  @Test func squaresSharingAnEdgeMergeIntoOneRectangle() {
    let right = CGPath(rect: CGRect(x: 10, y: 0, width: 10, height: 10), transform: nil)
    var rect = CGRect.zero
    let r = a.union(right)
    #expect(r.isRect(&rect))
    #expect(rect == CGRect(x: 0, y: 0, width: 20, height: 10))
    #expect(a.intersection(right).isEmpty)
    #expect(!a.intersects(right))
    #expect(a.intersects(b))
  }

  @Test func squaresTouchingAtACornerStaySeparateLoops() {
    let corner = CGPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10), transform: nil)
    let r = a.union(corner)
    #expect(r.storage.subpaths.count == 2)
    #expect(abs(signedArea(r) - 200) < 1e-9)
  }

  @Test func subtractingAnInnerShapeLeavesAHole() {
    let inner = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 6, height: 6), transform: nil)
    let r = a.subtracting(inner)
    #expect(r.storage.subpaths.count == 2)
    #expect(abs(signedArea(r) - (100 - signedArea(inner))) < 1e-6)
    for rule in [CGPathFillRule.winding, .evenOdd] {
      #expect(!r.contains(CGPoint(x: 5, y: 5), using: rule))
      #expect(r.contains(CGPoint(x: 1, y: 1), using: rule))
    }
  }

  @Test func emptyOperands() {
    let empty = CGPath()
    #expect(abs(signedArea(a.union(empty)) - 100) < 1e-9)
    #expect(a.intersection(empty).isEmpty)
    #expect(empty.union(empty).isEmpty)
    #expect(abs(signedArea(empty.symmetricDifference(a)) - 100) < 1e-9)
  }

  @Test func normalizingAPentagramDependsOnTheRule() {
    let star = CGMutablePath()
    for k in 0..<5 {
      let angle = CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
      let p = CGPoint(x: 50 * cos(angle), y: 50 * sin(angle))
      if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
    }
    star.closeSubpath()
    let filled = star.normalized(using: .winding)
    let hollow = star.normalized(using: .evenOdd)
    #expect(filled.contains(.zero))
    #expect(!hollow.contains(.zero))
    #expect(filled.storage.subpaths.count == 1)
    #expect(hollow.storage.subpaths.count == 5)
    #expect(signedArea(filled) > signedArea(hollow))
  }

  @Test func reversedOrientationsAreHandled() {
    // b drawn clockwise (in y-up) still fills the same under the winding rule.
    let cw = CGMutablePath()
    cw.addLines(between: [
      CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 15), CGPoint(x: 15, y: 15), CGPoint(x: 15, y: 5),
    ])
    cw.closeSubpath()
    #expect(abs(signedArea(a.union(cw)) - 175) < 1e-9)
    #expect(abs(signedArea(a.intersection(cw)) - 25) < 1e-9)
  }

  @Test func curvesArePreservedAsCurves() {
    let c1 = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
    let c2 = CGPath(ellipseIn: CGRect(x: 50, y: 0, width: 100, height: 100), transform: nil)
    let r = c1.union(c2)
    let curves = r.elements.filter { if case .curveTo = $0 { return true } else { return false } }
    // Each circle keeps its outer arcs as pieces of its own cubics: at most 4 + 4 pieces.
    #expect(curves.count >= 6 && curves.count <= 10)
    #expect(r.elements.count < 16)
    let lens = (2 * 2 * CGFloat.pi * 50) * 2 / 3  // two circles, each missing a third of its rim
    #expect(abs(r.length - lens) < lens * 2e-3)
  }
}

@Suite struct CGPathComponentTests {
  @Test func componentsKeepHolesWithTheirOutline() {
    let p = CGMutablePath()
    p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
    p.addEllipse(in: CGRect(x: 3, y: 3, width: 4, height: 4))
    p.addRect(CGRect(x: 20, y: 0, width: 5, height: 5))
    let parts = p.componentsSeparated(using: .evenOdd)
    #expect(parts.count == 2)
    let big = parts.first { $0.boundingBoxOfPath.width > 9 }!
    #expect(big.storage.subpaths.count == 2)
    #expect(!big.contains(CGPoint(x: 5, y: 5)))
    #expect(big.contains(CGPoint(x: 1, y: 1)))
    #expect(CGPath().componentsSeparated().isEmpty)
  }

  @Test func flattenedReplacesCurvesWithLinesWithinTheThreshold() {
    let circle = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
    let flat = circle.flattened(threshold: 0.1)
    #expect(!flat.elements.contains { if case .curveTo = $0 { return true } else { return false } })
    #expect(flat.elements.last == .closeSubpath)
    for q in flat.elementEndPoints { #expect(abs(q.distance(to: .zero) - 50) < 0.1 + 50 * 3e-4) }
    #expect(abs(signedArea(flat) - signedArea(circle)) < 2 * .pi * 50 * 0.1)
  }
}

@Suite struct CGPathBooleanRobustnessTests {
  @Test func nonFiniteAndDegenerateInputsGiveDefinedResults() {
    let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    let bad = CGMutablePath()
    bad.move(to: CGPoint(x: CGFloat.nan, y: 0))
    bad.addLine(to: CGPoint(x: 1, y: CGFloat.infinity))
    bad.addLine(to: CGPoint(x: 5, y: 5))
    let movesOnly = CGMutablePath()
    movesOnly.move(to: CGPoint(x: 1, y: 1))
    movesOnly.move(to: CGPoint(x: 2, y: 2))
    let flat = CGMutablePath()
    flat.addLines(between: [.zero, CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 20)])
    flat.closeSubpath()
    for other in [bad as CGPath, movesOnly, flat] {
      #expect(abs(signedArea(square.union(other)) - 100) < 1e-9)
      #expect(abs(signedArea(square.subtracting(other)) - 100) < 1e-9)
      #expect(other.normalized().isEmpty)
    }
  }

  @Test func manyCoincidentCopiesCollapseToOne() {
    let p = CGMutablePath()
    for _ in 0..<5 { p.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 30)) }
    let n = p.normalized()
    #expect(n.storage.subpaths.count == 1)
    #expect(
      abs(
        signedArea(n)
          - signedArea(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 30), transform: nil))
      ) < 1e-6)
    // Under even-odd, five coincident copies fill like one; four fill nothing.
    #expect(p.normalized(using: .evenOdd).storage.subpaths.count == 1)
    let four = CGMutablePath()
    for _ in 0..<4 { four.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 30)) }
    #expect(four.normalized(using: .evenOdd).isEmpty)
  }
}

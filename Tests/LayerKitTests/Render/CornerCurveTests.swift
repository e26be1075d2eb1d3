import Foundation
import LayerKitTestSupport
import Testing

@testable import LayerKit

/// `cornerCurve`: the continuous corner's geometry, its flattening on short sides, and
/// every part drawn with it.
@Suite struct CornerCurveTests {
  typealias F = RenderFixtures
  static let k: CGFloat = 1.528665

  static func outline(_ rect: CGRect, radius: CGFloat, curve: CALayerCornerCurve) -> [PathElement] {
    var st = LayerState()
    st.bounds = rect
    st.cornerRadius = radius
    st.cornerCurve = curve
    return RoundedRectPath.bounds(of: st).elements
  }

  /// Points sampled along every segment of a path.
  static func samples(_ elements: [PathElement]) -> [CGPoint] {
    var out: [CGPoint] = []
    var cur = CGPoint.zero
    for e in elements {
      switch e {
      case .moveTo(let p), .lineTo(let p):
        out.append(p)
        cur = p
      case .curveTo(let p, let c1, let c2):
        for i in 1...16 {
          let t = CGFloat(i) / 16
          let s = 1 - t
          let a = s * s * s
          let b = 3 * s * s * t
          let c = 3 * s * t * t
          let d = t * t * t
          out.append(
            CGPoint(
              x: a * cur.x + b * c1.x + c * c2.x + d * p.x,
              y: a * cur.y + b * c1.y + c * c2.y + d * p.y))
        }
        cur = p
      default: break
      }
    }
    return out
  }

  @Test func expansionFactorsAreApples() {
    #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
    #expect(CALayer.cornerCurveExpansionFactor(.continuous) == 1.528665)
  }

  @Test func defaultIsCircularAndUnknownCurvesAreRefused() {
    CADiagnostics.drain()
    let layer = CALayer()
    #expect(layer.cornerCurve == .circular)
    layer.cornerCurve = .continuous
    #expect(layer.cornerCurve == .continuous)
    layer.cornerCurve = CALayerCornerCurve(rawValue: "wobbly")
    #expect(layer.cornerCurve == .continuous)
    #expect(CADiagnostics.drain().contains { $0.key == "cornerCurve" })
    layer.setValue("circular", forKeyPath: "cornerCurve")
    #expect(layer.cornerCurve == .circular)
    #expect(layer.value(forKeyPath: "cornerCurve") as? CALayerCornerCurve == .circular)
  }

  @Test func theStraightEdgeEndsAtTheExpansionFromTheCorner() {
    let els = Self.outline(
      CGRect(x: 0, y: 0, width: 200, height: 100), radius: 20, curve: .continuous)
    #expect(els.first == .moveTo(CGPoint(x: Self.k * 20, y: 0)))
    #expect(els[1] == .lineTo(CGPoint(x: 200 - Self.k * 20, y: 0)))
    // Three cubics per corner, tangent to both edges where they meet them.
    guard case .curveTo(let end1, let c1, _) = els[2], case .curveTo(_, _, _) = els[3],
      case .curveTo(let end3, _, let c6) = els[4]
    else {
      Issue.record("expected three cubics, got \(els[2...4])")
      return
    }
    #expect(c1.y == 0 && c6.x == 200)
    #expect(abs(end1.x - (200 - 0.631_493_792_830_993 * 20)) < 1e-9)
    #expect(abs(end1.y - 0.074_911_387_847_016 * 20) < 1e-9)
    #expect(abs(end3.y - Self.k * 20) < 1e-9 && end3.x == 200)
    #expect(els.filter { if case .curveTo = $0 { true } else { false } }.count == 12)
  }

  @Test func aRadiusOfHalfTheShorterSideIsACapsuleUnderBothCurves() {
    // A 100 × 100 square with radius 50: a circle, within the cubic approximation.
    for curve in [CALayerCornerCurve.circular, .continuous] {
      let pts = Self.samples(
        Self.outline(CGRect(x: 0, y: 0, width: 100, height: 100), radius: 50, curve: curve))
      let worst = pts.map { abs(hypot($0.x - 50, $0.y - 50) - 50) }.max()!
      #expect(worst < 0.03, "\(curve.rawValue): \(worst)")
    }
  }

  @Test func theFlattenedCornerMovesContinuouslyWithTheRadius() {
    // At 1.528665·r = half the side, the continuous and flattened constructions meet.
    let rect = CGRect(x: 0, y: 0, width: 120, height: 80)
    let edge: CGFloat = 40 / Self.k
    let below = Self.samples(Self.outline(rect, radius: edge - 1e-7, curve: .continuous))
    let above = Self.samples(Self.outline(rect, radius: edge + 1e-7, curve: .continuous))
    #expect(zip(below, above).allSatisfy { hypot($0.x - $1.x, $0.y - $1.y) < 1e-5 })
    // And every radius in between stays inside the bounds and leaves the straight edge
    // no further than half the shorter side from the corner.
    for r in stride(from: edge, through: 40, by: 2.5) {
      let els = Self.outline(rect, radius: r, curve: .continuous)
      guard case .moveTo(let start) = els.first else { return }
      #expect(abs(start.x - 40) < 1e-9 && start.y == 0)
      #expect(Self.samples(els).allSatisfy { rect.insetBy(dx: -1e-9, dy: -1e-9).contains($0) })
    }
  }

  @Test func theContinuousCornerLeavesTheEdgeEarlierThanTheCircle() {
    // 92 points from the right edge (0.92 r): the circle is still within 0.32 points of
    // the top edge, the continuous corner already 1.6 points below it.
    func alphaNearTheEdge(_ curve: CALayerCornerCurve) -> UInt8 {
      let root = F.box(CGRect(x: 0, y: 0, width: 400, height: 400), nil)
      let l = F.box(CGRect(x: 0, y: 0, width: 400, height: 400), F.blue)
      l.cornerRadius = 100
      l.cornerCurve = curve
      root.addSublayer(l)
      return F.render(root).pixel(x: 400 - 92, y: 1).a
    }
    #expect(alphaNearTheEdge(.circular) == 255)
    #expect(alphaNearTheEdge(.continuous) < 200)
  }

  @Test func cornerRadiusAnimatesUnderTheContinuousCurve() {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = F.box(CGRect(x: 0, y: 0, width: 200, height: 200), nil)
    let l = F.box(CGRect(x: 0, y: 0, width: 200, height: 200), F.blue)
    l.cornerCurve = .continuous
    root.addSublayer(l)
    context.layer = root
    context.commit()
    l.add(F.held("cornerRadius", from: 0, to: 60), forKey: "r")
    context.advance(by: 0.5)
    #expect(abs((l.presentation()?.cornerRadius ?? 0) - 30) < 1e-9)
    #expect(l.presentation()?.cornerCurve == .continuous)
    let image = CARenderer(context: context).render(width: 200, height: 200, scale: 1)
    // Radius 30: the straight edge starts 45.86 points from the corner.
    #expect(image.pixel(x: 47, y: 0).a == 255)
    #expect(image.pixel(x: 40, y: 0).a < 255)
    #expect(image.pixel(x: 2, y: 2).a == 0)
  }

  @Test func everyPartFollowsTheCurve() {
    // Circular, continuous, continuous with masksToBounds (which clips the shadow away).
    let root = F.root(440, 130)
    for (i, curve) in [CALayerCornerCurve.circular, .continuous, .continuous].enumerated() {
      let card = F.box(CGRect(x: 20 + CGFloat(i) * 140, y: 15, width: 120, height: 90), F.yellow)
      card.cornerRadius = 30
      card.cornerCurve = curve
      card.borderWidth = 6
      card.borderColor = F.ink
      card.shadowOpacity = 0.5
      card.shadowRadius = 4
      card.shadowOffset = CGSize(width: 0, height: 5)
      let inner = F.box(CGRect(x: 0, y: 0, width: 60, height: 45), F.red)
      card.addSublayer(inner)
      card.masksToBounds = i == 2
      card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMaxXMaxYCorner]
      root.addSublayer(card)
    }
    assertMatchesGolden(F.render(root, scale: 2), named: "corner-curves")
  }
}

import Foundation
import LayerGraphics
import Testing

/// The stroker's cubic steps, planned four cubics at a time, against stepping each cubic
/// alone with scalar arithmetic.
@Suite struct CubicStepPlanTests {
  /// Steps one cubic the way `PathStroker` defines it (the reference).
  static func scalarSteps(_ p: [CGPoint], budget: CGFloat) -> [CGFloat] {
    let d1x = p[0].x - 2 * p[1].x + p[2].x
    let d1y = p[0].y - 2 * p[1].y + p[2].y
    let d2x = p[1].x - 2 * p[2].x + p[3].x
    let d2y = p[1].y - 2 * p[2].y + p[3].y
    func second(_ t: CGFloat) -> CGFloat {
      let x = d1x + t * (d2x - d1x)
      let y = d1y + t * (d2y - d1y)
      return (x * x + y * y).squareRoot()
    }
    let minimumStep = 1 / CGFloat(PathFlattener.maximumPieces)
    var out: [CGFloat] = []
    var t: CGFloat = 0
    var dt = second(0)
    while true {
      var h = dt > 0 ? (budget / dt).squareRoot() : 1
      if h < 1 - t {
        let dh = second(t + h)
        if dh > dt { h = (budget / dh).squareRoot() }
      } else {
        let d1 = second(1)
        if d1 <= dt || (1 - t) * (1 - t) * d1 <= budget { break }
        h = (budget / d1).squareRoot()
      }
      t += h > minimumStep ? h : minimumStep
      if t >= 1 { break }
      out.append(t)
      dt = second(t)
    }
    return out
  }

  static func plan(_ cubics: [[CGPoint]], budget: CGFloat) -> CubicStepPlan {
    let plan = CubicStepPlan()
    for (l, c) in cubics.enumerated() { plan.set(lane: l, key: 10 * l, c[0], c[1], c[2], c[3]) }
    plan.plan(count: cubics.count, budget: budget)
    return plan
  }

  /// Random cubics (seeded), from tiny to huge, with degenerate ones mixed in: straight
  /// lines, repeated points, a cusp, a 10⁶-unit curve that needs the piece limit.
  static func cubics(seed: UInt64) -> [[CGPoint]] {
    var g = SeededGenerator(seed: seed)
    func unit() -> CGFloat { CGFloat.random(in: 0..<1, using: &g) }
    func signed() -> CGFloat { CGFloat.random(in: -1...1, using: &g) }
    var out: [[CGPoint]] = []
    for n in 0..<240 {
      let scale = [0.01, 1, 8, 60, 400][n % 5]
      let o = CGPoint(x: unit() * 1000, y: unit() * 700)
      out.append((0..<4).map { _ in CGPoint(x: o.x + signed() * scale, y: o.y + signed() * scale) })
    }
    out.append([CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 3)])
    out.append([CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5)])
    out.append([
      CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 40), CGPoint(x: 0, y: 40), CGPoint(x: 40, y: 0),
    ])
    out.append([
      CGPoint(x: 0, y: 0), CGPoint(x: 1e6, y: 0), CGPoint(x: 1e6, y: 1e6), CGPoint(x: 0, y: 1e6),
    ])
    return out
  }

  @Test(arguments: [1, 2, 3, 4])
  func fourLanesGiveEachCubicItsOwnStepsBitForBit(group: Int) {
    let all = Self.cubics(seed: 7)
    for budget: CGFloat in [0.1 * 4 / 3, 0.05 * 4 / 3, 0.02] {
      var k = 0
      while k < all.count {
        let batch = Array(all[k..<min(k + group, all.count)])
        let plan = Self.plan(batch, budget: budget)
        for (l, c) in batch.enumerated() {
          let got: [CGFloat] = plan.planned(key: 10 * l, start: c[0]).map { Array($0) } ?? [-1]
          #expect(got == Self.scalarSteps(c, budget: budget), "cubic \(k + l): \(c)")
        }
        k += group
      }
    }
  }

  @Test func theHugeCurveStopsAtThePieceLimit() {
    let c = Self.cubics(seed: 7).last!
    let plan = Self.plan([c], budget: 0.1)
    #expect(plan.planned(key: 0, start: c[0])?.count == PathFlattener.maximumPieces - 1)
  }

  @Test func aPlanServesOnlyTheKeyAndStartItWasMadeFor() {
    let c = [
      CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 40, y: 40), CGPoint(x: 0, y: 40),
    ]
    let plan = Self.plan([c], budget: 0.1)
    #expect(plan.planned(key: 0, start: c[0]) != nil)
    #expect(plan.planned(key: 0, start: CGPoint(x: 0, y: 1e-12)) == nil)
    #expect(plan.planned(key: 10, start: c[0]) == nil)
    plan.reset()
    #expect(plan.planned(key: 0, start: c[0]) == nil)
  }
}

import Foundation
import Testing

@testable import LayerGraphics

/// The size-dependent flattening tolerance of fills: small curves keep the fine tolerance,
/// large ones are cut into fewer chords, and every chord stays within the tolerance its
/// curve's extent gives.
@Suite struct FlatteningToleranceTests {
  /// The fill's rule: 1/64 of the extent, between 1/20 and 1/4 of a pixel.
  @Test(arguments: [
    (extent: CGFloat(0), expected: CGFloat(0.05)), (extent: 2, expected: 0.05),
    (extent: 3.2, expected: 0.05),
    (extent: 6.4, expected: 0.1), (extent: 9.6, expected: 0.15), (extent: 12.8, expected: 0.2),
    (extent: 16, expected: 0.25), (extent: 500, expected: 0.25),
    (extent: .infinity, expected: 0.25),
  ])
  func fillToleranceGrowsWithTheCurve(extent: CGFloat, expected: CGFloat) {
    #expect(abs(CGContext.fillTolerance.forCurve(extent: extent) - expected) < 1e-12)
  }

  /// Bad bounds fall back to a quarter unit, as the constant tolerance always did.
  @Test func badBoundsFallBackToAQuarter() {
    #expect(FlatteningTolerance(.nan).finest == 0.25)
    #expect(FlatteningTolerance(-1).coarsest == 0.25)
    let t = FlatteningTolerance(finest: 0.1, coarsest: .infinity, perUnit: .nan)
    #expect(t.finest == 0.1)
    #expect(t.coarsest == 0.25)
    #expect(!t.varies)
    #expect(t.forCurve(extent: 1000) == 0.1)
    // A ceiling below the floor is raised to it.
    #expect(FlatteningTolerance(finest: 0.2, coarsest: 0.1, perUnit: 1).coarsest == 0.2)
  }

  /// A constant `FlatteningTolerance` flattens to exactly the points the plain tolerance
  /// gives.
  @Test func constantToleranceMatchesThePlainOne() {
    var rng = SeededGenerator(seed: 17)
    for _ in 0..<20 {
      let path = randomPath(&rng, elements: 10)
      var plain = PointCollector()
      var wrapped = PointCollector()
      PathFlattener.flatten(path.storage, tolerance: 0.07, into: &plain)
      PathFlattener.flatten(path.storage, tolerance: FlatteningTolerance(0.07), into: &wrapped)
      #expect(plain.points == wrapped.points)
    }
  }

  /// Random cubics of every size, flattened with the fill's rule: each chord stays within
  /// the tolerance of its curve's extent (the curve sampled between the chord's ends), so
  /// small curves are as fine as before and large ones need fewer chords than at 1/20 px.
  @Test func chordsStayWithinTheirCurvesTolerance() {
    var rng = SeededGenerator(seed: 4)
    var fewer = 0
    for k in 0..<200 {
      let size = CGFloat([1, 3, 8, 20, 60, 300][k % 6])
      func point() -> CGPoint {
        CGPoint(
          x: CGFloat.random(in: 0...size, using: &rng), y: CGFloat.random(in: 0...size, using: &rng)
        )
      }
      let p0 = point()
      let p1 = point()
      let p2 = point()
      let p3 = point()
      let path = CGMutablePath()
      path.move(to: p0)
      path.addCurve(to: p3, control1: p1, control2: p2)
      var flat = PointCollector()
      var fine = PointCollector()
      PathFlattener.flatten(path.storage, tolerance: CGContext.fillTolerance, into: &flat)
      PathFlattener.flatten(path.storage, tolerance: 0.05, into: &fine)
      #expect(flat.points.count <= fine.points.count)
      if flat.points.count < fine.points.count { fewer += 1 }
      let tol = CGContext.fillTolerance.forCurve(extent: FlatteningTolerance.extent(p0, p1, p2, p3))
      let pieces = flat.points.count - 1
      var worst: CGFloat = 0
      for j in 0..<pieces {
        let a = flat.points[j]
        let b = flat.points[j + 1]
        for s in 1..<16 {
          let t = (CGFloat(j) + CGFloat(s) / 16) / CGFloat(pieces)
          worst = max(worst, distance(bezier(p0, p1, p2, p3, t), a, b))
        }
      }
      #expect(worst <= tol + 1e-9, "size \(size): \(worst) > \(tol)")
      if size <= 3 { #expect(tol == 0.05) }
    }
    // Every curve of 8 px or more bends enough to be cut at 1/20 px into more pieces.
    #expect(fewer >= 80)
  }

  private func bezier(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat)
    -> CGPoint
  {
    let u = 1 - t
    let a = u * u * u
    let b = 3 * t * u * u
    let c = 3 * t * t * u
    let d = t * t * t
    return CGPoint(
      x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  /// The distance from `p` to the segment `a…b`.
  private func distance(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let len2 = dx * dx + dy * dy
    let t = len2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
    return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
  }
}

import Foundation
import Testing

@testable import LayerGraphics

/// The boolean operations on paths that cross themselves many times, checked against an
/// independent winding-number count.
@Suite struct BooleanSweepTests {
  /// The n-point star of issue 31: point k at angle 2.4·k on a circle of radius 40 around
  /// (50, 50). Each edge spans 2.4 rad, so it crosses itself about 0.2·n² times.
  static func star(_ n: Int) -> [CGPoint] {
    (0..<n).map { k in
      let a = 2.4 * CGFloat(k)
      return CGPoint(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a))
    }
  }

  static func path(_ polygon: [CGPoint]) -> CGPath {
    let p = CGMutablePath()
    p.addLines(between: polygon)
    p.closeSubpath()
    return p
  }

  /// The winding number of a closed polygon around `p` (a ray to +x, half-open in y).
  static func winding(_ polygon: [CGPoint], _ p: CGPoint) -> Int {
    var w = 0
    for i in polygon.indices {
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      let side = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
      if a.y <= p.y {
        if b.y > p.y && side > 0 { w += 1 }
      } else if b.y <= p.y && side < 0 {
        w -= 1
      }
    }
    return w
  }

  /// The loops of a path made only of lines (the result of an operation on polygons).
  static func loops(_ path: CGPath) -> [[CGPoint]] {
    var out: [[CGPoint]] = []
    for e in path.elements {
      switch e {
      case .moveTo(let p): out.append([p])
      case .lineTo(let p): out[out.count - 1].append(p)
      case .closeSubpath: break
      default: Issue.record("a polygon's boolean result has a curve")
      }
    }
    return out
  }

  /// The winding number of a set of loops around `p`.
  static func winding(_ loops: [[CGPoint]], _ p: CGPoint) -> Int {
    loops.reduce(0) { $0 + winding($1, p) }
  }

  /// Whether `p` is farther than `margin` from every edge of `polygon`.
  static func clear(_ p: CGPoint, of polygon: [CGPoint], margin: CGFloat) -> Bool {
    polygon.indices.allSatisfy { i in
      let a = polygon[i]
      let b = polygon[(i + 1) % polygon.count]
      let dx = b.x - a.x
      let dy = b.y - a.y
      let len2 = dx * dx + dy * dy
      let f =
        len2 > 0 ? Swift.min(Swift.max(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0), 1) : 0
      return hypot(p.x - a.x - f * dx, p.y - a.y - f * dy) > margin
    }
  }

  static let square = [
    CGPoint(x: 20, y: 20), CGPoint(x: 80, y: 20), CGPoint(x: 80, y: 80), CGPoint(x: 20, y: 80),
  ]

  /// Every operation on `a` and `b` under `rule`, with the rule each result follows.
  static func operations(
    _ a: CGPath, _ b: CGPath, _ rule: CGPathFillRule
  ) -> [(String, CGPath, (Bool, Bool) -> Bool)] {
    [
      ("union", a.union(b, using: rule), { $0 || $1 }),
      ("intersection", a.intersection(b, using: rule), { $0 && $1 }),
      ("subtracting", a.subtracting(b, using: rule), { $0 && !$1 }),
      ("symmetricDifference", a.symmetricDifference(b, using: rule), { $0 != $1 }),
      ("normalized", a.normalized(using: rule), { x, _ in x }),
    ]
  }

  /// Every operation on the star and the square (20, 20, 60, 60), under both rules: the
  /// result covers exactly the grid points that the winding numbers of the inputs say.
  @Test(arguments: [CGPathFillRule.winding, .evenOdd])
  func starAndSquareCoverWhatTheWindingNumbersSay(rule: CGPathFillRule) {
    let points = Self.star(201)
    let star = Self.path(points)
    let square = Self.path(Self.square)
    let results = Self.operations(star, square, rule)
    let loops = results.map { Self.loops($0.1) }
    var checked = 0
    var covered = 0
    for gx in 0..<38 {
      for gy in 0..<38 {
        let p = CGPoint(x: 5.03 + CGFloat(gx) * 2.39, y: 4.91 + CGFloat(gy) * 2.39)
        guard Self.clear(p, of: points, margin: 1e-6), Self.clear(p, of: Self.square, margin: 1e-6)
        else { continue }
        checked += 1
        let inStar = rule.isInside(winding: Self.winding(points, p))
        let inSquare = Self.winding(Self.square, p) != 0
        if inStar || inSquare { covered += 1 }
        for ((name, _, op), loop) in zip(results, loops) {
          // The result's loops are simple and oriented, so its winding is 0 or 1.
          let w = Self.winding(loop, p)
          #expect(w == (op(inStar, inSquare) ? 1 : 0), "\(name) at \(p)")
        }
      }
    }
    #expect(checked > 1_300)
    // The union covers about half of [0, 100]² (the issue measured 49.9 % at n = 1,000).
    #expect(covered > checked / 3 && covered < checked * 3 / 4)
  }

  /// The union's outline follows only the outer envelope: the crossings inside the star
  /// are counted by the sweep and dropped, so the result stays small.
  @Test func starUnionKeepsOnlyTheBoundary() {
    let n = 301
    let union = Self.path(Self.star(n)).union(Self.path(Self.square))
    // About 0.2·n² = 18,000 crossings, but the outline has a few per star edge.
    #expect(union.elementEndPoints.count < 8 * n)
    #expect(union.elementEndPoints.count > n / 2)
  }

  /// The sweep's order does not depend on the scale: the star shrunk to a millionth or
  /// grown a millionfold covers the same (scaled) grid points, under both rules.
  @Test(arguments: [CGFloat(1e-6), 1e6])
  func scaledStarsCoverTheSame(scale: CGFloat) {
    let points = Self.star(61).map { CGPoint(x: $0.x * scale, y: $0.y * scale) }
    let square = Self.square.map { CGPoint(x: $0.x * scale, y: $0.y * scale) }
    for rule in [CGPathFillRule.winding, .evenOdd] {
      let loops = Self.loops(Self.path(points).union(Self.path(square), using: rule))
      var checked = 0
      for gx in 0..<30 {
        for gy in 0..<30 {
          let p = CGPoint(
            x: (6.1 + CGFloat(gx) * 2.9) * scale, y: (5.3 + CGFloat(gy) * 2.9) * scale)
          guard Self.clear(p, of: points, margin: 1e-6 * scale) else { continue }
          checked += 1
          let inside =
            rule.isInside(winding: Self.winding(points, p)) || Self.winding(square, p) != 0
          #expect(Self.winding(loops, p) == (inside ? 1 : 0), "\(rule) at \(p)")
        }
      }
      #expect(checked > 800)
    }
  }

  /// A random closed polygon: `count` vertices, either anywhere in [0, 100]² or on a coarse
  /// integer grid (so that vertices fall on other edges and edges overlap).
  static func randomPolygon(_ rng: inout SeededGenerator, count: Int, grid: Bool) -> [CGPoint] {
    (0..<count).map { _ in
      grid
        ? CGPoint(
          x: 10 * CGFloat(Int.random(in: 0...10, using: &rng)),
          y: 10 * CGFloat(Int.random(in: 0...10, using: &rng)))
        : CGPoint(
          x: CGFloat.random(in: 0...100, using: &rng), y: CGFloat.random(in: 0...100, using: &rng))
    }
  }

  /// Random self-intersecting polygons, with and without shared vertices and overlapping
  /// edges: every operation under both rules agrees with point containment in the inputs.
  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
  func randomPolygonsAgreeWithContainment(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let grid = seed % 2 == 0
    let a = Self.randomPolygon(&rng, count: 12 + Int(seed) * 3, grid: grid)
    let b = Self.randomPolygon(&rng, count: 8 + Int(seed) * 2, grid: grid)
    let pa = Self.path(a)
    let pb = Self.path(b)
    for rule in [CGPathFillRule.winding, .evenOdd] {
      let results = Self.operations(pa, pb, rule)
      let loops = results.map { Self.loops($0.1) }
      var checked = 0
      for gx in 0..<40 {
        for gy in 0..<40 {
          let p = CGPoint(x: 1.13 + CGFloat(gx) * 2.5, y: 0.97 + CGFloat(gy) * 2.5)
          guard Self.clear(p, of: a, margin: 1e-3), Self.clear(p, of: b, margin: 1e-3) else {
            continue
          }
          checked += 1
          let inA = pa.contains(p, using: rule)
          let inB = pb.contains(p, using: rule)
          for ((name, _, op), loop) in zip(results, loops) {
            #expect(Self.winding(loop, p) == (op(inA, inB) ? 1 : 0), "\(name), \(rule), at \(p)")
          }
        }
      }
      #expect(checked > 1_200)
      // The regions are whole: |A ∪ B| + |A ∩ B| = |A| + |B|.
      let area = { (p: CGPath) in signedArea(p) }
      let sum = area(results[0].1) + area(results[1].1)
      let parts = area(pa.normalized(using: rule)) + area(pb.normalized(using: rule))
      #expect(abs(sum - parts) < 1e-6 * 10_000)
    }
  }

  /// `intersects` agrees with the intersection on the star: the square overlaps it, a
  /// square in the star's empty middle does not, under the even-odd rule there.
  @Test func intersectsUsesTheSameSweep() {
    let star = Self.path(Self.star(101))
    #expect(star.intersects(Self.path(Self.square)))
    let far = CGPath(rect: CGRect(x: 200, y: 200, width: 10, height: 10), transform: nil)
    #expect(!star.intersects(far))
    #expect(!star.intersects(far, using: .evenOdd))
  }
}

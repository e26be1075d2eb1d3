import Foundation
import Testing

@testable import LayerGraphics

/// Randomized checks of the boolean operations against point containment.
@Suite struct BooleanPropertyTests {
  /// A random closed shape: an ellipse, a rounded rectangle, a rotated rectangle or a
  /// (possibly self-intersecting) polygon, inside a 100×100 box.
  private func randomShape(_ rng: inout SeededGenerator) -> CGPath {
    let x = CGFloat.random(in: 0...60, using: &rng)
    let y = CGFloat.random(in: 0...60, using: &rng)
    let w = CGFloat.random(in: 10...40, using: &rng)
    let h = CGFloat.random(in: 10...40, using: &rng)
    let r = CGRect(x: x, y: y, width: w, height: h)
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return CGPath(ellipseIn: r, transform: nil)
    case 1: return CGPath(roundedRect: r, cornerWidth: w / 4, cornerHeight: h / 5, transform: nil)
    case 2:
      var t = CGAffineTransform(translationX: r.midX, y: r.midY).rotated(
        by: CGFloat.random(in: 0...3, using: &rng)
      )
      .translatedBy(x: -r.midX, y: -r.midY)
      return CGPath(rect: r, transform: &t)
    default:
      let p = CGMutablePath()
      p.move(to: CGPoint(x: x, y: y))
      for _ in 0..<5 {
        p.addLine(
          to: CGPoint(
            x: CGFloat.random(in: 0...100, using: &rng), y: CGFloat.random(in: 0...100, using: &rng)
          ))
      }
      p.closeSubpath()
      return p
    }
  }

  private func clearOfEdges(_ p: CGPoint, _ shapes: [CGPath], _ rule: CGPathFillRule) -> Bool {
    let m: CGFloat = 0.05
    return shapes.allSatisfy { s in
      let here = s.contains(p, using: rule)
      return [(m, 0), (-m, 0), (0, m), (0, -m)].allSatisfy { d in
        s.contains(CGPoint(x: p.x + d.0, y: p.y + d.1), using: rule) == here
      }
    }
  }

  @Test(arguments: [UInt64(101), 102, 103, 104, 105, 106, 107, 108, 109, 110])
  func operationsAgreeWithContainment(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let a = randomShape(&rng)
    let b = randomShape(&rng)
    for rule in [CGPathFillRule.winding, .evenOdd] {
      let u = a.union(b, using: rule)
      let i = a.intersection(b, using: rule)
      let s = a.subtracting(b, using: rule)
      let x = a.symmetricDifference(b, using: rule)
      var n = 0
      for gx in 0..<24 {
        for gy in 0..<24 {
          let p = CGPoint(x: 1.7 + CGFloat(gx) * 4.1, y: 2.3 + CGFloat(gy) * 4.1)
          guard clearOfEdges(p, [a, b], rule) else { continue }
          n += 1
          let inA = a.contains(p, using: rule)
          let inB = b.contains(p, using: rule)
          #expect(u.contains(p) == (inA || inB), "union at \(p)")
          #expect(i.contains(p) == (inA && inB), "intersection at \(p)")
          #expect(s.contains(p) == (inA && !inB), "subtracting at \(p)")
          #expect(x.contains(p) == (inA != inB), "symmetric difference at \(p)")
          // The results fill the same under both rules.
          #expect(u.contains(p, using: .evenOdd) == u.contains(p, using: .winding))
        }
      }
      #expect(n > 400)
      // Areas: |A ∪ B| + |A ∩ B| = |A| + |B| (each normalized under the rule).
      let areaA = signedArea(a.normalized(using: rule))
      let areaB = signedArea(b.normalized(using: rule))
      #expect(abs(signedArea(u) + signedArea(i) - areaA - areaB) < 1e-6 * 10_000)
    }
  }

  @Test(arguments: [UInt64(201), 202, 203, 204, 205, 206])
  func unionWithItselfIsTheShape(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let a = randomShape(&rng)
    let u = a.union(a)
    let n = a.normalized()
    #expect(abs(signedArea(u) - signedArea(n)) < 1e-6)
    #expect(abs(signedArea(a.intersection(a)) - signedArea(n)) < 1e-6)
    #expect(a.subtracting(a).isEmpty)
    #expect(a.symmetricDifference(a).isEmpty)
    for gx in 0..<20 {
      for gy in 0..<20 {
        let p = CGPoint(x: 2.1 + CGFloat(gx) * 5, y: 1.9 + CGFloat(gy) * 5)
        guard clearOfEdges(p, [a], .winding) else { continue }
        #expect(u.contains(p) == a.contains(p))
      }
    }
  }
}

import Foundation
@_spi(Benchmarks) import LayerGraphics
import Testing

/// The sweep sums each touched group of four cells as a vector prefix sum; the in-order
/// sweep (`sumsCellsInOrder`) adds the cells one at a time as the rasterizer did before.
/// The two orders round differently, and the coverage they give may differ by at most one
/// level, over many random paths, under both fill rules, with clips, at tiny and huge
/// coordinates, and with NaN points (dropped either way).
@Suite struct VectorSweepTests {
  /// A seeded sequence of doubles in `0..<1`.
  struct Sequence {
    var state: UInt64
    mutating func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    mutating func within(_ lo: Double, _ hi: Double) -> CGFloat { CGFloat(lo + (hi - lo) * next()) }
  }

  /// Coordinates of one kind: inside a 96 × 72 bitmap, a few pixels across, far outside
  /// it, or huge.
  enum Scale: CaseIterable {
    case ordinary, tiny, overhanging, huge
  }

  /// A random path of two or three subpaths of lines, quadratics and cubics at `scale`.
  static func path(_ seed: UInt64, _ scale: Scale, nan: Bool) -> CGMutablePath {
    var r = Sequence(state: seed)
    func point() -> CGPoint {
      switch scale {
      case .ordinary: return CGPoint(x: r.within(-4, 100), y: r.within(-4, 76))
      case .tiny:
        let cx = r.within(5, 90)
        let cy = r.within(5, 66)
        return CGPoint(x: cx + r.within(-1.5, 1.5), y: cy + r.within(-1.5, 1.5))
      case .overhanging: return CGPoint(x: r.within(-400, 500), y: r.within(-300, 380))
      case .huge: return CGPoint(x: r.within(-3e7, 3e7), y: r.within(-3e7, 3e7))
      }
    }
    let p = CGMutablePath()
    for _ in 0..<(2 + Int(r.next() * 2)) {
      p.move(to: point())
      for _ in 0..<(3 + Int(r.next() * 6)) {
        switch Int(r.next() * 3) {
        case 0: p.addLine(to: point())
        case 1: p.addQuadCurve(to: point(), control: point())
        default: p.addCurve(to: point(), control1: point(), control2: point())
        }
      }
      if nan && r.next() < 0.5 { p.addLine(to: CGPoint(x: .nan, y: r.within(0, 70))) }
      p.closeSubpath()
    }
    return p
  }

  /// The alpha plane of `path` filled in opaque black on a clear 96 × 72 bitmap, summed
  /// in order or as vectors, after `clip`.
  static func coverage(
    _ path: CGPath, rule: CGPathFillRule, inOrder: Bool, clip: (CGContext) -> Void
  ) -> [UInt8] {
    let ctx = CGContext(width: 96, height: 72)!
    ctx.sumsCellsInOrder = inOrder
    clip(ctx)
    ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
    ctx.addPath(path)
    ctx.fillPath(using: rule)
    let pixels = ctx.makeImage()!.pixels
    return stride(from: 3, to: pixels.count, by: 4).map { pixels[$0] }
  }

  /// The clips the paths are drawn under: none, a fractional rectangle (a smaller clip
  /// box and its mask), and an ellipse (a clip mask).
  static let clips: [@Sendable (CGContext) -> Void] = [
    { _ in },
    { $0.clip(to: CGRect(x: 10.5, y: 7.25, width: 61.3, height: 50.6)) },
    {
      $0.addEllipse(in: CGRect(x: 3, y: 2, width: 88, height: 66))
      $0.clip()
    },
  ]

  @Test(arguments: [CGPathFillRule.winding, .evenOdd], Scale.allCases)
  func vectorSumsStayWithinOneLevelOfInOrderSums(rule: CGPathFillRule, scale: Scale) {
    var largest = 0
    var differing = 0
    var covered = 0
    for seed in 1...40 {
      let pathSeed = UInt64(seed) &* 7919 &+ UInt64(rule == .evenOdd ? 1 : 0)
      let path = Self.path(pathSeed, scale, nan: seed % 5 == 0)
      for clip in Self.clips {
        let vector = Self.coverage(path, rule: rule, inOrder: false, clip: clip)
        let ordered = Self.coverage(path, rule: rule, inOrder: true, clip: clip)
        for (a, b) in zip(vector, ordered) {
          let d = abs(Int(a) - Int(b))
          largest = max(largest, d)
          if d > 0 { differing += 1 }
          if b > 0 { covered += 1 }
        }
      }
    }
    #expect(largest <= 1, "largest coverage difference \(largest)")
    // The paths do cover pixels (the comparison is not of two empty bitmaps), and nearly
    // every pixel comes out the same.
    #expect(covered > 10_000)
    #expect(differing * 1000 < covered, "\(differing) of \(covered) covered pixels differ")
  }
}

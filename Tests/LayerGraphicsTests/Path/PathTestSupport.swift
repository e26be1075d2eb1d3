import Foundation
import Testing

@testable import LayerGraphics

/// Whether two points agree within `tol` in each coordinate.
func close(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool {
  abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
}

/// Whether two rectangles agree within `tol` in each edge.
func close(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9) -> Bool {
  abs(a.minX - b.minX) <= tol && abs(a.minY - b.minY) <= tol && abs(a.maxX - b.maxX) <= tol
    && abs(a.maxY - b.maxY) <= tol
}

/// A small deterministic generator (SplitMix64) for property tests.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Collects a flattened path as points.
struct PointCollector: PathFlatteningSink {
  var points: [CGPoint] = []
  mutating func moveTo(_ p: CGPoint) { points.append(p) }
  mutating func lineTo(_ p: CGPoint) { points.append(p) }
  mutating func close() {}
}

/// The signed area enclosed by a path (open subpaths closed), from a fine flattening;
/// positive when counter-clockwise in a y-up space.
func signedArea(_ path: CGPath, tolerance: CGFloat = 1e-4) -> CGFloat {
  path.storage.signedArea(tolerance: tolerance)
}

/// A random path of lines, quads and cubics in a 100×100 box.
func randomPath(_ rng: inout SeededGenerator, elements: Int = 8) -> CGMutablePath {
  func pt() -> CGPoint {
    CGPoint(
      x: CGFloat.random(in: 0...100, using: &rng), y: CGFloat.random(in: 0...100, using: &rng))
  }
  let p = CGMutablePath()
  p.move(to: pt())
  for _ in 0..<elements {
    switch Int.random(in: 0..<5, using: &rng) {
    case 0: p.addLine(to: pt())
    case 1: p.addQuadCurve(to: pt(), control: pt())
    case 2: p.addCurve(to: pt(), control1: pt(), control2: pt())
    case 3: p.closeSubpath()
    default: p.move(to: pt())
    }
  }
  return p
}

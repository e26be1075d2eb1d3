import Foundation
import LayerKit

extension BezierShape {
  /// The shape with its sharp corners rounded by `radius` points (the Rounded Corners
  /// shape item, `rd`, on a free path), as lottie-ios, lottie-web and lottie-android do.
  ///
  /// A vertex is sharp when both its tangents are zero; vertices with tangents are already
  /// curved and stay. A sharp vertex splits in two: one moved toward the previous vertex,
  /// one toward the next, each by `min(radius, half the distance)`, joined by a curve
  /// whose control points lie 0.5519 of the way back toward the original corner. An open
  /// shape keeps its first and last vertices; a closed one is rounded all round and
  /// starts at its second vertex (lottie-ios stores a closed path with its first vertex
  /// repeated at the end and rounds from there).
  func roundingCorners(radius: Double) -> BezierShape {
    let n = vertices.count
    guard radius > 0, n > 1 else { return self }
    let order = closed ? Array(1..<n) + [0] : Array(0..<n)
    let sharp = { (k: Int) in self.inTangents[k] == .zero && self.outTangents[k] == .zero }
    guard order.contains(where: sharp) else { return self }
    let handle = 0.5519
    var v: [CGPoint] = []
    var i: [CGPoint] = []
    var o: [CGPoint] = []
    for (j, k) in order.enumerated() {
      let p = vertices[k]
      guard sharp(k), closed || (j != 0 && j != n - 1) else {
        v.append(p)
        i.append(inTangents[k])
        o.append(outTangents[k])
        continue
      }
      let previous = vertices[order[(j + n - 1) % n]]
      let next = vertices[order[(j + 1) % n]]
      for (q, isPrevious) in [(previous, true), (next, false)] {
        let d = hypot(q.x - p.x, q.y - p.y)
        let t = d > 0 ? min(d / 2, radius) / d : 0
        let moved = CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
        // The control point toward the corner, relative to the moved vertex.
        let toward = CGPoint(x: (p.x - moved.x) * handle, y: (p.y - moved.y) * handle)
        v.append(moved)
        i.append(isPrevious ? .zero : toward)
        o.append(isPrevious ? toward : .zero)
      }
    }
    return BezierShape(vertices: v, inTangents: i, outTangents: o, closed: closed)
  }
}

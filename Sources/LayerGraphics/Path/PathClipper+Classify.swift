import Foundation

extension PathClipper {
  /// A directed edge of the result, with the result's interior on its left.
  struct BoundaryEdge {
    var from: Int
    var to: Int
    var source: Source
  }

  /// Which of the four axis directions a winding ray points along.
  private enum RayAxis {
    case plusX, minusX, plusY, minusY

    /// Rotates `p` so that the ray points along +x (rotations keep winding signs).
    @inline(__always)
    func rotate(_ p: CGPoint) -> CGPoint {
      switch self {
      case .plusX: return p
      case .minusX: return CGPoint(x: -p.x, y: -p.y)
      case .plusY: return CGPoint(x: p.y, y: -p.x)
      case .minusY: return CGPoint(x: -p.y, y: p.x)
      }
    }
  }

  /// Sub-edges bucketed into bands across one axis, so a ray along the other axis only
  /// visits the sub-edges of one band.
  private struct Bands {
    var lower: CGFloat
    var width: CGFloat
    var buckets: [[Int]]

    init(_ spans: [(CGFloat, CGFloat)]) {
      let lo = spans.map(\.0).min() ?? 0
      let hi = spans.map(\.1).max() ?? 0
      let count = Swift.max(1, Swift.min(2048, Int(Double(spans.count).squareRoot() * 2)))
      lower = lo
      width = Swift.max((hi - lo) / CGFloat(count), CGFloat.leastNormalMagnitude)
      buckets = Array(repeating: [], count: count)
      for (i, s) in spans.enumerated() {
        let a = bucket(s.0)
        let b = bucket(s.1)
        for k in a...b { buckets[k].append(i) }
      }
    }

    func bucket(_ v: CGFloat) -> Int {
      let k = ((v - lower) / width).rounded(.down)
      guard k.isFinite else { return 0 }
      return Swift.max(0, Swift.min(buckets.count - 1, Int(k)))
    }
  }

  /// Finds the sub-edges that bound the result.
  ///
  /// - Parameter inside: whether a point with winding numbers `(wa, wb)` is in the result.
  /// - Complexity: O(g · n / √n) on average for g groups of n sub-edges.
  func classify(
    vertices v: [CGPoint], subEdges: [SubEdge], inside: (Int, Int) -> Bool
  ) -> [BoundaryEdge] {
    // Group coincident sub-edges; count each operand's net crossings lo → hi.
    var groupOf = [Int](repeating: 0, count: subEdges.count)
    var groups: [(lo: Int, hi: Int, net: (Int, Int), source: Source)] = []
    var index: [Int: Int] = [:]
    let n = v.count
    for (k, e) in subEdges.enumerated() {
      let lo = Swift.min(e.u, e.v)
      let hi = Swift.max(e.u, e.v)
      let forward = e.u == lo
      let key = lo &* n &+ hi
      let g: Int
      if let existing = index[key] {
        g = existing
      } else {
        g = groups.count
        index[key] = g
        let src =
          forward ? e.source : Source(curve: e.source.curve, t0: e.source.t1, t1: e.source.t0)
        groups.append((lo, hi, (0, 0), src))
      }
      groupOf[k] = g
      let d = forward ? 1 : -1
      if e.operand == 0 { groups[g].net.0 += d } else { groups[g].net.1 += d }
    }

    let ySpans = subEdges.map { (Swift.min(v[$0.u].y, v[$0.v].y), Swift.max(v[$0.u].y, v[$0.v].y)) }
    let xSpans = subEdges.map { (Swift.min(v[$0.u].x, v[$0.v].x), Swift.max(v[$0.u].x, v[$0.v].x)) }
    let rows = Bands(ySpans)
    let columns = Bands(xSpans)

    var out: [BoundaryEdge] = []
    for (g, group) in groups.enumerated() {
      if group.net.0 == 0 && group.net.1 == 0 {
        // Edges that cancel out (a path doubling back on itself) bound nothing.
        continue
      }
      let a = v[group.lo]
      let b = v[group.hi]
      let m = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
      let dx = b.x - a.x
      let dy = b.y - a.y
      let axis: RayAxis
      let candidates: [Int]
      if abs(dx) >= abs(dy) {
        axis = dx > 0 ? .minusY : .plusY
        candidates = columns.buckets[columns.bucket(m.x)]
      } else {
        axis = dy > 0 ? .plusX : .minusX
        candidates = rows.buckets[rows.bucket(m.y)]
      }
      let origin = axis.rotate(m)
      var wa = 0
      var wb = 0
      for k in candidates where groupOf[k] != g {
        let e = subEdges[k]
        let c = Self.crossing(axis.rotate(v[e.u]), axis.rotate(v[e.v]), origin)
        if c != 0 {
          if e.operand == 0 { wa += c } else { wb += c }
        }
      }
      let right = inside(wa, wb)
      let left = inside(wa + group.net.0, wb + group.net.1)
      if left == right { continue }
      if left {
        out.append(BoundaryEdge(from: group.lo, to: group.hi, source: group.source))
      } else {
        let s = group.source
        out.append(
          BoundaryEdge(
            from: group.hi, to: group.lo, source: Source(curve: s.curve, t0: s.t1, t1: s.t0)))
      }
    }
    return out
  }

  /// The signed crossing of `a→b` with the ray from `p` towards +x (half-open in y).
  @inline(__always)
  static func crossing(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> Int {
    if a.y <= p.y {
      if b.y > p.y && orient(a, b, p) > 0 { return 1 }
    } else if b.y <= p.y && orient(a, b, p) < 0 {
      return -1
    }
    return 0
  }
}

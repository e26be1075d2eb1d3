import Foundation

/// The plane sweep behind `PathClipper`: finds where edges cross and classifies every piece
/// of every edge in one pass, keeping only the pieces on the result's boundary.
///
/// A horizontal line sweeps the plane upwards, meeting points in (y, x) order (so a
/// horizontal edge is swept from its left end, as if the plane were turned a hair
/// clockwise). Its status is the list of edges it cuts, left to right, each with the
/// winding numbers of both operands just left of it. Events, in sweep order:
///
/// - **Vertices** (sorted once): edges ending there leave the status, edges starting there
///   join it, and edges passing within `snap` of the vertex are cut there (T-junctions and
///   collinear overlaps). The edges at the vertex are ordered by direction.
/// - **Crossings**: two neighbours in the status that converge and cross properly swap
///   places at their crossing. Each edge keeps one pending crossing, with its right
///   neighbour, in a `CrossingQueue`; it is recomputed whenever that neighbour changes.
///
/// Each event ends the current piece of the edges it touches. A piece's windings are those
/// of its status entry (left: stored; right: left plus the edge's direction), so the fill
/// rules and the operation decide at once whether it bounds the result; if it does, it is
/// kept, oriented with the result's interior on its left. Coincident edges lie side by side
/// in the status with zero-width regions between them; their pieces telescope, and pairs
/// running opposite ways cancel when `PathClipper` groups them.
///
/// Robustness: the sweep's order is decided only by the input's own coordinates (vertex
/// positions, and each pair's convergence from its two direction vectors, which flips sign
/// exactly when the pair swaps), so each pair swaps at most once and the sweep ends after
/// at most n² crossings whatever the rounding. Computed crossing points are only output:
/// they never feed back into the order, and an event computed behind the sweep line is
/// taken where the line is.
///
/// - Complexity: O((n + k) log n) time for n edges and k crossings (sorting, the queue,
///   binary searches), plus shifting the status array at each vertex (O(a) for a edges cut
///   by the sweep line, as Clipper's active-edge list). O(n) memory besides the output.
struct BooleanSweep {
  /// An edge oriented for the sweep: `bottom` comes before `top` in (y, x) order.
  struct SweepEdge {
    var bottom: CGPoint
    var top: CGPoint
    /// The winding contribution right of the edge minus left of it, per operand.
    var step: SIMD2<Int32>
    /// The source's parameters at `bottom` (`t0`) and `top` (`t1`); for lines, 0 and 1.
    var source: PathClipper.Source

    var direction: CGPoint { CGPoint(x: top.x - bottom.x, y: top.y - bottom.y) }
  }

  /// A piece of an edge on the result's boundary, interior on its left (y-up).
  struct Piece {
    var from: CGPoint
    var to: CGPoint
    var source: PathClipper.Source
  }

  /// A vertex event: `edge` starts (`isTop == false`) or ends at `point`.
  struct Vertex {
    var point: CGPoint
    var edge: Int32
    var isTop: Bool
  }

  let edges: [SweepEdge]
  let curves: [PathSegment]
  let snap: CGFloat
  let tolerance: CGFloat
  /// Whether a point is in the result, indexed by `inA · 2 + inB`.
  let table: [Bool]
  let ruleA: CGPathFillRule
  let ruleB: CGPathFillRule

  /// The status: edge indices, left to right.
  var status: [Int32] = []
  /// Each edge's index in `status`, or −1 when the sweep line does not cut it.
  var place: [Int32]
  /// Each edge's windings just left of it (while in the status).
  var windings: [SIMD2<Int32>]
  /// Where each edge's current piece begins, and the source parameter there.
  var pieceStart: [CGPoint]
  var pieceT: [CGFloat]
  var queue: CrossingQueue
  var pieces: [Piece] = []
  /// The last event's point.
  var sweepPoint = CGPoint(x: -CGFloat.infinity, y: -CGFloat.infinity)

  /// Prepares a sweep of `clipper`'s edges; `inside(inA, inB)` says whether a point is in
  /// the result.
  init(
    _ clipper: PathClipper, ruleA: CGPathFillRule, ruleB: CGPathFillRule,
    inside: (Bool, Bool) -> Bool
  ) {
    edges = clipper.edges.map { e in
      let forward = Self.precedes(e.a, e.b)
      let s = e.source
      let d: Int32 = forward ? 1 : -1
      let source =
        s.curve < 0
        ? PathClipper.Source(curve: -1, t0: 0, t1: 1)
        : forward ? s : PathClipper.Source(curve: s.curve, t0: s.t1, t1: s.t0)
      return SweepEdge(
        bottom: forward ? e.a : e.b, top: forward ? e.b : e.a,
        step: e.operand == 0 ? SIMD2(d, 0) : SIMD2(0, d), source: source)
    }
    curves = clipper.curves
    snap = clipper.snap
    tolerance = clipper.tolerance
    table = [inside(false, false), inside(false, true), inside(true, false), inside(true, true)]
    self.ruleA = ruleA
    self.ruleB = ruleB
    let n = edges.count
    place = Array(repeating: -1, count: n)
    windings = Array(repeating: .zero, count: n)
    pieceStart = Array(repeating: .zero, count: n)
    pieceT = Array(repeating: 0, count: n)
    queue = CrossingQueue(count: n)
  }

  /// Whether `p` comes before `q` in sweep order.
  @inline(__always)
  static func precedes(_ p: CGPoint, _ q: CGPoint) -> Bool {
    p.y < q.y || (p.y == q.y && p.x < q.x)
  }

  /// Runs the sweep to the end.
  ///
  /// - Returns: the boundary pieces, in the order the sweep closed them.
  mutating func run() -> [Piece] {
    var vertices: [Vertex] = []
    vertices.reserveCapacity(edges.count * 2)
    for (i, e) in edges.enumerated() {
      vertices.append(Vertex(point: e.bottom, edge: Int32(i), isTop: false))
      vertices.append(Vertex(point: e.top, edge: Int32(i), isTop: true))
    }
    vertices.sort {
      $0.point.y != $1.point.y
        ? $0.point.y < $1.point.y
        : $0.point.x != $1.point.x ? $0.point.x < $1.point.x : $0.edge < $1.edge
    }
    var next = 0
    var ending: [Int32] = []
    var starting: [Int32] = []
    while true {
      if let (e, point) = queue.first,
        next == vertices.count || !Self.precedes(vertices[next].point, point)
      {
        cross(e, at: point)
        continue
      }
      guard next < vertices.count else { break }
      let p = vertices[next].point
      ending.removeAll(keepingCapacity: true)
      starting.removeAll(keepingCapacity: true)
      while next < vertices.count && vertices[next].point == p {
        if vertices[next].isTop {
          ending.append(vertices[next].edge)
        } else {
          starting.append(vertices[next].edge)
        }
        next += 1
      }
      vertex(at: p, ending: ending, starting: starting)
    }
    return pieces
  }

  /// Where edge `e` meets the horizontal line through `p` (for a horizontal edge: `p.x`
  /// clamped to the edge, the point the tilted sweep line is at).
  @inline(__always)
  func x(of e: Int32, at p: CGPoint) -> CGFloat {
    let s = edges[Int(e)]
    if s.top.y == s.bottom.y { return Swift.min(Swift.max(p.x, s.bottom.x), s.top.x) }
    if p.y >= s.top.y { return s.top.x }
    if p.y <= s.bottom.y { return s.bottom.x }
    return s.bottom.x + (s.top.x - s.bottom.x) * ((p.y - s.bottom.y) / (s.top.y - s.bottom.y))
  }

  /// Whether `p` lies within `snap` (across the sweep) of edge `e`'s interior.
  @inline(__always)
  func passesNear(_ e: Int32, _ p: CGPoint) -> Bool {
    let s = edges[Int(e)]
    guard Self.precedes(s.bottom, p), Self.precedes(p, s.top) else { return false }
    return abs(x(of: e, at: p) - p.x) <= snap
  }

  /// The source parameter of edge `e` at the point of it nearest `p`.
  @inline(__always)
  func parameter(of e: Int32, at p: CGPoint) -> CGFloat {
    let s = edges[Int(e)]
    let d = s.direction
    let len2 = d.x * d.x + d.y * d.y
    var f = len2 > 0 ? ((p.x - s.bottom.x) * d.x + (p.y - s.bottom.y) * d.y) / len2 : 0
    f = f.isFinite ? Swift.min(Swift.max(f, 0), 1) : 0
    return s.source.at(f)
  }

  /// Ends edge `e`'s current piece at `p` (source parameter `t`), keeping it when it bounds
  /// the result, and starts the next piece there.
  @inline(__always)
  mutating func close(_ e: Int32, at p: CGPoint, t: CGFloat) {
    let i = Int(e)
    let s = pieceStart[i]
    if s != p {
      let left = windings[i]
      let right = left &+ edges[i].step
      let inLeft = isInside(left)
      let inRight = isInside(right)
      if inLeft != inRight {
        let c = edges[i].source.curve
        pieces.append(
          inLeft
            ? Piece(from: s, to: p, source: PathClipper.Source(curve: c, t0: pieceT[i], t1: t))
            : Piece(from: p, to: s, source: PathClipper.Source(curve: c, t0: t, t1: pieceT[i])))
      }
    }
    pieceStart[i] = p
    pieceT[i] = t
  }

  @inline(__always)
  func isInside(_ w: SIMD2<Int32>) -> Bool {
    let a = ruleA.isInside(winding: Int(w.x))
    let b = ruleB.isInside(winding: Int(w.y))
    return table[(a ? 2 : 0) + (b ? 1 : 0)]
  }
}

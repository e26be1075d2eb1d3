import Foundation

/// Boolean operations on filled paths by a winding-number sweep.
///
/// The algorithm, in stages:
///
/// 1. **Flatten.** Every subpath of both operands becomes a closed ring of straight edges
///    (curves within `tolerance`, open subpaths closed as filling closes them). Each edge
///    remembers the curve and the parameter range it came from.
/// 2. **Sweep.** One plane sweep (`BooleanSweep`, Bentley–Ottmann) finds every crossing in
///    sweep order and cuts edges at the vertices within `snap` of them (T-junctions and
///    collinear overlaps). Its status holds, beside each edge it cuts, each operand's
///    winding number just left of the edge; a swap or an insertion updates them from the
///    neighbour, so every piece of every edge between two events knows the windings on its
///    two sides without a ray. The fill rules and the operation say at once whether a
///    piece bounds the result; only those pieces are kept, oriented with the result's
///    interior on their left. Crossings on curve edges are moved onto the true crossing of
///    the curves (Newton's method).
/// 3. **Group.** Piece ends closer than `snap` become one vertex; coincident pieces are
///    summed by direction, so coincident edges bound the result once or cancel.
/// 4. **Link.** At each vertex the walk takes the leftmost turn, so touching regions come
///    out as separate simple loops.
/// 5. **Rebuild.** Runs of edges that came from one curve are replaced by the exact piece
///    of that curve (de Casteljau), its ends moved onto the loop's vertices; collinear
///    line vertices are dropped.
///
/// For n edges, k crossings and m boundary pieces this takes O((n + k) log n + m) time
/// (plus the sweep's status shifts, O(n) per vertex as in Clipper) and O(n + m) memory:
/// crossings inside the result or outside it are counted and dropped, never stored.
///
/// The result's loops are closed, with interiors on their left (counter-clockwise in a
/// y-up space) and holes the other way, so it fills the same under both fill rules.
package struct PathClipper {
  /// Where a flattened edge came from: a curve (index into `curves`) and its parameters
  /// at the edge's two ends, or a straight line (`curve == -1`).
  struct Source {
    var curve: Int32
    var t0: CGFloat
    var t1: CGFloat

    /// The source parameter at fraction `f` along the edge.
    @inline(__always)
    func at(_ f: CGFloat) -> CGFloat { t0 + (t1 - t0) * f }
  }

  struct Edge {
    var a: CGPoint
    var b: CGPoint
    /// 0 for the first operand, 1 for the second.
    var operand: Int
    var source: Source
  }

  var edges: [Edge] = []
  var curves: [PathSegment] = []
  var tolerance: CGFloat
  var snap: CGFloat

  /// Prepares the operands; `b` may be empty (for normalization).
  init(_ a: PathStorage, _ b: PathStorage) {
    var minX = CGFloat.infinity
    var minY = CGFloat.infinity
    var maxX = -CGFloat.infinity
    var maxY = -CGFloat.infinity
    for p in a.points + b.points where p.x.isFinite && p.y.isFinite {
      minX = Swift.min(minX, p.x)
      maxX = Swift.max(maxX, p.x)
      minY = Swift.min(minY, p.y)
      maxY = Swift.max(maxY, p.y)
    }
    let extent = Swift.max(maxX - minX, maxY - minY, abs(minX), abs(maxX), abs(minY), abs(maxY))
    let size = Swift.max(maxX - minX, maxY - minY)
    let e = extent.isFinite && extent > 0 ? extent : 1
    let s = size.isFinite && size > 0 ? size : e
    tolerance = Swift.max(Swift.min(0.01, s * 5e-5), e * 1e-12)
    snap = e * 1e-10
    add(a, operand: 0)
    add(b, operand: 1)
  }

  /// Flattens `storage` into closed rings of edges.
  private mutating func add(_ storage: PathStorage, operand: Int) {
    for sub in storage.subpaths {
      var ring: [(CGPoint, Source)] = []
      var last = sub.start
      for seg in sub.segments where seg.isFinite {
        if seg.kind == .line {
          ring.append((seg.end, Source(curve: -1, t0: 0, t1: 1)))
          last = seg.end
          continue
        }
        let index = Int32(curves.count)
        curves.append(seg)
        let n = pieces(seg)
        var t0: CGFloat = 0
        for k in 1...n {
          let t1 = k == n ? 1 : CGFloat(k) / CGFloat(n)
          ring.append((k == n ? seg.end : seg.point(at: t1), Source(curve: index, t0: t0, t1: t1)))
          t0 = t1
        }
        last = seg.end
      }
      guard sub.start.x.isFinite, sub.start.y.isFinite, !ring.isEmpty else { continue }
      if last != sub.start { ring.append((sub.start, Source(curve: -1, t0: 0, t1: 1))) }
      var prev = sub.start
      for (p, src) in ring {
        if p != prev { edges.append(Edge(a: prev, b: p, operand: operand, source: src)) }
        prev = p
      }
    }
  }

  /// Uniform pieces keeping the chords within `tolerance` (Wang's formula).
  private func pieces(_ s: PathSegment) -> Int {
    let m: CGFloat
    switch s.kind {
    case .line: return 1
    case .quad:
      m = hypot(s.start.x - 2 * s.control1.x + s.end.x, s.start.y - 2 * s.control1.y + s.end.y)
      return Self.clampPieces((2.0 / 8 * m / tolerance).squareRoot())
    case .cubic:
      let d1 = hypot(
        s.start.x - 2 * s.control1.x + s.control2.x, s.start.y - 2 * s.control1.y + s.control2.y)
      let d2 = hypot(
        s.control1.x - 2 * s.control2.x + s.end.x, s.control1.y - 2 * s.control2.y + s.end.y)
      m = Swift.max(d1, d2)
      return Self.clampPieces((6.0 / 8 * m / tolerance).squareRoot())
    }
  }

  private static func clampPieces(_ n: CGFloat) -> Int {
    guard n.isFinite else { return 1 }
    return Swift.min(Swift.max(Int(geometric: n, .up), 1), 4096)
  }

  /// Runs the operation: `inside(inA, inB)` says whether a point inside (or outside) each
  /// operand, under its fill rule, is in the result.
  func run(ruleA: CGPathFillRule, ruleB: CGPathFillRule, _ inside: (Bool, Bool) -> Bool)
    -> PathStorage
  {
    guard !edges.isEmpty else { return PathStorage() }
    var sweep = BooleanSweep(self, ruleA: ruleA, ruleB: ruleB, inside: inside)
    let (vertices, boundary) = boundary(of: sweep.run())
    return link(vertices: vertices, edges: boundary)
  }

  /// The twice-signed area of triangle `a b c`: positive when `c` is left of `a→b`.
  @inline(__always)
  static func orient(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGFloat {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
  }
}

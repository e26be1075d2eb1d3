import Foundation

extension CGPath {
  /// The smallest rectangle holding every point of the path, control points included.
  ///
  /// `CGRect.null` for an empty path. Cheap: one pass over the points.
  public var boundingBox: CGRect {
    guard !storage.points.isEmpty else { return .null }
    var minX = CGFloat.infinity
    var minY = CGFloat.infinity
    var maxX = -CGFloat.infinity
    var maxY = -CGFloat.infinity
    for p in storage.points {
      minX = Swift.min(minX, p.x)
      minY = Swift.min(minY, p.y)
      maxX = Swift.max(maxX, p.x)
      maxY = Swift.max(maxY, p.y)
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The smallest rectangle holding the path's outline: end points and the extremes of
  /// its curves, not their control points.
  ///
  /// `CGRect.null` for an empty path; a path of lone `move(to:)` points counts them.
  public var boundingBoxOfPath: CGRect {
    guard !storage.points.isEmpty else { return .null }
    var box = CGRect.null
    func add(_ r: CGRect) { box = box.isNull ? r : box.union(r) }
    // Every subpath's start (a lone move counts) and every segment's tight box, in path
    // order, walked in place (no subpath arrays to build).
    let points = storage.points
    var i = 0
    for verb in storage.verbs {
      if verb == .moveToPoint { add(CGRect(origin: points[i], size: .zero)) }
      i += verb.pointCount
    }
    storage.forEachSegment { add($0.tightBounds) }
    return box
  }

  /// Whether `point`, mapped by `transform`, lies inside the path under `rule`.
  ///
  /// Open subpaths count as closed. Curves are flattened to within 10⁻⁴ of the path's
  /// size and the winding number is counted exactly on that polygon with the half-open
  /// crossing rule, so points on shared edges and vertices are counted once.
  ///
  /// - Complexity: O(flattened segments).
  public func contains(
    _ point: CGPoint, using rule: CGPathFillRule = .winding,
    transform: CGAffineTransform = .identity
  ) -> Bool {
    let p = point.applying(transform)
    guard p.x.isFinite, p.y.isFinite else { return false }
    return rule.isInside(winding: storage.windingNumber(at: p))
  }

  /// Whether the path is exactly one axis-aligned rectangle, and if so which.
  ///
  /// Recognizes a `move` followed by three or four lines (the fourth back to the start)
  /// along alternating axes, optionally closed, as `addRect` makes. Writes the
  /// standardized rectangle to `rect` when it is not `nil`.
  public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
    let v = storage.verbs
    guard v.count >= 4, v[0] == .moveToPoint else { return false }
    var pts = [storage.points[0]]
    var k = 1
    while k < v.count && v[k] == .addLineToPoint {
      pts.append(storage.points[k])
      k += 1
    }
    let closed = k < v.count && v[k] == .closeSubpath
    if closed { k += 1 }
    guard k == v.count else { return false }
    if pts.count == 5 && pts[4] == pts[0] { pts.removeLast() }
    guard pts.count == 4, closed || v.count == 5 else { return false }
    let horizontalFirst = pts[0].y == pts[1].y
    for i in 0..<4 {
      let a = pts[i]
      let b = pts[(i + 1) % 4]
      let horizontal = (i % 2 == 0) == horizontalFirst
      if horizontal ? (a.y != b.y || a.x == b.x) : (a.x != b.x || a.y == b.y) { return false }
    }
    let r = CGRect(
      x: pts[0].x, y: pts[0].y, width: pts[2].x - pts[0].x, height: pts[2].y - pts[0].y
    ).standardized
    rect?.pointee = r
    return true
  }
}

/// Counts the winding number of a flattened path around one point.
private struct WindingCounter: PathFlatteningSink {
  let p: CGPoint
  var winding = 0
  var start = CGPoint.zero
  var last = CGPoint.zero
  var open = false

  init(_ p: CGPoint) { self.p = p }

  mutating func moveTo(_ q: CGPoint) {
    close()
    start = q
    last = q
    open = true
  }

  mutating func lineTo(_ q: CGPoint) {
    winding += WindingCounter.crossing(last, q, p)
    last = q
  }

  mutating func close() {
    if open && last != start { winding += WindingCounter.crossing(last, start, p) }
    last = start
  }

  /// The signed crossing of edge `a→b` with the ray from `p` towards +x: +1 for an
  /// upward edge with `p` on its left, −1 for a downward edge with `p` on its right.
  /// Half-open in y, so a vertex on the ray is counted once.
  @inline(__always)
  static func crossing(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> Int {
    if a.y <= p.y {
      if b.y > p.y && orient(a, b, p) > 0 { return 1 }
    } else if b.y <= p.y && orient(a, b, p) < 0 {
      return -1
    }
    return 0
  }

  @inline(__always)
  static func orient(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
    (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
  }
}

extension PathStorage {
  /// The winding number of the path (open subpaths closed) around `p`.
  package func windingNumber(at p: CGPoint) -> Int {
    var counter = WindingCounter(p)
    PathFlattener.flatten(self, tolerance: flatteningTolerance, into: &counter)
    counter.close()
    return counter.winding
  }

  /// A flattening tolerance of 10⁻⁴ of the path's largest extent (at least 10⁻⁹).
  package var flatteningTolerance: CGFloat {
    var minX = CGFloat.infinity
    var minY = CGFloat.infinity
    var maxX = -CGFloat.infinity
    var maxY = -CGFloat.infinity
    for p in points where p.x.isFinite && p.y.isFinite {
      minX = Swift.min(minX, p.x)
      minY = Swift.min(minY, p.y)
      maxX = Swift.max(maxX, p.x)
      maxY = Swift.max(maxY, p.y)
    }
    let extent = Swift.max(maxX - minX, maxY - minY)
    return extent.isFinite ? Swift.max(extent * 1e-4, 1e-9) : 1
  }
}

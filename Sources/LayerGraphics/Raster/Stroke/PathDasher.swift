import Foundation

/// Cuts a path into dashes: open polylines along the flattened path.
///
/// The pattern alternates on and off lengths (`lengths[0]` on, `lengths[1]` off, …; an
/// odd count repeats with on and off swapped, as in Core Graphics) and starts `phase`
/// units into the pattern. Each subpath starts the pattern afresh. A dash of length zero
/// is kept as a zero-length subpath, so round and square caps draw it as a dot.
///
/// Only what can be seen is cut: with a `visible` rectangle, each segment is clipped to
/// it and the pattern is advanced over the rest arithmetically (a remainder by the
/// pattern's length), so a long line with a tiny pattern costs only the dashes on
/// screen. When even those would be more than `maximumDashCount` (a pattern of 1e-9
/// units, or a fine pattern along a path millions of units long), the pattern is
/// refused, as Skia refuses past about a million segments.
///
/// - Complexity: O(flattened points + visible dashes).
package enum PathDasher {
  /// The most dashes one path is cut into (262,144); a finer pattern draws solid.
  package static let maximumDashCount = 1 << 18

  /// Where in the pattern the walk is.
  private struct Cursor {
    let pattern: [CGFloat]
    let total: CGFloat
    var index = 0
    var remaining: CGFloat
    var on: Bool { index % 2 == 0 }

    init(pattern: [CGFloat], total: CGFloat) {
      self.pattern = pattern
      self.total = total
      remaining = pattern[0]
    }

    mutating func step() {
      index = (index + 1) % pattern.count
      remaining = pattern[index]
    }

    /// Moves `d` units along without cutting: O(pattern count) for any `d`.
    mutating func advance(_ distance: CGFloat) {
      var d = distance
      if d < remaining {
        remaining -= d
        return
      }
      d -= remaining
      step()
      d = d.truncatingRemainder(dividingBy: total)
      while d >= remaining {
        d -= remaining
        step()
      }
      remaining -= d
    }
  }

  /// The dashed path, or nil when the pattern is unusable (empty, negative, non-finite,
  /// with a zero total, or finer than `maximumDashCount` dashes over the visible part),
  /// meaning "draw solid".
  ///
  /// - Parameter visible: the part of the path's space that can show (already grown by
  ///   whatever a stroke adds around its centre line); nil cuts everything.
  package static func dash(
    _ path: PathStorage, phase: CGFloat, lengths: [CGFloat], tolerance: CGFloat,
    visible: CGRect? = nil
  ) -> PathStorage? {
    guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), phase.isFinite else {
      return nil
    }
    let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
    let total = pattern.reduce(0, +)
    guard total > 0, total.isFinite else { return nil }
    var collector = PolylineCollector()
    PathFlattener.flatten(path, tolerance: tolerance, into: &collector)
    collector.finish()

    // Each segment's visible stretch, as distances along it.
    func shownStretch(_ a: CGPoint, _ b: CGPoint, _ len: CGFloat) -> (lo: CGFloat, hi: CGFloat) {
      guard let visible else { return (0, len) }
      guard let (t0, t1) = Self.clip(a, b, to: visible) else { return (len, len) }
      return (t0 * len, t1 * len)
    }
    var shownLength: CGFloat = 0
    for poly in collector.polylines {
      let pts = poly.points
      let count = poly.closed ? pts.count : pts.count - 1
      for s in 0..<Swift.max(count, 0) {
        let a = pts[s]
        let b = pts[(s + 1) % pts.count]
        let len = hypot(b.x - a.x, b.y - a.y)
        guard len.isFinite else { return nil }
        let (lo, hi) = shownStretch(a, b, len)
        shownLength += hi - lo
      }
    }
    guard shownLength / total * CGFloat(pattern.count) <= CGFloat(maximumDashCount) else {
      return nil
    }

    var start = Cursor(pattern: pattern, total: total)
    var p = phase.truncatingRemainder(dividingBy: total)
    if p < 0 { p += total }
    if p > 0 { start.advance(p) }

    var out = PathStorage()
    for poly in collector.polylines {
      var c = start
      // Whether the output's current point is the walk's position inside a dash.
      var penDown = false
      let pts = poly.points
      if c.on {
        out.move(to: pts[0])
        penDown = true
      }
      let count = poly.closed ? pts.count : pts.count - 1
      guard count > 0 else { continue }
      for s in 0..<count {
        let a = pts[s]
        let b = pts[(s + 1) % pts.count]
        let dx = b.x - a.x
        let dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        func point(_ t: CGFloat) -> CGPoint {
          t >= len ? b : CGPoint(x: a.x + dx * t / len, y: a.y + dy * t / len)
        }
        let (lo, hi) = shownStretch(a, b, len)
        if lo > 0 {
          c.advance(lo)
          penDown = false
        }
        if lo < hi || visible == nil {
          var t = lo
          if c.on && !penDown {
            out.move(to: point(t))
            penDown = true
          }
          while hi - t > c.remaining {
            t += c.remaining
            let q = point(t)
            if c.on { out.line(to: q) } else { out.move(to: q) }
            penDown = !c.on
            c.step()
          }
          c.remaining -= hi - t
          if c.on && penDown { out.line(to: point(hi)) }
        }
        if hi < len {
          c.advance(len - hi)
          penDown = false
        }
      }
    }
    return out
  }

  /// The parameters (0…1) where segment `a`→`b` enters and leaves `r` (Liang–Barsky),
  /// or nil when it misses it.
  static func clip(_ a: CGPoint, _ b: CGPoint, to r: CGRect) -> (CGFloat, CGFloat)? {
    var t0: CGFloat = 0
    var t1: CGFloat = 1
    let d = CGPoint(x: b.x - a.x, y: b.y - a.y)
    for (p, q) in [
      (-d.x, a.x - r.minX), (d.x, r.maxX - a.x), (-d.y, a.y - r.minY), (d.y, r.maxY - a.y),
    ] {
      if p == 0 {
        if q < 0 { return nil }
        continue
      }
      let t = q / p
      if p < 0 { t0 = Swift.max(t0, t) } else { t1 = Swift.min(t1, t) }
      if t0 > t1 { return nil }
    }
    return (t0, t1)
  }
}

/// Collects flattened polylines (points and whether each was closed).
package struct PolylineCollector: PathFlatteningSink {
  package struct Polyline {
    package var points: [CGPoint]
    package var closed: Bool
  }
  package var polylines: [Polyline] = []
  private var current: [CGPoint] = []

  package init() {}

  package mutating func moveTo(_ p: CGPoint) {
    endCurrent(closed: false)
    current = [p]
  }

  package mutating func lineTo(_ p: CGPoint) {
    if current.isEmpty { current = [polylines.last?.points.first ?? p] }
    current.append(p)
  }

  package mutating func close() {
    let start = current.first
    endCurrent(closed: true)
    if let start { current = [start] }
  }

  package mutating func finish() { endCurrent(closed: false) }

  private mutating func endCurrent(closed: Bool) {
    if current.count >= 2 || (closed && current.count == 1) {
      var pts = current
      if closed, pts.count > 2, pts.first == pts.last { pts.removeLast() }
      polylines.append(Polyline(points: pts, closed: closed))
    }
    current = []
  }
}

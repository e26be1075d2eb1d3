import Foundation

/// Cuts a path into dashes: open polylines along the flattened path.
///
/// The pattern alternates on and off lengths (`lengths[0]` on, `lengths[1]` off, …; an
/// odd count repeats with on and off swapped, as in Core Graphics) and starts `phase`
/// units into the pattern. Each subpath starts the pattern afresh. A dash of length zero
/// is kept as a zero-length subpath, so round and square caps draw it as a dot.
///
/// - Complexity: O(flattened points + dashes).
package enum PathDasher {
  /// The dashed path, or nil when the pattern is unusable (empty, negative, non-finite or
  /// with a zero total), meaning "draw solid".
  package static func dash(_ path: PathStorage, phase: CGFloat, lengths: [CGFloat], tolerance: CGFloat) -> PathStorage? {
    guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), phase.isFinite else { return nil }
    let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
    let total = pattern.reduce(0, +)
    guard total > 0 else { return nil }
    var collector = PolylineCollector()
    PathFlattener.flatten(path, tolerance: tolerance, into: &collector)
    collector.finish()

    var out = PathStorage()
    var startIndex = 0
    var startRemaining = pattern[0]
    var p = phase.truncatingRemainder(dividingBy: total)
    if p < 0 { p += total }
    while p > 0 {
      if p >= startRemaining {
        p -= startRemaining
        startIndex = (startIndex + 1) % pattern.count
        startRemaining = pattern[startIndex]
      } else {
        startRemaining -= p
        p = 0
      }
    }
    for poly in collector.polylines {
      var index = startIndex
      var remaining = startRemaining
      var on = index % 2 == 0
      var drawing = false
      let pts = poly.points
      if on {
        out.move(to: pts[0])
        drawing = true
      }
      let count = poly.closed ? pts.count : pts.count - 1
      guard count > 0 else { continue }
      for s in 0..<count {
        let a = pts[s], b = pts[(s + 1) % pts.count]
        let dx = b.x - a.x, dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        var t: CGFloat = 0
        while len - t > remaining {
          t += remaining
          let q = CGPoint(x: a.x + dx * t / len, y: a.y + dy * t / len)
          if on { out.line(to: q) } else { out.move(to: q) }
          drawing = !on
          on.toggle()
          index = (index + 1) % pattern.count
          remaining = pattern[index]
          if !on && remaining == 0 && index % 2 == 1 {
            // A zero-length gap: the next dash continues at once.
            continue
          }
        }
        remaining -= len - t
        if on && drawing { out.line(to: b) }
      }
    }
    return out
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

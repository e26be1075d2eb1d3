import Foundation

/// One subpath as segments: where it starts, its pieces in order and whether it is closed.
///
/// A closed subpath whose last point is not its start gets an explicit closing line as
/// its last segment (`hasClosingLine`), so that measuring and trimming see the edge that
/// `closeSubpath` draws.
package struct PathSubpath: Equatable, Sendable {
  package var start: CGPoint
  package var segments: [PathSegment] = []
  package var isClosed = false
  /// Whether the last segment is the line that `closeSubpath` adds.
  package var hasClosingLine = false

  package init(start: CGPoint) { self.start = start }
}

extension PathStorage {
  /// The subpaths of the path, in order, with their segments.
  ///
  /// - Complexity: O(elements).
  package var subpaths: [PathSubpath] {
    var out: [PathSubpath] = []
    var current: PathSubpath?
    var last = CGPoint.zero
    var i = 0
    for verb in verbs {
      let n = verb.pointCount
      defer { i += n }
      switch verb {
      case .moveToPoint:
        if let c = current { out.append(c) }
        current = PathSubpath(start: points[i])
        last = points[i]
      case .addLineToPoint:
        if current == nil { current = PathSubpath(start: last) }
        current!.segments.append(PathSegment(line: last, points[i]))
        last = points[i]
      case .addQuadCurveToPoint:
        if current == nil { current = PathSubpath(start: last) }
        current!.segments.append(PathSegment(quad: last, points[i], points[i + 1]))
        last = points[i + 1]
      case .addCurveToPoint:
        if current == nil { current = PathSubpath(start: last) }
        current!.segments.append(PathSegment(cubic: last, points[i], points[i + 1], points[i + 2]))
        last = points[i + 2]
      case .closeSubpath:
        guard var c = current else { continue }
        c.isClosed = true
        if last != c.start {
          c.segments.append(PathSegment(line: last, c.start))
          c.hasClosingLine = true
        }
        out.append(c)
        last = c.start
        current = nil
      }
    }
    if let c = current { out.append(c) }
    return out
  }

  /// Calls `body` with every segment of every subpath (closing lines included), in order.
  ///
  /// - Complexity: O(elements); allocates nothing.
  package func forEachSegment(_ body: (PathSegment) -> Void) {
    var last = CGPoint.zero
    var start = CGPoint.zero
    var i = 0
    for verb in verbs {
      let n = verb.pointCount
      defer { i += n }
      switch verb {
      case .moveToPoint:
        last = points[i]
        start = last
      case .addLineToPoint:
        body(PathSegment(line: last, points[i]))
        last = points[i]
      case .addQuadCurveToPoint:
        body(PathSegment(quad: last, points[i], points[i + 1]))
        last = points[i + 1]
      case .addCurveToPoint:
        body(PathSegment(cubic: last, points[i], points[i + 1], points[i + 2]))
        last = points[i + 2]
      case .closeSubpath:
        if last != start { body(PathSegment(line: last, start)) }
        last = start
      }
    }
  }

  /// Appends `segment` to the current subpath, starting one at its start if needed.
  package mutating func append(_ segment: PathSegment, startingSubpath: Bool) {
    if startingSubpath { move(to: segment.start) }
    switch segment.kind {
    case .line: line(to: segment.end)
    case .quad: quad(to: segment.end, control: segment.control1)
    case .cubic: curve(to: segment.end, control1: segment.control1, control2: segment.control2)
    }
  }
}

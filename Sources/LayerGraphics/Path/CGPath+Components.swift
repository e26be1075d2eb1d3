import Foundation

/// Builds path storage from a flattened path.
private struct PolylineBuilder: PathFlatteningSink {
  var storage = PathStorage()
  mutating func moveTo(_ p: CGPoint) { storage.move(to: p) }
  mutating func lineTo(_ p: CGPoint) { storage.line(to: p) }
  mutating func close() { storage.close() }
}

/// Sums the shoelace formula over a flattened path (open subpaths closed).
private struct AreaAccumulator: PathFlatteningSink {
  var twiceArea: CGFloat = 0
  var start = CGPoint.zero
  var last = CGPoint.zero
  mutating func moveTo(_ p: CGPoint) {
    close()
    start = p
    last = p
  }
  mutating func lineTo(_ p: CGPoint) {
    twiceArea += last.x * p.y - p.x * last.y
    last = p
  }
  mutating func close() {
    twiceArea += last.x * start.y - start.x * last.y
    last = start
  }
}

extension PathStorage {
  /// The signed area enclosed (open subpaths closed), positive for counter-clockwise
  /// outlines in a y-up space; curves flattened to within `flatteningTolerance`.
  package var signedArea: CGFloat { signedArea(tolerance: flatteningTolerance) }

  /// The signed area with curves flattened to within `tolerance`.
  package func signedArea(tolerance: CGFloat) -> CGFloat {
    var acc = AreaAccumulator()
    PathFlattener.flatten(self, tolerance: tolerance, into: &acc)
    acc.close()
    return acc.twiceArea / 2
  }
}

extension CGPath {
  /// A copy with every curve replaced by straight lines within `threshold` of it.
  ///
  /// Moves, lines and closes are kept as they are. A non-positive threshold uses a
  /// quarter of a unit.
  public func flattened(threshold: CGFloat) -> CGPath {
    var builder = PolylineBuilder()
    PathFlattener.flatten(storage, tolerance: threshold, into: &builder)
    return CGPath(storage: builder.storage)
  }

  /// The separate filled pieces of the path under `rule`: one path per outer outline,
  /// each with the holes inside it.
  ///
  /// Pieces come in the order of their outlines in `normalized(using:)`.
  public func componentsSeparated(using rule: CGPathFillRule = .winding) -> [CGPath] {
    let loops = normalized(using: rule).storage.subpaths
    var outers: [(storage: PathStorage, area: CGFloat)] = []
    var holes: [(storage: PathStorage, probe: CGPoint)] = []
    for loop in loops {
      var s = PathStorage()
      s.move(to: loop.start)
      let count = loop.hasClosingLine ? loop.segments.count - 1 : loop.segments.count
      for seg in loop.segments.prefix(count) { s.append(seg, startingSubpath: false) }
      s.close()
      let area = s.signedArea
      if area > 0 {
        outers.append((s, area))
      } else if let first = loop.segments.first {
        holes.append((s, first.point(at: 0.5)))
      }
    }
    for hole in holes {
      var best = -1
      for (k, outer) in outers.enumerated() where outer.storage.windingNumber(at: hole.probe) != 0 {
        if best < 0 || outer.area < outers[best].area { best = k }
      }
      if best >= 0 { outers[best].storage.append(hole.storage, .identity) }
    }
    return outers.map { CGPath(storage: $0.storage) }
  }
}

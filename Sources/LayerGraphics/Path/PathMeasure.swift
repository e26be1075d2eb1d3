import Foundation

/// Arc-length measurement of a path: lengths, positions and tangents by distance, and
/// trimming by fraction of the total length.
///
/// Built once per path (it measures every segment, closing lines included), then
/// queried many times, which is how a keyframe animation along a path or a shape layer's
/// `strokeStart`/`strokeEnd` use it. Lengths are accurate to about 10⁻⁹ of each
/// segment's length (adaptive Gauss–Legendre quadrature); lone `move(to:)` points have
/// no length.
///
/// - Complexity: building is O(segments); queries are O(log segments) plus the cost of
///   inverting one segment's arc length.
package struct PathMeasure: Sendable {
  /// One measured segment.
  package struct Entry: Sendable {
    package var segment: PathSegment
    /// Which subpath (index into `subpaths`) the segment belongs to.
    package var subpath: Int
    /// The arc length of the segment.
    package var length: CGFloat
    /// The total length of every segment before this one.
    package var offset: CGFloat
  }

  package private(set) var entries: [Entry] = []
  package private(set) var subpaths: [PathSubpath]
  /// The sum of the lengths of every segment.
  package private(set) var totalLength: CGFloat = 0

  package init(_ storage: PathStorage) {
    subpaths = storage.subpaths
    for (k, sub) in subpaths.enumerated() {
      for seg in sub.segments where seg.isFinite {
        let len = seg.length()
        entries.append(Entry(segment: seg, subpath: k, length: len, offset: totalLength))
        totalLength += len
      }
    }
  }

  /// The index of the entry that holds distance `s` (clamped to the path), preferring the
  /// later entry at a boundary, and skipping zero-length entries.
  package func entryIndex(atLength s: CGFloat) -> Int? {
    guard !entries.isEmpty else { return nil }
    var lo = 0
    var hi = entries.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if entries[mid].offset <= s { lo = mid } else { hi = mid - 1 }
    }
    // Step back over zero-length entries at the end, so the last point has a tangent.
    while lo > 0 && entries[lo].length == 0 && entries[lo].offset >= totalLength { lo -= 1 }
    return lo
  }

  /// The point and unit tangent at arc length `s` from the start (clamped to
  /// `0...totalLength`), or nil for a path without segments.
  package func pointAndTangent(atLength s: CGFloat) -> (point: CGPoint, tangent: PathVector)? {
    let s = s.isNaN ? 0 : Swift.min(Swift.max(s, 0), totalLength)
    guard let k = entryIndex(atLength: s) else { return nil }
    let e = entries[k]
    let t = e.segment.parameter(atLength: s - e.offset, total: e.length)
    return (e.segment.point(at: t), e.segment.tangent(at: t))
  }

  /// How a distance that falls inside one segment picks the point on that segment.
  package enum Placement: Sendable {
    /// By arc length: the point that far along the segment.
    case arcLength
    /// By curve parameter: the share of the segment's length is the parameter `t`, as
    /// `CAShapeLayer.strokeStart`/`strokeEnd` cut a curve (segments themselves are
    /// still chosen by arc length).
    case curveParameter
  }

  /// The parameter of the point `s` along entry `e` (`0...e.length`), by `placement`.
  private func parameter(_ e: Entry, atLength s: CGFloat, _ placement: Placement) -> CGFloat {
    switch placement {
    case .arcLength: return e.segment.parameter(atLength: s, total: e.length)
    case .curveParameter: return e.length > 0 ? Swift.min(Swift.max(s / e.length, 0), 1) : 0
    }
  }

  /// The path between lengths `s0 < s1`, with curves split exactly (de Casteljau).
  ///
  /// Each subpath the range overlaps gives one subpath of the result; a closed subpath
  /// that lies wholly inside the range is copied whole and stays closed, so its joins
  /// are stroked as before. Ends closer than rounding error (10⁻¹² of the total length)
  /// to a segment boundary count as on it, so a range that ends where a subpath ends
  /// does not pick up a zero-length start of the next one (a stray dot under round caps).
  /// - Parameter placement: how a cut inside a segment is placed; by default at that
  ///   arc length.
  package func trimmed(
    fromLength s0: CGFloat, toLength s1: CGFloat, placement: Placement = .arcLength
  ) -> PathStorage {
    var out = PathStorage()
    guard s1 > s0, !entries.isEmpty else { return out }
    let slack = totalLength * 1e-12
    var k = 0
    while k < entries.count {
      let sub = entries[k].subpath
      var end = k
      while end < entries.count && entries[end].subpath == sub { end += 1 }
      defer { k = end }
      let subStart = entries[k].offset
      let subEnd = entries[end - 1].offset + entries[end - 1].length
      guard subEnd > subStart, subEnd > s0 + slack, subStart < s1 - slack else { continue }
      let info = subpaths[sub]
      if subStart >= s0 - slack && subEnd <= s1 + slack {
        out.move(to: info.start)
        let count = info.hasClosingLine ? info.segments.count - 1 : info.segments.count
        for seg in info.segments.prefix(count) { out.append(seg, startingSubpath: false) }
        if info.isClosed { out.close() }
        continue
      }
      var started = false
      for e in entries[k..<end] {
        let a = e.offset
        let b = e.offset + e.length
        guard b > s0 + slack, a < s1 - slack else { continue }
        var piece = e.segment
        if a < s0 || b > s1 {
          let t0 = a < s0 ? parameter(e, atLength: s0 - a, placement) : 0
          let t1 = b > s1 ? parameter(e, atLength: s1 - a, placement) : 1
          piece = e.segment.subsegment(from: t0, to: t1)
        }
        out.append(piece, startingSubpath: !started)
        started = true
      }
    }
    return out
  }
}

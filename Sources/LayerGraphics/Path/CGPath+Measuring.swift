import Foundation

extension CGPath {
  /// The total arc length of the path: every line and curve, closing lines included.
  package var length: CGFloat { PathMeasure(storage).totalLength }

  /// The part of the path between two fractions of its total length, as
  /// `CAShapeLayer.strokeStart` and `strokeEnd` select it.
  ///
  /// Fractions are clamped to `0...1`; `from >= to` gives an empty path. Curves are split
  /// exactly, so the pieces lie on the original curves. Core Animation finds the segment
  /// holding a fraction by arc length but cuts a curve inside it at the curve parameter
  /// equal to the fraction's share of that segment's length (`.curveParameter`, the
  /// default); lines are cut at the same place either way.
  /// - Parameter placement: how a cut inside a segment is placed.
  package func trimmed(
    from: CGFloat, to: CGFloat, placement: PathMeasure.Placement = .curveParameter
  ) -> CGPath {
    let a = from.isNaN ? 0 : Swift.min(Swift.max(from, 0), 1)
    let b = to.isNaN ? 0 : Swift.min(Swift.max(to, 0), 1)
    guard b > a else { return CGPath() }
    if a == 0 && b == 1 { return CGPath(storage: storage) }
    let measure = PathMeasure(storage)
    let storage = measure.trimmed(
      fromLength: a * measure.totalLength, toLength: b * measure.totalLength,
      placement: placement)
    return CGPath(storage: storage)
  }

  /// The point at arc length `length` from the path's start (clamped to the path) and
  /// the unit tangent there, or nil for a path without lines or curves.
  ///
  /// For many queries on one path, build a `PathMeasure` once instead.
  package func pointAndTangent(atLength length: CGFloat) -> (point: CGPoint, tangent: PathVector)? {
    PathMeasure(storage).pointAndTangent(atLength: length)
  }

  /// The end point of every element in order, as `CAKeyframeAnimation` uses a path's
  /// vertices for its keyframe values: the point of each move, the end of each line and
  /// curve, and the subpath's start for each close.
  package var elementEndPoints: [CGPoint] {
    var out: [CGPoint] = []
    out.reserveCapacity(storage.verbs.count)
    var start = CGPoint.zero
    var i = 0
    for verb in storage.verbs {
      let n = verb.pointCount
      switch verb {
      case .moveToPoint:
        start = storage.points[i]
        out.append(start)
      case .closeSubpath:
        out.append(start)
      default:
        out.append(storage.points[i + n - 1])
      }
      i += n
    }
    return out
  }

  /// The path's lines and curves with their starts (closing lines included), in order:
  /// the pieces a keyframe animation along the path moves over.
  package var segments: [PathSegment] {
    var out: [PathSegment] = []
    storage.forEachSegment { out.append($0) }
    return out
  }
}

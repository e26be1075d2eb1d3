import Foundation
import LayerGraphics

/// The keyframes of an animation along a `CGPath`: one segment per line, curve or
/// closing line, each measured by arc length (LayerGraphics' `PathMeasure`), so motion
/// can pace evenly along curves.
///
/// Every segment's end point is a keyframe; a move-to adds none (the next segment starts
/// at the moved-to point, so the motion jumps there). Within a segment the time fraction
/// is either the curve's own parameter (linear and cubic modes, as Core Animation does:
/// "each point in the path … defines a single keyframe segment") or the fraction of the
/// segment's arc length (paced modes, so speed is constant).
package struct PathKeyframes: Sendable {
  /// The measured segments, in path order.
  package let measure: PathMeasure

  /// The number of segments (keyframes minus one).
  package var segmentCount: Int { measure.entries.count }

  /// The first point of the path's first segment (keyframe 0).
  package var startPoint: CGPoint { measure.entries[0].segment.start }

  /// The end of the path's last segment (the last keyframe).
  package var endPoint: CGPoint { measure.entries[measure.entries.count - 1].segment.end }

  /// The segments' arc lengths.
  package var lengths: [Double] { measure.entries.map { Double($0.length) } }

  /// Reads `path`; nil (with a diagnostic) when it has no segments or non-finite points.
  package init?(_ path: CGPath, keyPath: String) {
    let st = path.storage
    guard st.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
      CADiagnostics.report(key: keyPath, "path holds NaN or an infinity; the animation is ignored")
      return nil
    }
    let m = PathMeasure(st)
    guard !m.entries.isEmpty else {
      CADiagnostics.report(
        key: keyPath, "path has no line or curve segments; the animation is ignored")
      return nil
    }
    measure = m
  }

  /// The point and tangent angle (radians, atan2 of the direction of travel) at fraction
  /// `u` (0…1, clamped) of segment `index`: of its arc length when `byArcLength`, else
  /// of its curve parameter (the Bézier t).
  /// - Complexity: the cost of inverting one segment's arc length (none by parameter);
  ///   allocates nothing.
  package func sample(segment index: Int, fraction u: Double, byArcLength: Bool = true)
    -> (point: CGPoint, angle: Double)
  {
    let e = measure.entries[index]
    let u = u.isNaN ? 0 : Swift.min(Swift.max(u, 0), 1)
    let t = byArcLength ? e.segment.parameter(atLength: u * e.length, total: e.length) : u
    let d = e.segment.tangent(at: t)
    return (e.segment.point(at: t), atan2(d.dy, d.dx))
  }
}

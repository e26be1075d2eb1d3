import Foundation

extension CGPath {
  /// This path cut into dashes: open subpaths along it, made of lines (curves are
  /// flattened to within 0.01 units).
  ///
  /// - Parameters:
  ///   - phase: how far into the pattern the first dash starts, in the path's units.
  ///   - lengths: alternating on and off lengths; an odd count repeats with on and off
  ///     swapped. An empty, negative or all-zero pattern returns the path unchanged.
  ///   - transform: applied to the result.
  public func copy(
    dashingWithPhase phase: CGFloat, lengths: [CGFloat],
    transform: CGAffineTransform = .identity
  ) -> CGPath {
    guard var dashed = PathDasher.dash(storage, phase: phase, lengths: lengths, tolerance: 0.01)
    else {
      var s = storage
      for k in s.points.indices { s.points[k] = s.points[k].applying(transform) }
      return CGPath(storage: s)
    }
    if !transform.isIdentity {
      for k in dashed.points.indices { dashed.points[k] = dashed.points[k].applying(transform) }
    }
    return CGPath(storage: dashed)
  }
}

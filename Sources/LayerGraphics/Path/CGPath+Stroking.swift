import Foundation

extension CGPath {
  /// The outline of this path's stroke, as a path to be filled with the non-zero rule.
  ///
  /// Curves are flattened to within 0.01 units before offsetting, so the outline is made
  /// of lines.
  ///
  /// - Parameters:
  ///   - lineWidth: the stroke width, in the path's units; a non-positive or non-finite
  ///     width gives an empty path.
  ///   - lineCap: how open ends are drawn.
  ///   - lineJoin: how corners are drawn.
  ///   - miterLimit: the longest miter, as a multiple of the width, before a miter join is
  ///     bevelled.
  ///   - transform: applied to the outline.
  public func copy(
    strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
    miterLimit: CGFloat, transform: CGAffineTransform = .identity
  ) -> CGPath {
    var stroker = PathStroker()
    stroker.lineWidth = lineWidth
    stroker.lineCap = lineCap
    stroker.lineJoin = lineJoin
    stroker.miterLimit = miterLimit
    stroker.tolerance = 0.01
    var sink = TransformingSink(base: PathBuildingSink(), transform: transform)
    stroker.stroke(storage, into: &sink)
    return CGPath(storage: sink.base.storage)
  }
}

/// Builds a `PathStorage` from polygons.
package struct PathBuildingSink: PathFlatteningSink {
  package var storage = PathStorage()
  package init() {}
  package mutating func moveTo(_ p: CGPoint) { storage.move(to: p) }
  package mutating func lineTo(_ p: CGPoint) { storage.line(to: p) }
  package mutating func close() { storage.close() }
}

import Foundation

/// A 2D displacement in path units: a direction or a velocity, as opposed to a position.
package struct PathVector: Equatable, Hashable, Sendable {
  package var dx: CGFloat
  package var dy: CGFloat

  @inlinable
  package init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }

  /// The Euclidean length.
  @inlinable
  package var length: CGFloat { (dx * dx + dy * dy).squareRoot() }

  /// The angle from the +x axis towards +y, in radians in `(−π, π]`.
  @inlinable
  package var angle: CGFloat { atan2(dy, dx) }
}

import Foundation

/// The rule that decides which points a path encloses, as Core Graphics names it.
///
/// Both rules count the signed crossings of a ray from the point with the path: an edge
/// that crosses it going one way adds one, the other way subtracts one.
public enum CGPathFillRule: Int, Sendable {
  /// Non-zero winding: a point is inside when the count is not zero. The default.
  case winding = 0
  /// Even-odd: a point is inside when the number of crossings is odd.
  case evenOdd = 1

  /// Whether a point with winding number `w` is inside under this rule.
  @inlinable
  package func isInside(winding w: Int) -> Bool {
    switch self {
    case .winding: return w != 0
    case .evenOdd: return w & 1 != 0
    }
  }
}

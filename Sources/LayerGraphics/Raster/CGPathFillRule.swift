/// How the inside of a path is decided when it is filled or used as a clip.
public enum CGPathFillRule: Int, Sendable {
  /// Non-zero winding: a point is inside when the path winds around it a non-zero number
  /// of times, counting direction.
  case winding
  /// Even-odd: a point is inside when a ray from it crosses the path an odd number of
  /// times.
  case evenOdd
}

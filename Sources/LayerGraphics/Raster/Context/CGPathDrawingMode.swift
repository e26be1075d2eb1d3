/// What `CGContext.drawPath(using:)` paints.
public enum CGPathDrawingMode: Int32, Sendable {
  /// Fill with the non-zero winding rule.
  case fill
  /// Fill with the even-odd rule.
  case eoFill
  /// Stroke.
  case stroke
  /// Fill (non-zero), then stroke.
  case fillStroke
  /// Fill (even-odd), then stroke.
  case eoFillStroke
}

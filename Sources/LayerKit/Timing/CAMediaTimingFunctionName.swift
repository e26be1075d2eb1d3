import Foundation

/// The names of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Constant pace: control points (0, 0) and (1, 1).
  public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
  /// Slow start: control points (0.42, 0) and (1, 1).
  public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
  /// Slow end: control points (0, 0) and (0.58, 1).
  public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
  /// Slow start and end: control points (0.42, 0) and (0.58, 1).
  public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
  /// The curve of implicit animations: control points (0.25, 0.1) and (0.25, 1).
  public static let `default` = CAMediaTimingFunctionName(rawValue: "default")

  /// The control points (x1, y1, x2, y2) of a predefined name, nil for unknown names.
  var controlPoints: (Float, Float, Float, Float)? {
    switch self {
    case .linear: return (0, 0, 1, 1)
    case .easeIn: return (0.42, 0, 1, 1)
    case .easeOut: return (0, 0, 0.58, 1)
    case .easeInEaseOut: return (0.42, 0, 0.58, 1)
    case .default: return (0.25, 0.1, 0.25, 1)
    default: return nil
    }
  }
}

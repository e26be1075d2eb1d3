import Foundation

/// How a shape layer decides which parts of its path are inside.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The non-zero winding rule (the default).
  public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
  /// The even-odd rule.
  public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

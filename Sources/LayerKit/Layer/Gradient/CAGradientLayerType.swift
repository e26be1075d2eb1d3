import Foundation

/// The geometry a gradient layer spreads its colours over.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Colours vary along the line from `startPoint` to `endPoint` (the default).
  public static let axial = CAGradientLayerType(rawValue: "axial")
  /// Colours vary with the distance from `startPoint`; `endPoint` gives the ellipse's
  /// radii (its x and y distances from the start) where the last colour is reached.
  public static let radial = CAGradientLayerType(rawValue: "radial")
  /// Colours sweep clockwise around `startPoint`, starting in the direction of
  /// `endPoint`.
  public static let conic = CAGradientLayerType(rawValue: "conic")
}

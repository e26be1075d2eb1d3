import Foundation

/// The shape of the corners where a shape layer's stroked segments meet.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Sharp corners, bevelled past `miterLimit` (the default).
  public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
  /// Rounded corners.
  public static let round = CAShapeLayerLineJoin(rawValue: "round")
  /// Corners cut off flat.
  public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

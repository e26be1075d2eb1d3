import Foundation

/// The shape of the ends of a shape layer's stroked lines.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Lines end flat at their end points (the default).
  public static let butt = CAShapeLayerLineCap(rawValue: "butt")
  /// Lines end in a half circle of the line width's diameter.
  public static let round = CAShapeLayerLineCap(rawValue: "round")
  /// Lines end half a line width past their end points, squared off.
  public static let square = CAShapeLayerLineCap(rawValue: "square")
}

import Foundation

/// How a text layer aligns its lines horizontally within its bounds.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The script's natural alignment: left, since text is laid out left to right. The
  /// default.
  public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
  /// Flush left.
  public static let left = CATextLayerAlignmentMode(rawValue: "left")
  /// Flush right.
  public static let right = CATextLayerAlignmentMode(rawValue: "right")
  /// Centred.
  public static let center = CATextLayerAlignmentMode(rawValue: "center")
  /// Wrapped lines stretched to the full width; the last line of a paragraph is natural.
  public static let justified = CATextLayerAlignmentMode(rawValue: "justified")

  /// The layout engine's alignment, or `nil` for an unknown name.
  var textAlignment: TextAlignment? { TextAlignment(rawValue: rawValue) }
}

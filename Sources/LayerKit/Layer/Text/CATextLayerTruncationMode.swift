import Foundation

/// Where a text layer cuts text that does not fit its bounds, marking the cut with "…".
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Text is not truncated; what does not fit is clipped. The default.
  public static let none = CATextLayerTruncationMode(rawValue: "none")
  /// The start of the line is cut: "…end of text".
  public static let start = CATextLayerTruncationMode(rawValue: "start")
  /// The end of the line is cut: "start of te…".
  public static let end = CATextLayerTruncationMode(rawValue: "end")
  /// The middle of the line is cut: "start…end".
  public static let middle = CATextLayerTruncationMode(rawValue: "middle")

  /// The layout engine's truncation, or `nil` for an unknown name.
  var textTruncation: TextTruncation? { TextTruncation(rawValue: rawValue) }
}

/// Whether a gradient also paints before its start and after its end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Paint the start colour before the start point (or inside the start circle).
  public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
  /// Paint the end colour after the end point (or outside the end circle).
  public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

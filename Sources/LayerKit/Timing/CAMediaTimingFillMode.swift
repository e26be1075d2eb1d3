import Foundation

/// The time interval since a reference point, in seconds (Core Foundation's spelling).
public typealias CFTimeInterval = Double

/// What a timed object shows outside its active interval.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Nothing outside the active interval (the default).
  public static let removed = CAMediaTimingFillMode(rawValue: "removed")
  /// Holds the final state after the active interval.
  public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
  /// Shows the initial state before the active interval.
  public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
  /// Both `backwards` and `forwards`.
  public static let both = CAMediaTimingFillMode(rawValue: "both")

  /// Whether the mode fills before the active interval.
  package var fillsBackwards: Bool { self == .backwards || self == .both }
  /// Whether the mode fills after the active interval.
  package var fillsForwards: Bool { self == .forwards || self == .both }
}

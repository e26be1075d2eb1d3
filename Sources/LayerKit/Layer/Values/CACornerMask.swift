import Foundation

/// Which corners `cornerRadius` rounds, named in the layer's own bounds coordinates
/// (y grows downwards, so `MinY` corners are the top ones on screen).
public struct CACornerMask: OptionSet, Hashable, Sendable {
  public var rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)

  /// All four corners (the layer's default).
  package static let all: CACornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
  ]
}

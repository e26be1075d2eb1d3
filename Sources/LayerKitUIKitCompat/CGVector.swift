import Foundation

/// A two-dimensional vector, as Core Graphics spells it; UIKit's spring timing parameters
/// take their initial velocity as one.
public struct CGVector: Equatable, Hashable, Sendable {
  /// The x component.
  public var dx: CGFloat
  /// The y component.
  public var dy: CGFloat

  public init() {
    self.init(dx: 0, dy: 0)
  }

  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }

  /// The vector (0, 0).
  public static let zero = CGVector()
}

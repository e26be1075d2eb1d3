import LayerKit

/// Distances inward from the four edges of a rectangle, in points, as UIKit spells them.
///
/// Positive values shrink a rectangle (`CGRect.inset(by:)`), negative values
/// grow it.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
  /// The distance from the top edge (toward +y). Default 0.
  public var top: CGFloat
  /// The distance from the left edge. Default 0.
  public var left: CGFloat
  /// The distance from the bottom edge. Default 0.
  public var bottom: CGFloat
  /// The distance from the right edge. Default 0.
  public var right: CGFloat

  public init() {
    self.init(top: 0, left: 0, bottom: 0, right: 0)
  }

  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Insets of 0 on every edge.
  public static let zero = UIEdgeInsets()
}

extension CGRect {
  /// The rectangle with `insets` taken off its edges, exactly as UIKit's
  /// `UIEdgeInsetsInsetRect` (UIGeometry.h) computes it: the origin moves by (left, top)
  /// and the size shrinks by (left + right, top + bottom), with no clamping (insets larger
  /// than the rectangle give a negative size, as on iOS).
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - (insets.left + insets.right),
      height: size.height - (insets.top + insets.bottom))
  }
}

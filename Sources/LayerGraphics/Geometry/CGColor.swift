import Foundation

/// A colour in the sRGB colour space: red, green, blue and alpha, each nominally in 0…1.
///
/// Unlike Core Graphics' reference type this is a value, so colours can be interpolated
/// and stored in render snapshots without allocation. Components are stored
/// un-premultiplied (straight alpha). Construction clamps nothing: out-of-range components
/// survive interpolation overshoot and are clamped only when a colour is drawn; NaN
/// components are replaced by 0 so that a bad value can never poison a frame.
public struct CGColor: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Red, green, blue, alpha (sRGB, straight alpha).
  public var red: CGFloat
  public var green: CGFloat
  public var blue: CGFloat
  public var alpha: CGFloat

  /// Creates an sRGB colour from its components.
  @inlinable
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = red.isNaN ? 0 : red
    self.green = green.isNaN ? 0 : green
    self.blue = blue.isNaN ? 0 : blue
    self.alpha = alpha.isNaN ? 0 : alpha
  }

  /// Creates an sRGB colour; the same as `init(red:green:blue:alpha:)`.
  @inlinable
  public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Creates a grey with equal red, green and blue.
  @inlinable
  public init(gray: CGFloat, alpha: CGFloat) {
    self.init(red: gray, green: gray, blue: gray, alpha: alpha)
  }

  /// Opaque black.
  public static let black = CGColor(gray: 0, alpha: 1)
  /// Opaque white.
  public static let white = CGColor(gray: 1, alpha: 1)
  /// Fully transparent black.
  public static let clear = CGColor(gray: 0, alpha: 0)

  /// The components `[red, green, blue, alpha]`, as Core Graphics returns them for an RGB
  /// colour.
  public var components: [CGFloat]? { [red, green, blue, alpha] }

  /// Always 4: three colour components plus alpha.
  public var numberOfComponents: Int { 4 }

  /// A copy with a different alpha.
  public func copy(alpha: CGFloat) -> CGColor? {
    CGColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The components clamped to 0…1.
  @inlinable
  public var clamped: CGColor {
    CGColor(
      red: Swift.min(Swift.max(red, 0), 1), green: Swift.min(Swift.max(green, 0), 1),
      blue: Swift.min(Swift.max(blue, 0), 1), alpha: Swift.min(Swift.max(alpha, 0), 1))
  }

  public var description: String { "CGColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}

import LayerKit

/// A colour, as UIKit spells it: components in extended sRGB, `cgColor` for layers.
///
/// Immutable. Two colours are equal when their components are. The named colours are
/// UIKit's: the fixed ones (`.red` is exactly (1, 0, 0)) and the system ones with Apple's
/// published sRGB values for the light appearance (`.systemBlue` is (0, 122, 255) / 255).
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
  /// The colour for Core Animation and Core Graphics.
  public let cgColor: CGColor

  /// Components 0…1 (values outside are kept, as extended sRGB does).
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// A grey: `white` 0 is black, 1 is white.
  public init(white: CGFloat, alpha: CGFloat) {
    cgColor = CGColor(gray: white, alpha: alpha)
  }

  public init(cgColor: CGColor) {
    self.cgColor = cgColor
  }

  /// Hue, saturation and brightness in 0…1 (hue 0 and 1 are red).
  public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    let h = (hue - hue.rounded(.down)) * 6
    let s = min(max(saturation, 0), 1)
    let v = min(max(brightness, 0), 1)
    let sector = Int(h) % 6
    let f = h - CGFloat(Int(h))
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    let rgb: (CGFloat, CGFloat, CGFloat) =
      switch sector {
      case 0: (v, t, p)
      case 1: (q, v, p)
      case 2: (p, v, t)
      case 3: (p, q, v)
      case 4: (t, p, v)
      default: (v, p, q)
      }
    self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
  }

  /// 8-bit sRGB components, as Apple's tables publish them.
  convenience init(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) {
    self.init(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
  }

  /// This colour with another alpha.
  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
  }

  /// Writes the components; always succeeds (returns true).
  @discardableResult
  public func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    red?.pointee = cgColor.red
    green?.pointee = cgColor.green
    blue?.pointee = cgColor.blue
    alpha?.pointee = cgColor.alpha
    return true
  }

  /// Sets the fill colour of the current context (`UIGraphicsGetCurrentContext()`).
  public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
  /// Sets the stroke colour of the current context.
  public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
  /// Sets both the fill and the stroke colour of the current context.
  public func set() {
    setFill()
    setStroke()
  }

  public static func == (a: UIColor, b: UIColor) -> Bool { a.cgColor == b.cgColor }
  public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }
  public var description: String {
    "UIColor(red: \(cgColor.red), green: \(cgColor.green), blue: \(cgColor.blue), "
      + "alpha: \(cgColor.alpha))"
  }
}

import Foundation
import LayerKit

/// A colour as Lottie files store it: red, green, blue and alpha from 0 to 1
/// (lottie-ios's `LottieColor`).
public struct LottieColor: Hashable, Sendable {
  public var r: Double
  public var g: Double
  public var b: Double
  public var a: Double

  public init(r: Double, g: Double, b: Double, a: Double = 1) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// The colour as a `CGColor`, each component clamped to 0…1.
  public var cgColor: CGColor {
    LottieColorConversion.cgColor([r, g, b, a])
  }
}

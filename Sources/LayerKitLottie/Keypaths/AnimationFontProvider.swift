import Foundation
import LayerKit

/// Chooses the font of text layers (lottie-ios's `AnimationFontProvider`, which returns a
/// `CTFont`; here a `FontDescription` that the layer's font registry resolves, falling
/// back as it does for every `CATextLayer`).
public protocol AnimationFontProvider {
  /// The font for the document font `family` (its `f`, the font's name in the file) at
  /// `size` points; nil uses `DefaultFontProvider`'s answer.
  func fontFor(family: String, size: CGFloat) -> FontDescription?
}

/// The font named as the document names it (lottie-ios's `DefaultFontProvider`); the
/// registry's fallback draws the characters that font lacks, or all of them when the
/// registry has no font of that name.
public struct DefaultFontProvider: AnimationFontProvider {
  public init() {}
  public func fontFor(family: String, size: CGFloat) -> FontDescription? {
    FontDescription(name: family, size: size)
  }
}

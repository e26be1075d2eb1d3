import Foundation

/// A value that replaces a property of a Lottie file wherever an `AnimationKeypath`
/// matches it (`LottieLayer.setValueProvider(_:keypath:)`).
///
/// As in lottie-ios's Core Animation engine, a provider's value replaces the property's
/// keyframes for the whole timeline, and the layer tree is rebuilt with it. A provider
/// whose value does not fit the property (a colour for `Opacity`) leaves it as the file
/// has it.
public protocol AnyValueProvider: Sendable {
  /// The value provided.
  var value: LottieProvidedValue { get }
}

/// The value of a value provider, in the units of the property it replaces.
public enum LottieProvidedValue: Hashable, Sendable {
  /// A colour (`Color`).
  case color(LottieColor)
  /// A number: opacity in percent (0…100), rotation in degrees clockwise, stroke width and
  /// roundness in points.
  case number(Double)
  /// A point in the layer's points (`Position`, `Anchor Point`).
  case point(CGPoint)
  /// A size: `Scale` in percent (100 is unscaled), `Size` in points.
  case size(CGSize)
}

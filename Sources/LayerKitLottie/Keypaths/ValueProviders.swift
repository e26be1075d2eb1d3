import Foundation

/// Provides a colour (lottie-ios's `ColorValueProvider`).
public struct ColorValueProvider: AnyValueProvider {
  public let color: LottieColor
  public init(_ color: LottieColor) { self.color = color }
  public var value: LottieProvidedValue { .color(color) }
}

/// Provides a number: an opacity in percent, a rotation in degrees, a stroke width in
/// points (lottie-ios's `FloatValueProvider`).
public struct FloatValueProvider: AnyValueProvider {
  public let float: Double
  public init(_ float: Double) { self.float = float }
  public var value: LottieProvidedValue { .number(float) }
}

/// Provides a point, in points (lottie-ios's `PointValueProvider`).
public struct PointValueProvider: AnyValueProvider {
  public let point: CGPoint
  public init(_ point: CGPoint) { self.point = point }
  public var value: LottieProvidedValue { .point(point) }
}

/// Provides a size: a scale in percent or a size in points (lottie-ios's
/// `SizeValueProvider`).
public struct SizeValueProvider: AnyValueProvider {
  public let size: CGSize
  public init(_ size: CGSize) { self.size = size }
  public var value: LottieProvidedValue { .size(size) }
}

import Foundation

/// The frame rates a `CADisplayLink` would like, in frames per second.
///
/// `preferred` is the rate asked for; `minimum` and `maximum` bound what is acceptable.
/// Zero means "no preference" (the display's native rate, 60 frames per second in
/// LayerKit).
public struct CAFrameRateRange: Equatable, Hashable, Sendable {
  public var minimum: Float
  public var maximum: Float
  public var preferred: Float?

  /// A range with a preferred rate.
  public init(minimum: Float, maximum: Float, preferred: Float?) {
    self.minimum = minimum
    self.maximum = maximum
    self.preferred = preferred
  }

  /// A range without a preferred rate.
  public init(minimum: Float, maximum: Float) {
    self.init(minimum: minimum, maximum: maximum, preferred: nil)
  }

  /// No preference: the native rate.
  public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

  /// Whether every rate is finite and not negative, and `minimum ≤ maximum` when both
  /// are set.
  var isValid: Bool {
    let rates = [minimum, maximum, preferred ?? 0]
    return rates.allSatisfy { $0.isFinite && $0 >= 0 } && (maximum == 0 || minimum <= maximum)
  }
}

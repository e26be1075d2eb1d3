import Foundation

/// The frame rates a `CADisplayLink` would like, in frames per second.
///
/// `preferred` is the rate asked for; `minimum` and `maximum` bound what is acceptable.
/// Zero means "no preference" (the display's native rate, 60 frames per second in
/// LayerKit).
///
/// ```swift
/// link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
/// ```
public struct CAFrameRateRange: Equatable, Hashable, Sendable {
  /// The lowest acceptable rate, in frames per second. 0 for no bound.
  public var minimum: Float
  /// The highest acceptable rate, in frames per second. 0 for no bound.
  public var maximum: Float
  /// The rate asked for, in frames per second; nil or 0 for none (then `maximum`, else
  /// the native rate, is used).
  public var preferred: Float?

  /// A range with a preferred rate.
  ///
  /// - Parameters:
  ///   - minimum: The lowest acceptable rate, in frames per second.
  ///   - maximum: The highest acceptable rate, in frames per second.
  ///   - preferred: The rate asked for, or nil for none.
  public init(minimum: Float, maximum: Float, preferred: Float?) {
    self.minimum = minimum
    self.maximum = maximum
    self.preferred = preferred
  }

  /// A range without a preferred rate.
  ///
  /// - Parameters:
  ///   - minimum: The lowest acceptable rate, in frames per second.
  ///   - maximum: The highest acceptable rate, in frames per second.
  public init(minimum: Float, maximum: Float) {
    self.init(minimum: minimum, maximum: maximum, preferred: nil)
  }

  /// No preference: the native rate.
  public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

  /// Whether `range` asks for the same rates (Apple's `isEqual(to:)`; the same as `==`).
  ///
  /// - Parameter range: The range to compare with.
  /// - Returns: True when the minimum, maximum and preferred rates are equal.
  public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }

  /// Whether every rate is finite and not negative, `minimum ≤ maximum` when the maximum
  /// is set, and a set preferred rate lies between them (as Apple requires).
  var isValid: Bool {
    let rates = [minimum, maximum, preferred ?? 0]
    guard rates.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return false }
    guard maximum == 0 || minimum <= maximum else { return false }
    guard let p = preferred, p > 0, maximum > 0 else { return true }
    return p >= minimum && p <= maximum
  }
}

/// How far an image may differ from its golden and still match.
///
/// Two numbers bound the difference: how much one channel of one pixel may differ before
/// the pixel counts as different, and how many different pixels are allowed. The default,
/// ``exact``, allows nothing.
///
/// ```swift
/// // Anti-aliased edges may move by one level in up to 20 pixels.
/// let tolerance = GoldenTolerance(maxChannelDifference: 1, maxDifferingPixels: 20)
/// ```
public struct GoldenTolerance: Sendable, Equatable {
  /// The largest allowed difference of one channel (premultiplied, 0…255).
  public var maxChannelDifference: Int
  /// How many pixels may differ by more than `maxChannelDifference`.
  public var maxDifferingPixels: Int

  /// Creates a tolerance; both bounds default to 0 (bit-exact equality).
  public init(maxChannelDifference: Int = 0, maxDifferingPixels: Int = 0) {
    self.maxChannelDifference = maxChannelDifference
    self.maxDifferingPixels = maxDifferingPixels
  }

  /// Bit-exact equality.
  public static let exact = GoldenTolerance()
}

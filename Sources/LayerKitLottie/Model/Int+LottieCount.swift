import Foundation

extension Int {
  /// A count read from a file (a repeater's copies, a star's points), converted without a
  /// trap: `value` is clamped to `0...limit` while still a `Double` (NaN reads as 0), so
  /// `1e19`, `±infinity` or an interpolation that overflowed give a count in range.
  /// - Parameters:
  ///   - value: the count, already rounded as the caller's rule says.
  ///   - limit: the largest count returned.
  init(lottieCount value: Double, limit: Int) {
    guard value > 0 else {
      self = 0
      return
    }
    self = value >= Double(limit) ? limit : Int(value)
  }
}

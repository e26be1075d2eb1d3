import Foundation

// The one checked conversion from a geometric value (a coordinate, a length in pixels, a
// blur reach, a number of pieces) to an `Int` index or count.
//
// `Int(x)` traps when `x` is NaN, infinite or beyond `Int`'s range, so a shadow radius
// of 1e300 or a NaN rectangle would take the process down. Every place where a
// `CGFloat` or `Double` that can come from outside (layer properties, path
// coordinates, drawing parameters) becomes an index or a pixel count goes through
// `Int(geometric:_:)` instead: NaN maps to a stated fallback and everything else is
// clamped to ±`Int.geometricLimit`, so sums and products of a few such values still fit
// in an `Int`. Pixel counts that multiply sides use `Int.product(_:_:)`, which reports
// overflow instead of trapping.
extension Int {
  /// The magnitude `Int(geometric:_:)` clamps to: 2³⁰ (about 1.07 × 10⁹).
  ///
  /// Far beyond any bitmap side (`CGImage.maximumDimension`) or sane piece count, and
  /// small enough that the product of two clamped values (2⁶⁰) and the sum of a few
  /// never overflow.
  @usableFromInline package static let geometricLimit = 1 << 30

  /// `value` rounded by `rule`, clamped to ±`geometricLimit`; NaN gives `nan`.
  ///
  /// - Parameters:
  ///   - value: a coordinate, length or count in any unit.
  ///   - rule: how to round; default toward zero (what `Int(_:)` does).
  ///   - nan: the result for NaN; default 0.
  @inlinable @inline(__always)
  package init(
    geometric value: Double, _ rule: FloatingPointRoundingRule = .towardZero, nan: Int = 0
  ) {
    guard !value.isNaN else {
      self = nan
      return
    }
    let limit = Double(Int.geometricLimit)
    self = Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
  }

  /// `value` rounded by `rule`, clamped to ±`geometricLimit`; NaN gives `nan`.
  @inlinable @inline(__always)
  package init(
    geometric value: CGFloat, _ rule: FloatingPointRoundingRule = .towardZero, nan: Int = 0
  ) {
    self.init(geometric: Double(value), rule, nan: nan)
  }

  /// `a · b`, or nil when it overflows (or either is negative).
  @inline(__always)
  package static func product(_ a: Int, _ b: Int) -> Int? {
    guard a >= 0, b >= 0 else { return nil }
    let (p, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? nil : p
  }
}

internal import CLayerKernels

/// Float-to-integer conversions for the scan converter's hot loops.
enum Truncation {
  /// `Int(x)` (rounded toward zero) for values the caller knows are in range, without the
  /// range check and trap of `Int(_:)`: a cell column, a row or a coverage 0…255 from a
  /// float that the clip box or the coverage rule already bounds. That check was a
  /// compare, two branches and a bit test per cell of every swept row.
  @inline(__always)
  static func int(_ x: Float) -> Int { Int(lk_truncate(x)) }
}

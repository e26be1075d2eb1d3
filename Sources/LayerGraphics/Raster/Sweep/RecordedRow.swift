/// The blit calls of one swept row, kept so that the rows replicating it (`RowPlan`) can
/// repeat them at their own `y` without reading any cell.
///
/// A mask is not copied: it stays in the rasterizer's coverage row, which no sweep
/// overwrites while the rows of a replicated run are repeated.
package struct RecordedRow: SpanBlitter {
  /// One call: a span `x0..<x1` of coverage `alpha` (> 0), or a mask over `x0..<x1` when
  /// `alpha` is 0.
  package struct Call {
    package var x0: Int32
    package var x1: Int32
    package var alpha: UInt8
  }

  /// Room for `maxCalls(stride:)` calls.
  private let calls: UnsafeMutablePointer<Call>
  /// The number of recorded calls.
  package private(set) var count = 0
  /// The coverage row the masks point into, and the device `x` of its first byte.
  private let coverage: UnsafePointer<UInt8>
  private let coverageX: Int

  /// The most calls one sweep of a row of `stride` cells makes: at most a mask and a span
  /// before each touched cell, and both again at the end of the row.
  static func maxCalls(stride: Int) -> Int { 2 * stride + 4 }

  init(calls: UnsafeMutablePointer<Call>, coverage: UnsafePointer<UInt8>, coverageX: Int) {
    self.calls = calls
    self.coverage = coverage
    self.coverageX = coverageX
  }

  /// The `k`th recorded call (`k < count`).
  @inline(__always)
  package subscript(k: Int) -> Call { calls[k] }

  /// The coverage of device pixel `x` onwards, for a mask call.
  @inline(__always)
  package func mask(at x: Int) -> UnsafePointer<UInt8> { coverage + (x - coverageX) }

  /// Forgets the recorded calls.
  mutating func removeAll() { count = 0 }

  package mutating func blitSpan(y: Int, x0: Int, x1: Int, alpha: UInt8) {
    calls[count] = Call(
      x0: Int32(truncatingIfNeeded: x0), x1: Int32(truncatingIfNeeded: x1), alpha: alpha)
    count += 1
  }

  package mutating func blitMask(y: Int, x: Int, count n: Int, mask: UnsafePointer<UInt8>) {
    calls[count] = Call(
      x0: Int32(truncatingIfNeeded: x), x1: Int32(truncatingIfNeeded: x + n), alpha: 0)
    count += 1
  }

  /// Makes the recorded calls on `blitter`, in their order, at row `y`.
  @inline(__always)
  package func replay<B: SpanBlitter>(y: Int, into blitter: inout B) {
    for k in 0..<count {
      let c = calls[k]
      let x0 = Int(c.x0)
      let x1 = Int(c.x1)
      if c.alpha == 0 {
        blitter.blitMask(y: y, x: x0, count: x1 - x0, mask: coverage + (x0 - coverageX))
      } else {
        blitter.blitSpan(y: y, x0: x0, x1: x1, alpha: c.alpha)
      }
    }
  }
}

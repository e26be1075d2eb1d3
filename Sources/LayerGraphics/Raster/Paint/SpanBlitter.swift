/// Stage 3 of the rasterizer: receives the coverage of one row at a time and paints it.
///
/// Coverage is 0…255 (255 = the pixel is fully inside the shape). The scan converter
/// reports runs of constant coverage with `blitSpan` and runs of varying coverage (pixels
/// an edge passes through) with `blitMask`; it never reports coverage 0. `x` and `y` are
/// device pixels.
package protocol SpanBlitter {
  /// Pixels `x0..<x1` of row `y` all have coverage `alpha` (> 0).
  mutating func blitSpan(y: Int, x0: Int, x1: Int, alpha: UInt8)
  /// Pixels `x..<x + count` of row `y` have coverages `mask[0..<count]`.
  mutating func blitMask(y: Int, x: Int, count: Int, mask: UnsafePointer<UInt8>)
  /// Makes `row`'s calls at every row of `rows` (rows that replicate a swept row; see
  /// `RowPlan`). The calls of one fill never cover a pixel twice, so a blitter may make
  /// them in any order; the default makes them one row after the other.
  mutating func replay(_ row: RecordedRow, rows: Range<Int>)
  /// Whether the scan converter hands this blitter the coverage of four pixels at a time
  /// with `blitGroup`, as soon as it has it, for the pixels an edge crosses (false by
  /// default: those come in `blitMask` runs). Either way each pixel is reported once.
  static var blendsGroups: Bool { get }
  /// Pixels `x..<x + 4` of row `y` have coverages `coverage` (each 0…255, any of them 0);
  /// called only when `blendsGroups`.
  mutating func blitGroup(y: Int, x: Int, coverage: SIMD4<UInt32>)
}

extension SpanBlitter {
  package static var blendsGroups: Bool { false }

  /// The four coverages as a `blitMask` run.
  package mutating func blitGroup(y: Int, x: Int, coverage: SIMD4<UInt32>) {
    var bytes = SIMD4<UInt8>(truncatingIfNeeded: coverage)
    withUnsafeBytes(of: &bytes) {
      blitMask(y: y, x: x, count: 4, mask: $0.bindMemory(to: UInt8.self).baseAddress!)
    }
  }

  /// `row`'s calls one row after the other, in the order they were recorded.
  package mutating func replay(_ row: RecordedRow, rows: Range<Int>) {
    for y in rows { row.replay(y: y, into: &self) }
  }
}

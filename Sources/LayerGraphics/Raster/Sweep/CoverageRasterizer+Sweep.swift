internal import CLayerKernels
import Foundation

// Stage 2, the sweep: a band's cells summed row by row into coverage, reported as spans
// and masks (see `CoverageRasterizer`).
extension CoverageRasterizer {
  /// Sweeps one row of the band: sums the cells of its touched groups into coverage bytes
  /// (clearing the cells), then reports each run of consecutive touched groups as a mask
  /// and each gap between runs, where the sum cannot change, as a span. A blitter that
  /// blends groups gets the same calls from the one-pass `sweepBlendingGroups`.
  @inline(__always)
  func sweep<R: CoverageRule, B: SpanBlitter>(
    firstWord: Int, lastWord: Int, row: Int, y: Int, x0: Int, width: Int, stride: Int, words: Int,
    cells: UnsafeMutablePointer<Float>, touched: UnsafeMutablePointer<UInt64>, _: R.Type,
    into blitter: inout B
  ) {
    let c = cells + row * stride
    let t = touched + row * words
    if B.blendsGroups && !sumsCellsInOrder {
      sweepBlendingGroups(
        firstWord: firstWord, lastWord: lastWord, cells: c, touched: t, R.self, y: y, x0: x0,
        width: width, into: &blitter)
      return
    }
    let last =
      sumsCellsInOrder
      ? sumGroups(
        firstWord: firstWord, lastWord: lastWord, cells: c, touched: t, R.self, inOrder: true)
      : sumGroups(
        firstWord: firstWord, lastWord: lastWord, cells: c, touched: t, R.self, inOrder: false)
    let cov = coverage
    // The coverage left of the first run (0 for every rule), then after each run: a gap's
    // span has the coverage of the pixel before it.
    var a = UInt8(truncatingIfNeeded: R.alpha(0))
    var next = 0  // the first pixel not yet reported
    var k = 0
    while k <= last {
      let start = Int(runStarts[k]) << Self.groupShift
      // The cells past the clip box (from `width` on) have coverage bytes too (the row
      // has room for them); runs are clipped to `width` where they are reported.
      if start >= width { break }
      let end = Int(runEnds[k]) << Self.groupShift
      var from = start
      var to = Swift.min(end, width)
      let after = cov[end - 1]
      // The run's pixels before its first edge have the coverage of the gap before it,
      // and those after its last edge the coverage of the gap after it: they are
      // reported with the gaps, as spans (the mask covers the pixels edges cross, as
      // when cells were marked one by one; a replicated row repeats fewer mask pixels).
      while from < to && cov[from] == a { from += 1 }
      while to > from && cov[to - 1] == after { to -= 1 }
      if from > next && a > 0 {
        blitter.blitSpan(y: y, x0: x0 + next, x1: x0 + from, alpha: a)
      }
      if to > from { blitter.blitMask(y: y, x: x0 + from, count: to - from, mask: cov + from) }
      a = after
      next = to
      k += 1
    }
    if next < width && a > 0 {
      blitter.blitSpan(y: y, x0: x0 + next, x1: x0 + width, alpha: a)
    }
  }

  /// `sweep` for a blitter that blends groups (`SpanBlitter.blendsGroups`), in one pass:
  /// each touched group's four coverages (summed as in `sumGroups`) go to `blitGroup` at
  /// once, and the gap before a group that starts a run, where the sum cannot change, to
  /// `blitSpan` with the coverage of the pixel before it. The calls are the two-pass
  /// sweep's (the same groups, spans and masks, so the same pixels), without the runs'
  /// lists and their second pass.
  ///
  /// Groups whose four pixels lie in the box (cells `0 ..< width & ~3`) are blended from
  /// the vector; the group the box's right side cuts through has its coverage bytes stored
  /// and its pixels inside the box reported as a mask; groups past the box are summed (the
  /// running sum and cells need them) but not reported, and the spans are clipped to the
  /// box.
  @inline(__always)
  func sweepBlendingGroups<R: CoverageRule, B: SpanBlitter>(
    firstWord: Int, lastWord: Int, cells c: UnsafeMutablePointer<Float>,
    touched t: UnsafeMutablePointer<UInt64>, _: R.Type, y: Int, x0: Int, width: Int,
    into blitter: inout B
  ) {
    let cov = coverage
    let fusedWidth = width & ~(Self.groupSize - 1)
    // The coverage of the pixel before `next` (0 left of the first group, for every rule),
    // and the first pixel after the last group summed.
    var a = UInt8(truncatingIfNeeded: R.alpha(0))
    var next = 0
    var carry = SIMD4<Float>()
    Self.takeTouchedGroups(t, firstWord: firstWord, lastWord: lastWord) { g in
      let i = g << Self.groupShift
      // A gap since the last group: one span of its last coverage, up to the box's side.
      if i != next && a != 0 {
        let gapEnd = Swift.min(i, width)
        if gapEnd > next { blitter.blitSpan(y: y, x0: x0 &+ next, x1: x0 &+ gapEnd, alpha: a) }
      }
      let alphas = Self.groupCoverage(c + i, carry: &carry, R.self)
      if i < fusedWidth {
        blitter.blitGroup(y: y, x: x0 &+ i, coverage: alphas)
      } else if i < width {
        let bytes = SIMD4<UInt8>(truncatingIfNeeded: alphas)
        UnsafeMutableRawPointer(cov + i).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
        blitter.blitMask(y: y, x: x0 &+ i, count: width &- i, mask: cov + i)
      }
      a = UInt8(truncatingIfNeeded: alphas[3])
      next = i &+ Self.groupSize
    }
    if next < width && a != 0 {
      blitter.blitSpan(y: y, x0: x0 &+ next, x1: x0 &+ width, alpha: a)
    }
  }

  /// The first pass of `sweep`, for the row whose cells and bitset words are at `c` and `t`
  /// (indexed by clip-box column and by word): the coverage bytes of its touched groups (into
  /// `coverage`, at their cells' columns), with the groups' cells and bits cleared, and
  /// the runs of consecutive touched groups (into `runStarts` and `runEnds`); returns the
  /// index of the last run (−1 when no group was touched).
  ///
  /// A group's four running sums are the sum before it plus the prefix sums of its cells,
  /// found in vector lanes (two shifted adds); `inOrder` adds the cells one at a time
  /// instead (`sumsCellsInOrder`).
  @inline(__always)
  func sumGroups<R: CoverageRule>(
    firstWord: Int, lastWord: Int, cells c: UnsafeMutablePointer<Float>,
    touched t: UnsafeMutablePointer<UInt64>, _: R.Type, inOrder: Bool
  ) -> Int {
    let cov = coverage
    let starts = runStarts
    let ends = runEnds
    var last = -1
    var previousEnd = -1
    // The running sum, in every lane (vector sums) or as a scalar (in order).
    var carry = SIMD4<Float>()
    var s: Float = 0
    Self.takeTouchedGroups(t, firstWord: firstWord, lastWord: lastWord) { g in
      // Without a branch: every group writes itself as the start of the run after the
      // current one; a group that starts a run moves `last` on to that entry, one that
      // continues the current run leaves it to be overwritten.
      starts[last &+ 1] = Int32(truncatingIfNeeded: g)
      last &+= g != previousEnd ? 1 : 0
      ends[last] = Int32(truncatingIfNeeded: g &+ 1)
      previousEnd = g &+ 1
      let i = g << Self.groupShift
      if inOrder {
        for j in i..<(i + Self.groupSize) {
          s += c[j]
          c[j] = 0
          cov[j] = UInt8(truncatingIfNeeded: R.alpha(s))
        }
      } else {
        let alphas = Self.groupCoverage(c + i, carry: &carry, R.self)
        UnsafeMutableRawPointer(cov + i).storeBytes(
          of: SIMD4<UInt8>(truncatingIfNeeded: alphas), as: SIMD4<UInt8>.self)
      }
    }
    return last
  }

  /// Calls `body` with each group marked in bitset words `firstWord…lastWord` of `t`
  /// (group `g` is bit `g & 63` of word `g >> 6`), in increasing order, clearing the words.
  @inline(__always)
  static func takeTouchedGroups(
    _ t: UnsafeMutablePointer<UInt64>, firstWord: Int, lastWord: Int, _ body: (Int) -> Void
  ) {
    for k in firstWord...lastWord {
      var bits = t[k]
      if bits == 0 { continue }
      t[k] = 0
      repeat {
        body((k << 6) | bits.trailingZeroBitCount)
        bits &= bits &- 1
      } while bits != 0
    }
  }

  /// The coverages (0…255) of the group of four cells at `p`, whose running sums are
  /// `carry` (the sum before the group, in every lane) plus the prefix sums of its cells;
  /// clears the cells and leaves the group's last sum in every lane of `carry`.
  @inline(__always)
  static func groupCoverage<R: CoverageRule>(
    _ p: UnsafeMutablePointer<Float>, carry: inout SIMD4<Float>, _: R.Type
  ) -> SIMD4<UInt32> {
    let raw = UnsafeMutableRawPointer(p)
    let sums = prefixSums(raw.loadUnaligned(as: SIMD4<Float>.self)) + carry
    raw.storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
    carry = SIMD4(repeating: sums[3])
    return floors(R.levels(sums))
  }

  /// `(v0, v0 + v1, (v1 + v2) + v0, (v2 + v3) + (v0 + v1))`: two vector adds of the
  /// lanes shifted up by one, then by two (`lk_prefix_sums4`).
  @inline(__always)
  static func prefixSums(_ v: SIMD4<Float>) -> SIMD4<Float> { lk_prefix_sums4(v) }

  /// `⌊x⌋` of each lane, for levels `0 ≤ x < 256`: what `Truncation.int` gives one level
  /// (`lk_truncate4`, one vector conversion).
  @inline(__always)
  static func floors(_ x: SIMD4<Float>) -> SIMD4<UInt32> { lk_truncate4(x) }
}

internal import CLayerKernels
import Foundation

/// Stage 2 of the rasterizer: exact-area scan conversion of `RasterEdge`s.
///
/// Each pixel's coverage is the exact area of the pixel square inside the outline,
/// computed analytically (no supersampling), by signed-area accumulation as in font
/// rasterizers:
///
/// 1. Every edge is cut into pieces, one per pixel row it crosses. A piece spans rows
///    `y…y+dy` (`dy ≤ 1`) and columns `lo…hi`; its signed height is `d = ±dy`.
/// 2. The piece covers, of each pixel `i` in its row, the part to the right of it. With
///    `h(x) = clamp((x − lo)/(hi − lo), 0, 1)` (the fraction of the piece's height that
///    lies left of `x`) and `G(x) = ∫ h`, that area is `d·(G(i+1) − G(i))`; pixels right of
///    `hi` get all of `d`. A piece inside one pixel column is the special case
///    `d·(1 − m)` for that pixel, `m` being the piece's mean `x` within the column.
/// 3. The piece deposits the *differences* of those areas in a row of cells, so that the
///    running sum along the row is the accumulated winding area: about two cells per edge
///    and row, however wide the shape.
/// 4. Sweeping a row, the running sum `s` gives coverage `min(|s|, 1)` for the non-zero
///    rule, or the distance of `|s|` to the nearest even number, folded into 0…1, for
///    even-odd. Cells no edge touched keep the sum constant, so a bitset of touched cells
///    lets the sweep jump over them and report whole constant spans (interiors) at once.
///
/// Rows are processed in bands of `bandHeight` so that the cells stay in cache; edges are
/// bucketed by their first band, and only rows between the edges' top and bottom, inside
/// the clip box, are visited. Scratch memory is kept between fills.
///
/// A row crossed only by vertical edges that cover it whole repeats the row above when
/// that row is of the same kind (`RowPlan`): it is neither deposited nor swept, and the
/// blit calls recorded while sweeping the first row of the run are made again at its `y`
/// (`RecordedRow`). The output is the same bit for bit.
package final class CoverageRasterizer {
  /// Rows per band: `1 << bandShift`.
  package static let bandHeight = 1 << bandShift
  /// The base-2 logarithm of `bandHeight`: an edge's band is its first row shifted right
  /// by it (a shift where a division by the stored height compiled to `div`).
  static let bandShift = 5
  /// Cells per bit of the touched bitset, `1 << groupShift`: the sweep reads and sums the
  /// cells of a touched group together, in vector lanes.
  static let groupSize = 1 << groupShift
  /// The base-2 logarithm of `groupSize`.
  static let groupShift = 2

  @exclusivity(unchecked) private var cells: UnsafeMutablePointer<Float>
  @exclusivity(unchecked) private var cellCapacity: Int
  @exclusivity(unchecked) private var touched: UnsafeMutablePointer<UInt64>
  @exclusivity(unchecked) private var touchedCapacity: Int
  @exclusivity(unchecked) private(set) var coverage: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var coverageCapacity: Int
  /// The runs of consecutive touched groups of the row being swept: run `k` is groups
  /// `runStarts[k] ..< runEnds[k]`.
  @exclusivity(unchecked) private(set) var runStarts: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) private(set) var runEnds: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) private var runCapacity: Int
  @exclusivity(unchecked) private var order: [Int32] = []
  /// The band each edge starts in (between the two passes of the counting sort).
  @exclusivity(unchecked) private var edgeBands: [Int32] = []
  @exclusivity(unchecked) private var bandStarts: [Int32] = []
  @exclusivity(unchecked) private var active: [Int32] = []
  private let plan = RowPlan()
  @exclusivity(unchecked) private var calls: UnsafeMutablePointer<RecordedRow.Call>
  @exclusivity(unchecked) private var callCapacity: Int
  private let pieces = RowPieceQueue.allocate()

  /// Whether clean rows replicate the row above (the default). Turning it off gives the
  /// same output more slowly; it exists to check exactly that.
  @exclusivity(unchecked) package var replicatesRows = true

  /// Whether the sweep adds a row's cells one at a time, left to right, rather than a
  /// group at a time as a vector prefix sum (the default). The two orders round the sums
  /// differently, by at most one coverage level; the in-order sweep exists to check that.
  @exclusivity(unchecked) package var sumsCellsInOrder = false

  package init() {
    cellCapacity = 0
    touchedCapacity = 0
    coverageCapacity = 0
    callCapacity = 0
    runCapacity = 0
    runStarts = .allocate(capacity: 1)
    runEnds = .allocate(capacity: 1)
    calls = .allocate(capacity: 1)
    cells = .allocate(capacity: 1)
    touched = .allocate(capacity: 1)
    coverage = .allocate(capacity: 1)
  }

  deinit {
    cells.deallocate()
    touched.deallocate()
    coverage.deallocate()
    calls.deallocate()
    runStarts.deallocate()
    runEnds.deallocate()
    pieces.deallocate()
  }

  /// Room for a band of rows of `stride` cells and `words` bitset words each, and for the
  /// coverage of a clip box `width` pixels wide.
  private func reserve(width: Int, stride: Int, words: Int) {
    let groups = stride >> Self.groupShift
    if stride * Self.bandHeight > cellCapacity {
      cells.deallocate()
      cellCapacity = stride * Self.bandHeight
      cells = .allocate(capacity: cellCapacity)
      cells.initialize(repeating: 0, count: cellCapacity)
    }
    if words * Self.bandHeight > touchedCapacity {
      touched.deallocate()
      touchedCapacity = words * Self.bandHeight
      touched = .allocate(capacity: touchedCapacity)
      touched.initialize(repeating: 0, count: touchedCapacity)
    }
    // Coverage bytes for every column of the window, whose last cell is at most column
    // `width + 7`.
    if width + 8 > coverageCapacity {
      coverage.deallocate()
      coverageCapacity = width + 8
      coverage = .allocate(capacity: coverageCapacity)
      coverage.initialize(repeating: 0, count: coverageCapacity)
    }
    if groups + 1 > runCapacity {
      runStarts.deallocate()
      runEnds.deallocate()
      runCapacity = groups + 1
      runStarts = .allocate(capacity: runCapacity)
      runEnds = .allocate(capacity: runCapacity)
    }
    if RecordedRow.maxCalls(stride: stride) > callCapacity {
      calls.deallocate()
      callCapacity = RecordedRow.maxCalls(stride: stride)
      calls = .allocate(capacity: callCapacity)
    }
  }

  /// Scan-converts `builder`'s edges and hands the coverage to `blitter`.
  ///
  /// - Parameters:
  ///   - rule: non-zero or even-odd.
  ///   - antialias: when false, coverage is rounded to 0 or 255 (a pixel is inside when
  ///     at least half of it is).
  package func fill<B: SpanBlitter>(
    _ builder: EdgeBuilder, rule: CGPathFillRule, antialias: Bool = true, into blitter: inout B
  ) {
    // The even-odd rule's fast form needs running sums below 2²³, which fewer than
    // `EvenOddRule.maximumEdges` edges guarantee.
    let narrow = builder.edges.count < EvenOddRule.maximumEdges
    switch (rule, antialias) {
    case (.evenOdd, true) where narrow: fill(builder, EvenOddRule.self, into: &blitter)
    case (.evenOdd, false) where narrow:
      fill(builder, AliasedRule<EvenOddRule>.self, into: &blitter)
    case (.evenOdd, true): fill(builder, WideEvenOddRule.self, into: &blitter)
    case (.evenOdd, false): fill(builder, AliasedRule<WideEvenOddRule>.self, into: &blitter)
    case (_, true): fill(builder, NonZeroRule.self, into: &blitter)
    case (_, false): fill(builder, AliasedRule<NonZeroRule>.self, into: &blitter)
    }
  }

  /// `fill` with the coverage rule fixed at compile time, so the sweep has no branch on it.
  /// When the edges were cut to more rows than are written (`EdgeBuilder.writtenRows`),
  /// the rows outside are scanned as usual — so every coverage is the one the wider
  /// clip gives — but not reported.
  private func fill<R: CoverageRule, B: SpanBlitter>(
    _ builder: EdgeBuilder, _: R.Type, into blitter: inout B
  ) {
    let rows = builder.writtenRows
    if Double(rows.lowerBound) > builder.minY || Double(rows.upperBound) < builder.maxY {
      var window = RowWindowBlitter(base: blitter, rows: rows)
      scan(builder, R.self, written: rows, into: &window)
      blitter = window.base
    } else {
      scan(builder, R.self, written: nil, into: &blitter)
    }
  }

  /// The scan conversion proper; with `written` rows, bands of rows wholly above them
  /// (when no row repeats across bands) and below them are skipped.
  private func scan<R: CoverageRule, B: SpanBlitter>(
    _ builder: EdgeBuilder, _: R.Type, written: Range<Int>?, into blitter: inout B
  ) {
    let edgeCount = builder.edges.count
    guard edgeCount > 0 else { return }
    let e = UnsafePointer(builder.edges.base)
    let clipX0 = Int(builder.minX)
    let width = Int(builder.maxX) - clipX0
    guard width > 0 else { return }
    // The rows clamped to the clip before converting: a path may reach far beyond any
    // Int (a control point at -1e81), which the clip cuts away.
    let top = builder.top.rounded(.down)
    let bottom = builder.bottom.rounded(.up)
    let rowTop = top > builder.minY ? Int(Swift.min(top, builder.maxY)) : Int(builder.minY)
    let rowBottom = bottom < builder.maxY ? Int(Swift.max(bottom, builder.minY)) : Int(builder.maxY)
    guard rowBottom > rowTop else { return }
    // The cell window: cells are kept for the columns the edges reach only, so that a
    // small shape's band of cells is small, and the same memory (in cache) for every fill.
    // A cell of margin on each side (rounding can put a piece's end an ulp past the edge's
    // own), room for the cell two past a piece's first (see `CoverageCells.flush`) and
    // for the three past a wide piece's last (`CoverageCells.addWideRamp`); in whole
    // groups. Cell `i` of a row (a clip-box column) is at `windowX0` less.
    let windowX0 = Swift.max(Truncation.int(builder.left) - 1, 0) & ~(Self.groupSize - 1)
    let windowX1 = Truncation.int(builder.right) + 5
    let stride = (windowX1 - windowX0 + Self.groupSize - 1) & ~(Self.groupSize - 1)
    // The bitset words from the one holding the window's first group to the one holding
    // its last.
    let wordX0 = windowX0 >> (Self.groupShift + 6)
    let words = ((windowX0 + stride - 1) >> (Self.groupShift + 6)) - wordX0 + 1
    reserve(width: width, stride: stride, words: words)
    let cellOrigin = cells - windowX0
    let touchedOrigin = touched - wordX0
    let bh = Self.bandHeight
    let bandCount = (rowBottom - rowTop + bh - 1) / bh

    // Bucket edges by the band they start in (a counting sort; no allocation once warm).
    bandStarts.removeAll(keepingCapacity: true)
    bandStarts.append(contentsOf: repeatElement(0, count: bandCount + 1))
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: repeatElement(0, count: edgeCount))
    edgeBands.removeAll(keepingCapacity: true)
    edgeBands.append(contentsOf: repeatElement(0, count: edgeCount))
    active.removeAll(keepingCapacity: true)
    // Rows can only repeat between vertical edges, so the plan is made only for fills
    // with some height of them.
    let replicating = replicatesRows && builder.verticalHeight >= 2
    let rowCount = rowBottom - rowTop
    if replicating { plan.reserve(rowCount: rowCount, bandCount: bandCount) }
    let diff = plan.diff
    do {
      bandStarts.withUnsafeMutableBufferPointer { starts in
        edgeBands.withUnsafeMutableBufferPointer { bands in
          if replicating {
            for k in 0..<edgeCount {
              let first = Truncation.int(e[k].y0) - rowTop
              let b = Swift.min(Swift.max(first &>> Self.bandShift, 0), bandCount - 1)
              bands[k] = Int32(truncatingIfNeeded: b)
              starts[b + 1] += 1
              RowPlan.mark(e[k], first: first, rowTop: rowTop, rowCount: rowCount, diff: diff)
            }
          } else {
            for k in 0..<edgeCount {
              let first = Truncation.int(e[k].y0) - rowTop
              let b = Swift.min(Swift.max(first &>> Self.bandShift, 0), bandCount - 1)
              bands[k] = Int32(truncatingIfNeeded: b)
              starts[b + 1] += 1
            }
          }
          for b in 0..<bandCount { starts[b + 1] += starts[b] }
          order.withUnsafeMutableBufferPointer { ord in
            for k in 0..<edgeCount {
              let b = Int(bands[k])
              ord[Int(starts[b])] = Int32(k)
              starts[b] += 1
            }
          }
        }
        // Restore the starts (they were advanced to the ends).
        var prev: Int32 = 0
        for b in 0..<bandCount {
          let end = starts[b]
          starts[b] = prev
          prev = end
        }
      }
    }

    let replicates = replicating && plan.finish(rowCount: rowCount, bandHeight: bh)
    let next = plan.next
    var recorded = RecordedRow(calls: calls, coverage: coverage, coverageX: clipX0)

    var activeKept = 0
    for band in 0..<bandCount {
      let y0 = rowTop + band * bh
      let y1 = Swift.min(y0 + bh, rowBottom)
      let bandEnd = band + 1 < bandCount ? Int(bandStarts[band + 1]) : edgeCount
      if let written, y0 >= written.upperBound { break }
      active.append(contentsOf: order[Int(bandStarts[band])..<bandEnd])
      let fy0 = Float(y0)
      let fy1 = Float(y1)
      if let written, y1 <= written.lowerBound, !replicates {
        // Nothing of this band is written: keep only the edges that go on below it (each
        // band starts its edges afresh from their ends, so skipping it changes nothing).
        active.removeAll { e[Int($0)].y1 <= fy1 }
        continue
      }
      var deposits = CoverageCells(
        cells: cellOrigin, touched: touchedOrigin, pieces: pieces, stride: stride, width: width,
        words: words)
      if replicates {
        deposits.bandRow0 = y0 - rowTop
        deposits.nextRow = UnsafePointer(plan.next + (y0 - rowTop))
        deposits.bandEntry = Int(plan.bandFirst[band]) - (y0 - rowTop)
      }
      active.withUnsafeMutableBufferPointer { act in
        var n = 0
        for j in 0..<act.count {
          let edge = e[Int(act[j])]
          deposits.deposit(edge, bandTop: fy0, bandBottom: fy1)
          if edge.y1 > fy1 {
            act[n] = act[j]
            n += 1
          }
        }
        deposits.flush()
        activeKept = n
      }
      active.removeLast(active.count - activeKept)
      // The words holding the touched range's groups (−1 for `maxCell` −1: none).
      let wordShift = Self.groupShift + 6
      let firstWord = deposits.minCell >> wordShift
      let lastWord = deposits.maxCell >> wordShift
      if !replicates {
        if lastWord < firstWord { continue }
        for row in 0..<(y1 - y0) {
          sweep(
            firstWord: firstWord, lastWord: lastWord, row: row, y: y0 + row, x0: clipX0,
            width: width, stride: stride,
            words: words, cells: cellOrigin, touched: touchedOrigin, R.self, into: &blitter)
        }
        continue
      }
      // A band with no touched cell reports nothing, nor do the rows that repeat its rows.
      if lastWord < firstWord { continue }
      // Only the computed rows: each is swept, and the rows that repeat it (up to the
      // next computed row, which may be in a later band) are drawn with it at once.
      let bandRow0 = y0 - rowTop
      var r = Int(plan.bandFirst[band])
      while r < y1 - rowTop {
        let successor = Int(next[r])
        if successor == r + 1 {
          sweep(
            firstWord: firstWord, lastWord: lastWord, row: r - bandRow0, y: rowTop + r, x0: clipX0,
            width: width,
            stride: stride, words: words, cells: cellOrigin, touched: touchedOrigin, R.self,
            into: &blitter)
        } else {
          recorded.removeAll()
          sweep(
            firstWord: firstWord, lastWord: lastWord, row: r - bandRow0, y: rowTop + r, x0: clipX0,
            width: width,
            stride: stride, words: words, cells: cellOrigin, touched: touchedOrigin, R.self,
            into: &recorded)
          blitter.replay(recorded, rows: (rowTop + r)..<(rowTop + successor))
        }
        r = successor
      }
    }
  }
}

/// Passes on only the spans of the rows `rows`: a band of a larger clip, scanned with the
/// larger clip's edges.
struct RowWindowBlitter<Base: SpanBlitter>: SpanBlitter {
  var base: Base
  let rows: Range<Int>

  mutating func blitSpan(y: Int, x0: Int, x1: Int, alpha: UInt8) {
    if rows.contains(y) { base.blitSpan(y: y, x0: x0, x1: x1, alpha: alpha) }
  }

  mutating func blitMask(y: Int, x: Int, count: Int, mask: UnsafePointer<UInt8>) {
    if rows.contains(y) { base.blitMask(y: y, x: x, count: count, mask: mask) }
  }

  static var blendsGroups: Bool { Base.blendsGroups }

  mutating func blitGroup(y: Int, x: Int, coverage: SIMD4<UInt32>) {
    if rows.contains(y) { base.blitGroup(y: y, x: x, coverage: coverage) }
  }

  mutating func replay(_ row: RecordedRow, rows replayed: Range<Int>) {
    let r = replayed.clamped(to: rows)
    if !r.isEmpty { base.replay(row, rows: r) }
  }
}

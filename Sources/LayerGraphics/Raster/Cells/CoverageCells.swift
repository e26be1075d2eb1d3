/// The accumulation cells of one band of rows, and the deposits edges make into them.
///
/// Row `r` of the band owns `stride` cells from `cells + r·stride` and `words` bitset words
/// from `touched + r·words`, both indexed by clip-box column and word (the pointers are
/// offset so: only the fill's cell window, the columns its edges reach, has memory). Bit
/// `g` marks cell group `g` (cells `4g…4g + 3`) as holding a cell an edge wrote to, so the
/// sweep can skip the other groups. `minCell…maxCell` is the range of touched columns over
/// the whole band.
///
/// The value is built on the stack for each band so that the pointers and the touched
/// range live in registers while edges are deposited (as stored properties of the
/// rasterizer they were reloaded after every cell write).
///
/// Sloped edges are deposited in two steps: `deposit` walks an edge's rows and queues
/// one piece per row (`RowPieceQueue`), and `flush` adds the queued pieces to the cells in
/// queue order. Every cell receives the same additions in the same order as when each
/// piece was added as soon as it was found (vertical edges flush the queue before they
/// write), so the cells are the same to the bit. The walk of an edge of up to four rows
/// has no data-dependent branch, and the flush computes four pieces at a time in vector
/// lanes with the rare piece wider than two columns as its only data-dependent branch,
/// so the processor overlaps the arithmetic of many pieces, where the walk's branches
/// (row counts, single-row edges, one or two columns) used to cut it short.
struct CoverageCells {
  let cells: UnsafeMutablePointer<Float>
  let touched: UnsafeMutablePointer<UInt64>
  /// The piece queue and its length.
  let pieces: RowPieceQueue
  var pieceCount = 0
  /// Cells per row: the clip box's width plus two, rounded up to whole groups.
  let stride: Int
  /// The clip box's width as a float: the right end of every piece is clamped to it.
  let maxX: Float
  /// Bitset words per row.
  let words: Int
  /// The lowest touched cell of the band (`Int.max` while none is).
  var minCell = Int.max
  /// The highest touched cell of the band (−1 while none is).
  var maxCell = -1
  /// When rows are replicated: `RowPlan.next` from the band's first row on (entries are
  /// fill rows); vertical edges deposit only the computed rows it leads to.
  var nextRow: UnsafePointer<Int32>?
  /// The fill row of the band's first row.
  var bandRow0 = 0
  /// The band's first computed row (band-relative; the band's height or more if none).
  var bandEntry = 0

  init(
    cells: UnsafeMutablePointer<Float>, touched: UnsafeMutablePointer<UInt64>,
    pieces: RowPieceQueue,
    stride: Int, width: Int, words: Int
  ) {
    self.maxX = Float(width)
    self.cells = cells
    self.touched = touched
    self.pieces = pieces
    self.stride = stride
    self.words = words
  }

  /// Deposits the part of `e` inside `[bandTop, bandBottom)` (absolute rows); a sloped
  /// edge's pieces are queued (call `flush` once the band's edges are deposited).
  @inline(__always)
  mutating func deposit(_ e: RasterEdge, bandTop: Float, bandBottom: Float) {
    let ya = larger(e.y0, bandTop)
    let yb = Swift.min(e.y1, bandBottom)
    guard yb > ya else { return }
    if e.x0 == e.x1 {
      flush()
      depositVertical(e, from: ya, to: yb, bandTop: bandTop)
      return
    }
    // An edge queues at most one piece per row of the band.
    if pieceCount > RowPieceQueue.capacity - CoverageRasterizer.bandHeight { flush() }
    let row = Truncation.int(ya - bandTop)
    let w = e.winding
    let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
    // `ya == e.y0` and `yb == e.y1`, as ordered comparisons (no unordered test).
    let startsInBand = e.y0 >= bandTop
    let endsInBand = e.y1 <= bandBottom
    let x = startsInBand ? e.x0 : e.x0 + (ya - e.y0) * dxdy
    let xEnd = endsInBand ? e.x1 : e.x0 + (yb - e.y0) * dxdy
    // The band's touched range from the edge's extent, once: every piece lies inside
    // (intermediate points are clamped to 0…maxX; a piece's last cell is at most
    // ⌊hi⌋ + 1).
    let lowCell = Truncation.int(Swift.min(Swift.min(x, xEnd), maxX))
    let highCell = Truncation.int(larger(larger(x, xEnd), 0)) &+ 1
    // As selects: whether an edge widens the range is data-dependent.
    minCell = Swift.min(minCell, lowCell)
    maxCell = Swift.max(maxCell, highCell)
    // The pieces: one per row from `row` to the row holding `yb`, ⌈v⌉ − 1 with
    // `v = yb − bandTop` (exact: `bandTop` is a whole number below `yb`, so the difference
    // is a multiple of the spacing of `yb` and smaller than `yb`). Every piece but the last
    // ends on a row bottom; the last ends at (`xEnd`, `yb`).
    let v = yb - bandTop
    let iv = Truncation.int(v)
    let count = iv &- (Float(iv) == v ? 1 : 0) &+ 1 &- row
    let rowBottom = bandTop + Float(row &+ 1)  // whole numbers: the increments are exact
    if count <= 4 {
      // Up to four pieces without a data-dependent branch: four row-crossing pieces are
      // written, then the last one's end and height are corrected and the queue advanced
      // by `count` (the slots past it are overwritten by the next edge). After the first
      // row a crossing's height is exactly 1, so `x + 1·dxdy` is `x + dxdy` and
      // `1·w` is `w`: the same values as the row walk below.
      let q = pieceCount
      let h0 = rowBottom - ya
      let x1 = Swift.min(larger(x + h0 * dxdy, 0), maxX)
      let x2 = Swift.min(larger(x1 + dxdy, 0), maxX)
      let x3 = Swift.min(larger(x2 + dxdy, 0), maxX)
      let r = Int32(truncatingIfNeeded: row)
      pieces.set(q, xa: x, xb: x1, d: h0 * w, row: r)
      pieces.set(q &+ 1, xa: x1, xb: x2, d: w, row: r &+ 1)
      pieces.set(q &+ 2, xa: x2, xb: x3, d: w, row: r &+ 2)
      // The fourth crossing's end is never read: with four pieces it is the last one
      // (its end is `xEnd`), with fewer it is past the queue's end.
      pieces.set(q &+ 3, xa: x3, xb: x3, d: w, row: r &+ 3)
      // The last piece starts at `ya` (one piece) or on the bottom of the row above it.
      let last = q &+ count &- 1
      let yLast = larger(ya, bandTop + Float(row &+ count &- 1))
      pieces.xb[last] = xEnd
      pieces.d[last] = (yb - yLast) * w
      pieceCount &+= count
      return
    }
    var x0 = x
    var y = ya
    var r = row
    var bottom = rowBottom
    // Whole row crossings, then the last piece, which ends at `xEnd`.
    while bottom < yb {
      let xn = Swift.min(larger(x0 + (bottom - y) * dxdy, 0), maxX)
      queue(r, xa: x0, xb: xn, d: (bottom - y) * w)
      x0 = xn
      y = bottom
      bottom += 1
      r &+= 1
    }
    queue(r, xa: x0, xb: xEnd, d: (yb - y) * w)
  }

  @inline(__always)
  private mutating func queue(_ row: Int, xa: Float, xb: Float, d: Float) {
    pieces.set(pieceCount, xa: xa, xb: xb, d: d, row: Int32(truncatingIfNeeded: row))
    pieceCount &+= 1
  }

  /// `deposit` for a vertical edge: every row piece lies in the same column, so the
  /// column, its offset and the band's touched range are found once. Same arithmetic as
  /// `depositPiece`, so the same cells to the bit.
  @inline(__always)
  private mutating func depositVertical(
    _ e: RasterEdge, from ya: Float, to yb: Float, bandTop: Float
  ) {
    let x = e.x0
    let i0 = Int(x)
    let m = (x + x) * 0.5 - Float(i0)
    if i0 < minCell { minCell = i0 }
    if i0 &+ 1 > maxCell { maxCell = i0 &+ 1 }
    let g0 = i0 >> CoverageRasterizer.groupShift
    let g1 = (i0 &+ 1) >> CoverageRasterizer.groupShift
    let word0 = g0 >> 6
    let bit0: UInt64 = 1 &<< UInt64(g0 & 63)
    let word1 = g1 >> 6
    let bit1: UInt64 = 1 &<< UInt64(g1 & 63)
    var y = ya
    var row = Int(ya - bandTop)
    var c = cells + row &* stride
    var t = touched + row &* words
    let w = e.winding
    /// One row, from `y` to the row's bottom or `yb`.
    @inline(__always) func partialRow() {
      let yn = Swift.min(bandTop + Float(row &+ 1), yb)
      let d = (yn - y) * w
      c[i0] += d - d * m
      c[i0 &+ 1] += d * m
      t[word0] |= bit0
      t[word1] |= bit1
      y = yn
      row &+= 1
      c += stride
      t += words
    }
    if y != bandTop + Float(row) { partialRow() }
    // Whole rows: the height is exactly 1, so `d` is the winding and the two deposits
    // are the same in every row.
    let wholeEnd = Int(yb - bandTop)
    if row < wholeEnd {
      let a0 = w - w * m
      let a1 = w * m
      if let nextRow {
        // Only the computed rows: a replicated row repeats the blits of the row above.
        // Whole rows that start below the band's top start on a computed row (the edge's
        // first row is dirty, and so is a partial row before them).
        if row == 0 { row = bandEntry }
        while row < wholeEnd {
          let rc = cells + row &* stride
          let rt = touched + row &* words
          rc[i0] += a0
          rc[i0 &+ 1] += a1
          rt[word0] |= bit0
          rt[word1] |= bit1
          row = Int(nextRow[row]) &- bandRow0
        }
        row = wholeEnd
        c = cells + row &* stride
        t = touched + row &* words
      } else {
        repeat {
          c[i0] += a0
          c[i0 &+ 1] += a1
          t[word0] |= bit0
          t[word1] |= bit1
          row &+= 1
          c += stride
          t += words
        } while row < wholeEnd
      }
      y = bandTop + Float(row)
    }
    if y < yb { partialRow() }
  }

  /// Deposits one row piece running from `xa` to `xb` with signed height `d` into the
  /// row whose cells and bitset start at `c` and `t` (the caller keeps the touched range).
  @inline(__always)
  func depositPiece(
    _ c: UnsafeMutablePointer<Float>, _ t: UnsafeMutablePointer<UInt64>, xa: Float, xb: Float,
    d: Float
  ) {
    let lo = Swift.min(xa, xb)
    let hi = larger(xa, xb)
    // `hi − lo` is `|xb − xa|` exactly (a subtraction only changes sign when its operands
    // swap); taken from the end points, the reciprocal does not wait for the column.
    let w = abs(xb - xa)
    let inv = 1 / w
    let i0 = Truncation.int(lo)
    // The column's edges as floats from one conversion (`Float(i0) + k` is exact).
    let f0 = Float(i0)
    let f1 = f0 + 1
    let f2 = f0 + 2
    let u0 = f1 - lo
    // `G(i0 + 1)`, the area left of the first column boundary per unit height. Both arms
    // are computed ahead of the select so that it stays a select: with the arithmetic
    // inside its arms it compiles to a branch, which the even-odd stars mispredict on about
    // a third of their pieces (`u0 ≥ w` is the one-column case).
    let gLinear = u0 - 0.5 * w
    let gQuadratic = 0.5 * u0 * u0 * inv
    let g0 = u0 >= w ? gLinear : gQuadratic
    let acc0 = d * g0
    if hi <= f2 {
      // One column or two, on one path: both forms are computed and the cells' values
      // selected, so the (data-dependent) choice costs no branch. A piece inside one
      // column adds +0 to the third cell, which leaves it unchanged: a cell starts at +0
      // and a sum is −0 only when both terms are, so no cell is ever −0. The cell window
      // has room for it.
      let m = (lo + hi) * 0.5 - f0
      // Two columns: `G(i0 + 2)` is on the linear branch (`hi ≤ i0 + 2` gives `u ≥ w`
      // after rounding too, as rounding keeps the order).
      let acc1 = d * ((f2 - lo) - 0.5 * w - g0)
      // The choice as bit masks (float selects on one shared condition were compiled to
      // a branch): all ones for two columns, from the sign of `(i0 + 1) − hi` (exact
      // here by Sterbenz, so negative exactly when `hi > i0 + 1`, never −0).
      let two = UInt32(bitPattern: Int32(bitPattern: (f1 - hi).bitPattern) >> 31)
      @inline(__always) func pick(_ a: Float, _ b: Float) -> Float {
        Float(bitPattern: (a.bitPattern & ~two) | (b.bitPattern & two))
      }
      addClosedForm(
        c, t, at: i0, pick(d - d * m, acc0), pick(d * m, acc1 - acc0), pick(0, d - acc1),
        third: UInt64(two & 4))
      return
    }
    c[i0] += acc0
    // ⌈hi⌉ − 1 without a libm call (`hi` ≥ 0 here, so truncation is the floor).
    let hiFloor = Truncation.int(hi)
    let i1 = (Float(hiFloor) < hi ? hiFloor &+ 1 : hiFloor) &- 1
    addWideRamp(
      c, from: i0 &+ 1, through: i1 &+ 1, lo: lo, w: w, inv: inv, d: d, g0: g0, acc0: acc0)
    // The groups of cells i0…i1 + 1, as one bit range when they share a word.
    let first = i0 >> CoverageRasterizer.groupShift
    let last = (i1 &+ 1) >> CoverageRasterizer.groupShift
    let n = last &+ 1 &- first
    let bit = first & 63
    if bit &+ n <= 64 {
      t[first >> 6] |= (UInt64.max &>> UInt64(64 - n)) &<< UInt64(bit)
    } else {
      for g in first...last { t[g >> 6] |= 1 &<< UInt64(g & 63) }
    }
  }

  /// The cells after the first of a piece wider than two columns: cells `i…last − 1` get
  /// `A(i) − A(i − 1)` (`A(i) = d·(G(i + 1) − G(i))`, the area right of the piece in column
  /// `i`; `A(i0) = acc0`, `G(i0 + 1) = g0`) and cell `last` gets `d − A(last − 1)`, the
  /// rest of the piece's height.
  ///
  /// Four columns per step in vector lanes: each lane performs the one-column-at-a-time
  /// loop's operations on its column in the same order (`u = (i + 1) − lo`, `G` on its
  /// quadratic or linear branch by `u ≥ w`, then the differences with the lane before,
  /// the previous step's last lane for the first), so every cell receives the same float
  /// value to the bit. Each choice is a bit mask (as in `flush`), so no lane is taken
  /// apart: the one-column loop's branch on `u ≥ w`, mispredicted where `G` turns linear,
  /// and its exit after a data-dependent count of columns are gone. The lanes past `last`
  /// add +0, which leaves a cell unchanged (a cell is never −0); the cell window ends at
  /// least four cells past any piece's last (`CoverageRasterizer.scan`).
  @inline(__always)
  func addWideRamp(
    _ c: UnsafeMutablePointer<Float>, from first: Int, through last: Int, lo: Float, w: Float,
    inv: Float, d: Float, g0: Float, acc0: Float
  ) {
    typealias V = SIMD4<Float>
    typealias I = SIMD4<Int32>
    @inline(__always) func bits(_ v: V) -> I { unsafeBitCast(v, to: I.self) }
    @inline(__always) func float(_ v: I) -> V { unsafeBitCast(v, to: V.self) }
    @inline(__always) func select(_ mask: I, _ a: V, _ otherwise: V) -> V {
      float((bits(a) & mask) | (bits(otherwise) & ~mask))
    }
    let half = V(repeating: 0.5)
    let wv = V(repeating: w)
    let dv = V(repeating: d)
    let invv = V(repeating: inv)
    let halfW = half * wv
    let lov = V(repeating: lo)
    // Lane `j` of a step at column `i` is column `i + j`; `ends − column` is negative past
    // `last`, and `ends − 1 − column` from `last` on.
    let ends = I(repeating: Int32(truncatingIfNeeded: last)) &- I(0, 1, 2, 3)
    var gPrev = V(repeating: g0)
    var prev = V(repeating: acc0)
    var i = first
    repeat {
      let u = (V(repeating: Float(i)) + V(1, 2, 3, 4)) - lov
      let g = select(bits(u - wv) &>> 31, half * u * u * invv, u - halfW)
      let acc = dv * (g - V(gPrev[3], g[0], g[1], g[2]))
      let before = V(prev[3], acc[0], acc[1], acc[2])
      let left = ends &- I(repeating: Int32(truncatingIfNeeded: i))
      let past = left &>> 31
      let fromLast = (left &- 1) &>> 31
      let v = float(bits(select(fromLast & ~past, dv - before, acc - before)) & ~past)
      let p = UnsafeMutableRawPointer(c + i)
      p.storeBytes(of: p.loadUnaligned(as: V.self) + v, as: V.self)
      gPrev = g
      prev = acc
      i &+= 4
    } while i <= last
  }

  /// Adds a one- or two-column piece's three values to cells `i0…i0 + 2` of the row at
  /// `c` and marks their groups touched in `t`: those of cells `i0` and `i0 + 1`, and of
  /// `i0 + 2` when `third` is 4 (it is 0 for a one-column piece, whose third value is +0).
  @inline(__always)
  func addClosedForm(
    _ c: UnsafeMutablePointer<Float>, _ t: UnsafeMutablePointer<UInt64>, at i0: Int,
    _ v0: Float, _ v1: Float, _ v2: Float, third: UInt64
  ) {
    let p = scalarCells(c + i0)
    p.0[0] += v0
    p.1[0] += v1
    p.2[0] += v2
    // The first and the last cell's group (the same group, or the next one), as one bit
    // or two adjacent ones in one word; the second is marked on its own when the first is
    // a word's last bit (one group in 64).
    let g0 = i0 >> CoverageRasterizer.groupShift
    let last = i0 &+ 1 &+ Int(truncatingIfNeeded: third &>> 2)
    let next = UInt64(truncatingIfNeeded: (last >> CoverageRasterizer.groupShift) &- g0)
    let bit = g0 & 63
    t[g0 >> 6] |= ((next &<< 1) | 1) &<< UInt64(bit)
    if bit == 63 { mark(t, last) }
  }

  /// Pointers to cells `0`, `1` and `2` from `p`, formed so that the optimizer cannot tell
  /// they are adjacent: otherwise it pairs the first two updates into one 8-byte load and
  /// store, and the next piece of the same row, one cell further, loads 8 bytes across two
  /// earlier stores, which the processor cannot forward (a store-forwarding stall of a
  /// dozen cycles or more on most x86-64 cores). With 4-byte accesses every load is
  /// forwarded from a single store.
  @inline(__always)
  func scalarCells(_ p: UnsafeMutablePointer<Float>)
    -> (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
  {
    let a = UInt(bitPattern: p)
    return (
      p, UnsafeMutablePointer(bitPattern: a &+ 4).unsafelyUnwrapped,
      UnsafeMutablePointer(bitPattern: a &+ 8).unsafelyUnwrapped
    )
  }

  /// `Swift.max(a, b)` for numbers (equal for every pair that is not NaN, signed zeros
  /// included: both return `b` when `a == b`), in the form that compiles to one `maxss`;
  /// `Swift.max` keeps a NaN-ordering select of four instructions.
  @inline(__always)
  func larger(_ a: Float, _ b: Float) -> Float { a > b ? a : b }

  /// Marks cell `i`'s group touched.
  @inline(__always)
  func mark(_ t: UnsafeMutablePointer<UInt64>, _ i: Int) {
    let g = i >> CoverageRasterizer.groupShift
    t[g >> 6] |= 1 &<< UInt64(g & 63)
  }
}

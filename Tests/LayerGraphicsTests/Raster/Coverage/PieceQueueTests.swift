import Testing

@testable import LayerGraphics

/// Deposits through the piece queue (branch-free walk of short edges, vector flush) against
/// the row walk that deposits every piece the moment it is found: the cells must be the
/// same floats to the bit and the touched bits the same.
@Suite struct PieceQueueTests {
  static let width = 100
  /// The cells of a row: the box's width plus five, in whole groups of four (a cell window
  /// from column 0, as the rasterizer keeps for edges that reach the whole box).
  static let stride = (width + 5 + 3) & ~3
  static let words = ((stride >> CoverageRasterizer.groupShift) + 63) >> 6
  static let bandTop: Float = 64
  static let bandBottom: Float = 96

  /// A band's scratch: cells (with the spare one past the last row) and touched bits.
  final class Scratch {
    let cells = UnsafeMutablePointer<Float>.allocate(capacity: PieceQueueTests.stride * 32 + 1)
    let touched = UnsafeMutablePointer<UInt64>.allocate(capacity: PieceQueueTests.words * 32)
    let queue = RowPieceQueue.allocate()

    init() {
      cells.initialize(repeating: 0, count: PieceQueueTests.stride * 32 + 1)
      touched.initialize(repeating: 0, count: PieceQueueTests.words * 32)
    }

    deinit {
      cells.deallocate()
      touched.deallocate()
      queue.deallocate()
    }

    func deposits() -> CoverageCells {
      CoverageCells(
        cells: cells, touched: touched, pieces: queue, stride: PieceQueueTests.stride,
        width: PieceQueueTests.width, words: PieceQueueTests.words)
    }
  }

  /// A fixed linear congruential sequence in `0..<1`.
  struct Sequence {
    var state: UInt64
    mutating func next() -> Float {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Float(state >> 40) / Float(1 << 24)
    }
  }

  /// The row walk with immediate deposits (the order and arithmetic the queue must keep).
  static func depositImmediately(_ e: RasterEdge, into cells: inout CoverageCells) {
    if e.x0 == e.x1 {
      cells.deposit(e, bandTop: bandTop, bandBottom: bandBottom)
      return
    }
    let ya = e.y0 > bandTop ? e.y0 : bandTop
    let yb = Swift.min(e.y1, bandBottom)
    guard yb > ya else { return }
    let maxX = Float(width)
    var row = Int(ya - bandTop)
    var rowBottom = bandTop + Float(row + 1)
    let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
    var x = e.y0 >= bandTop ? e.x0 : e.x0 + (ya - e.y0) * dxdy
    let xEnd = e.y1 <= bandBottom ? e.x1 : e.x0 + (yb - e.y0) * dxdy
    var y = ya
    while rowBottom < yb {
      let moved = x + (rowBottom - y) * dxdy
      let xn = Swift.min(moved > 0 ? moved : 0, maxX)
      cells.depositPiece(
        cells.cells + row * stride, cells.touched + row * words, xa: x, xb: xn,
        d: (rowBottom - y) * e.winding)
      x = xn
      y = rowBottom
      rowBottom += 1
      row += 1
    }
    cells.depositPiece(
      cells.cells + row * stride, cells.touched + row * words, xa: x, xb: xEnd,
      d: (yb - y) * e.winding)
  }

  /// Edges of every kind the queue handles: short sloped ones (one to four rows, mostly
  /// one or two columns), long ones, nearly horizontal ones (wide pieces), vertical ones,
  /// ones crossing the band's top or bottom, and ones on the last column.
  static func edges(seed: UInt64, count: Int) -> [RasterEdge] {
    var r = Sequence(state: seed)
    var out: [RasterEdge] = []
    let w = Float(width)
    for k in 0..<count {
      let x0 = r.next() * w
      let y0 = bandTop - 6 + r.next() * 44
      var x1: Float
      var y1: Float
      switch k % 6 {
      case 0:
        (x1, y1) = (Swift.min(Swift.max(x0 + (r.next() - 0.5) * 3, 0), w), y0 + r.next() * 3.5)
      case 1: (x1, y1) = (Swift.min(Swift.max(x0 + (r.next() - 0.5) * 4, 0), w), y0 + r.next() * 12)
      case 2: (x1, y1) = (r.next() * w, y0 + r.next() * 0.7)
      case 3: (x1, y1) = (x0, y0 + r.next() * 20)
      case 4: (x1, y1) = (w, y0 + r.next() * 2)
      default: (x1, y1) = (Swift.min(x0 + r.next(), w), bandTop - 3 + r.next() * 40)
      }
      if k % 6 == 4 {
        out.append(RasterEdge(x0: w, y0: y0, x1: x1, y1: y1, winding: 1))
        continue
      }
      guard y1 > y0 else { continue }
      out.append(RasterEdge(x0: x0, y0: y0, x1: x1, y1: y1, winding: k % 2 == 0 ? 1 : -1))
    }
    return out
  }

  @Test(arguments: [(UInt64(1), 40), (2, 700), (3, 2_000)])
  func queuedDepositsEqualImmediateOnes(seed: UInt64, count: Int) {
    let edges = Self.edges(seed: seed, count: count)
    let queued = Scratch()
    let immediate = Scratch()
    var q = queued.deposits()
    var i = immediate.deposits()
    for e in edges {
      q.deposit(e, bandTop: Self.bandTop, bandBottom: Self.bandBottom)
      Self.depositImmediately(e, into: &i)
    }
    q.flush()
    #expect(q.pieceCount == 0)
    var differentCells = 0
    var touchedCells = 0
    for k in 0..<(Self.stride * 32 + 1) {
      if queued.cells[k].bitPattern != immediate.cells[k].bitPattern { differentCells += 1 }
      if queued.cells[k] != 0 { touchedCells += 1 }
    }
    #expect(differentCells == 0)
    #expect(touchedCells > count / 2)
    for k in 0..<(Self.words * 32) {
      #expect(queued.touched[k] == immediate.touched[k])
    }
    // The touched range meets every touched group (bit `g` marks cells `4g…4g + 3`).
    for row in 0..<32 {
      for word in 0..<Self.words {
        let bits = queued.touched[row * Self.words + word]
        guard bits != 0 else { continue }
        #expect((word * 64 + bits.trailingZeroBitCount) * 4 + 3 >= q.minCell)
        #expect((word * 64 + 63 - bits.leadingZeroBitCount) * 4 <= q.maxCell)
      }
    }
  }

  /// A wide piece's cells the way they were found before the vector steps: one column at a
  /// time, `G` on its quadratic or linear branch by a comparison per column.
  static func depositWideByColumn(
    _ c: UnsafeMutablePointer<Float>, xa: Float, xb: Float, d: Float
  ) {
    let lo = Swift.min(xa, xb)
    let hi = Swift.max(xa, xb)
    let w = abs(xb - xa)
    let inv = 1 / w
    let i0 = Int(lo)
    let u0 = Float(i0 + 1) - lo
    let g0 = u0 >= w ? u0 - 0.5 * w : 0.5 * u0 * u0 * inv
    let acc0 = d * g0
    c[i0] += acc0
    let i1 = Int(hi.rounded(.up)) - 1
    var prev = acc0
    var gPrev = g0
    for i in (i0 + 1)...i1 {
      let u = Float(i + 1) - lo
      let g1 = u >= w ? u - 0.5 * w : 0.5 * u * u * inv
      let acc = d * (g1 - gPrev)
      c[i] += acc - prev
      prev = acc
      gPrev = g1
    }
    c[i1 + 1] += d - prev
  }

  /// Pieces wider than two columns (every width from three columns to the whole box, ends
  /// on and between column boundaries, both directions, heights up to 1) deposit into
  /// cells already holding other pieces' values the same floats, to the bit, as the
  /// column-at-a-time loop, and nothing past their last cell.
  @Test func widePiecesEqualTheColumnLoop() {
    var r = Sequence(state: 7)
    let vector = Scratch()
    let byColumn = Scratch()
    let w = Float(Self.width)
    for k in 0..<3_000 {
      // A row's cells start from other pieces' sums.
      for i in 0..<Self.stride {
        let v = (r.next() - 0.5) * 2
        vector.cells[i] = v
        byColumn.cells[i] = v
      }
      let lo = k % 5 == 0 ? Float(Int(r.next() * (w - 3))) : r.next() * (w - 3)
      let hiMin = Float(Int(lo)) + 2
      var hi = hiMin + r.next() * (w - hiMin)
      if k % 7 == 0 { hi = hi.rounded(.up) }
      hi = Swift.min(Swift.max(hi, hiMin.nextUp), w)
      let d = (r.next() * 2 - 1) * (k % 3 == 0 ? 1 : r.next())
      let (xa, xb) = k % 2 == 0 ? (lo, hi) : (hi, lo)
      let cells = vector.deposits()
      cells.depositPiece(vector.cells, vector.touched, xa: xa, xb: xb, d: d)
      Self.depositWideByColumn(byColumn.cells, xa: xa, xb: xb, d: d)
      var different = 0
      for i in 0..<(Self.stride + 1) {
        if vector.cells[i].bitPattern != byColumn.cells[i].bitPattern { different += 1 }
      }
      #expect(different == 0, "piece \(xa)…\(xb), height \(d)")
    }
  }
}

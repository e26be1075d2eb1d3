extension CoverageCells {
  /// Adds the queued pieces to the cells, in queue order, and empties the queue.
  ///
  /// Two passes. The first computes `depositPiece`'s one- and two-column closed form for
  /// four pieces at a time in vector lanes (`closedForms`); the second adds each piece's
  /// three values to its cells, in queue order, or hands a piece wider than two columns to
  /// `depositPiece`. Each lane performs the scalar operations in the scalar order, so the
  /// values are the scalar ones to the bit. The passes are separate loops because
  /// vector values whose lanes are all taken apart right away are turned back into
  /// scalar code by the optimizer, with a branch per lane for every select.
  mutating func flush() {
    let n = pieceCount
    if n == 0 { return }
    pieceCount = 0
    var k = 0
    // The vector pass finds columns below 2²² only (contexts are at most 2¹⁵ pixels wide;
    // a wider clip box would take the scalar path for every piece).
    if maxX >= 0x1p22 - 8 {
      for k in 0..<n {
        let row = Int(pieces.row[k])
        depositPiece(
          cells + row &* stride, touched + row &* words, xa: pieces.xa[k], xb: pieces.xb[k],
          d: pieces.d[k])
      }
      return
    }
    repeat {
      closedForms(k)
      k &+= 4
    } while k < n
    let q = pieces
    for k in 0..<n {
      let row = Int(q.row[k])
      let c = cells + row &* stride
      let t = touched + row &* words
      let shape = q.shape[k]
      if shape & 8 != 0 {
        depositPiece(c, t, xa: q.xa[k], xb: q.xb[k], d: q.d[k])
        continue
      }
      addClosedForm(
        c, t, at: Int(q.column[k]), q.v0[k], q.v1[k], q.v2[k],
        third: UInt64(UInt32(bitPattern: shape) & 4))
    }
  }

  /// `depositPiece`'s values for queued pieces `k…k + 3` (lanes past the queue's end
  /// compute on stale or zero entries, and are never read).
  ///
  /// The piece's column `⌊lo⌋` (`lo ≥ 0`, below 2²²) is found without an integer
  /// conversion: `lo + 2²³ − 2²³` rounds `lo` to the nearest integer (floats between 2²³
  /// and 2²⁴ are the integers), one less where that is above `lo`; the column's bits are
  /// those of `⌊lo⌋ + 2²³` minus those of 2²³. Each select is a bit mask from the sign of
  /// a difference: `a − b` is +0 when `a == b` and never rounds a negative difference to
  /// zero, so its sign bit is set exactly when `a < b`.
  @inline(__always)
  private func closedForms(_ k: Int) {
    typealias V = SIMD4<Float>
    typealias I = SIMD4<Int32>
    let q = pieces
    @inline(__always) func load(_ p: UnsafeMutablePointer<Float>) -> V {
      UnsafeRawPointer(p + k).loadUnaligned(as: V.self)
    }
    @inline(__always) func store<T>(_ v: T, _ p: UnsafeMutablePointer<some Any>) {
      UnsafeMutableRawPointer(p + k).storeBytes(of: v, as: T.self)
    }
    @inline(__always) func bits(_ v: V) -> I { unsafeBitCast(v, to: I.self) }
    @inline(__always) func float(_ v: I) -> V { unsafeBitCast(v, to: V.self) }
    /// All ones in the lanes where `a < b`.
    @inline(__always) func below(_ a: V, _ b: V) -> I { bits(a - b) &>> 31 }
    @inline(__always) func select(_ mask: I, _ a: V, _ otherwise: V) -> V {
      float((bits(a) & mask) | (bits(otherwise) & ~mask))
    }
    let xa = load(q.xa)
    let xb = load(q.xb)
    let d = load(q.d)
    let lo = xa.replacing(with: xb, where: xb .< xa)
    let hi = xa.replacing(with: xb, where: xb .> xa)
    let w = float(bits(xb - xa) & 0x7FFF_FFFF)
    let inv = 1 / w
    let nearest = (lo + 0x1p23) - 0x1p23
    let f0 = nearest - float(below(lo, nearest) & bits(V(repeating: 1)))
    let column = bits(f0 + 0x1p23) &- 0x4B00_0000
    let f1 = f0 + 1
    let f2 = f0 + 2
    let u0 = f1 - lo
    let half = V(repeating: 0.5)
    let g0 = select(below(u0, w), half * u0 * u0 * inv, u0 - half * w)
    let acc0 = d * g0
    let m = (lo + hi) * half - f0
    let acc1 = d * ((f2 - lo) - half * w - g0)
    let two = below(f1, hi)
    store(select(two, acc0, d - d * m), q.v0)
    store(select(two, acc1 - acc0, d * m), q.v1)
    store(select(two, d - acc1, V()), q.v2)
    store(column, q.column)
    store((two & 4) | (below(f2, hi) & 8), q.shape)
  }
}

/// Turning blocks of rows on their side for the horizontal passes.
///
/// Bytes move in tiles of 8 rows × 16 columns: each row's sixteen bytes are a
/// `SIMD2<UInt64>`, and each 64-bit lane holds an 8 × 8 byte matrix spread over the
/// eight rows, transposed by three rounds of swapping its off-diagonal blocks (4 × 4
/// blocks between rows `i` and `i + 4`, then 2 × 2 blocks between `i` and `i + 2`, then
/// single bytes between `i` and `i + 1`) with shifts and masks. Pixels move in 4 × 4
/// tiles of `SIMD4<UInt32>` (two rounds of interleaving, by 32 then 64 bits). Rows and
/// columns left over at the edges are copied one at a time.
extension BoxPasses {
  typealias Words = SIMD2<UInt64>

  /// Swaps the blocks of `bits`-bit groups selected by `mask` between `a` (high part)
  /// and `b` (low part).
  @inline(__always)
  static func swap(_ a: inout Words, _ b: inout Words, _ bits: UInt64, _ mask: UInt64) {
    let t = ((a &>> bits) ^ b) & Words(repeating: mask)
    b ^= t
    a ^= t &<< bits
  }

  /// Transposes the two 8 × 8 byte matrices of the tile whose row `i` is `row(i)`, and
  /// stores row `i`'s low lane at `out(i)` and its high lane at `out(i + 8)`.
  @inline(__always)
  static func tile(_ row: (Int) -> Words, _ out: (Int) -> UnsafeMutableRawPointer) {
    var r0 = row(0)
    var r1 = row(1)
    var r2 = row(2)
    var r3 = row(3)
    var r4 = row(4)
    var r5 = row(5)
    var r6 = row(6)
    var r7 = row(7)
    swap(&r0, &r4, 32, 0x0000_0000_FFFF_FFFF)
    swap(&r1, &r5, 32, 0x0000_0000_FFFF_FFFF)
    swap(&r2, &r6, 32, 0x0000_0000_FFFF_FFFF)
    swap(&r3, &r7, 32, 0x0000_0000_FFFF_FFFF)
    swap(&r0, &r2, 16, 0x0000_FFFF_0000_FFFF)
    swap(&r1, &r3, 16, 0x0000_FFFF_0000_FFFF)
    swap(&r4, &r6, 16, 0x0000_FFFF_0000_FFFF)
    swap(&r5, &r7, 16, 0x0000_FFFF_0000_FFFF)
    swap(&r0, &r1, 8, 0x00FF_00FF_00FF_00FF)
    swap(&r2, &r3, 8, 0x00FF_00FF_00FF_00FF)
    swap(&r4, &r5, 8, 0x00FF_00FF_00FF_00FF)
    swap(&r6, &r7, 8, 0x00FF_00FF_00FF_00FF)
    @inline(__always) func put(_ i: Int, _ v: Words) {
      out(i).storeBytes(of: v[0], as: UInt64.self)
      out(i + 8).storeBytes(of: v[1], as: UInt64.self)
    }
    put(0, r0)
    put(1, r1)
    put(2, r2)
    put(3, r3)
    put(4, r4)
    put(5, r5)
    put(6, r6)
    put(7, r7)
  }

  /// `dst[x · dstStride + r] = src[r · srcStride + x]` for `r < rows`, `x < count`.
  static func transposeBytes(
    _ src: UnsafePointer<UInt8>, _ srcStride: Int, rows: Int, count: Int,
    into dst: UnsafeMutablePointer<UInt8>, _ dstStride: Int
  ) {
    transposeTiles(
      rows: rows, count: count, dst: dst, dstStride: dstStride,
      load: { r, x in UnsafeRawPointer(src + r * srcStride + x).loadUnaligned(as: Words.self) },
      sample: { r, x in src[r * srcStride + x] })
  }

  /// `dst[x · dstStride + r]` = the alpha byte of `src[r · srcStride + x]` (packed
  /// premultiplied pixels).
  static func transposeAlpha(
    _ src: UnsafePointer<UInt32>, _ srcStride: Int, rows: Int, count: Int,
    into dst: UnsafeMutablePointer<UInt8>, _ dstStride: Int
  ) {
    transposeTiles(
      rows: rows, count: count, dst: dst, dstStride: dstStride,
      load: { r, x in
        let p = UnsafeRawPointer(src + r * srcStride + x).loadUnaligned(as: SIMD16<UInt32>.self)
        return unsafeBitCast(SIMD16<UInt8>(truncatingIfNeeded: p &>> 24), to: Words.self)
      },
      sample: { r, x in UInt8(truncatingIfNeeded: src[r * srcStride + x] >> 24) })
  }

  @inline(__always)
  private static func transposeTiles(
    rows: Int, count: Int, dst: UnsafeMutablePointer<UInt8>, dstStride: Int,
    load: (Int, Int) -> Words, sample: (Int, Int) -> UInt8
  ) {
    var r0 = 0
    while r0 + 8 <= rows {
      var x0 = 0
      while x0 + 16 <= count {
        tile({ load(r0 + $0, x0) }, { UnsafeMutableRawPointer(dst + (x0 + $0) * dstStride + r0) })
        x0 += 16
      }
      for x in x0..<count {
        for r in r0..<(r0 + 8) { dst[x * dstStride + r] = sample(r, x) }
      }
      r0 += 8
    }
    for r in r0..<rows {
      for x in 0..<count { dst[x * dstStride + r] = sample(r, x) }
    }
  }

  /// `dst[x · dstStride + r] = src[r · srcStride + x]` for pixels, 4 × 4 at a time.
  static func transposePixels(
    _ src: UnsafePointer<UInt32>, _ srcStride: Int, rows: Int, count: Int,
    into dst: UnsafeMutablePointer<UInt32>, _ dstStride: Int
  ) {
    typealias P = SIMD4<UInt32>
    typealias Q = SIMD2<UInt64>
    @inline(__always) func load(_ r: Int, _ x: Int) -> P {
      UnsafeRawPointer(src + r * srcStride + x).loadUnaligned(as: P.self)
    }
    @inline(__always) func q(_ p: P) -> Q { unsafeBitCast(p, to: Q.self) }
    @inline(__always) func p(_ q: Q) -> P { unsafeBitCast(q, to: P.self) }
    var r0 = 0
    while r0 + 4 <= rows {
      var x0 = 0
      while x0 + 4 <= count {
        let a = load(r0, x0)
        let b = load(r0 + 1, x0)
        let c = load(r0 + 2, x0)
        let d = load(r0 + 3, x0)
        let ab0 = q(P(a[0], b[0], a[1], b[1]))
        let ab1 = q(P(a[2], b[2], a[3], b[3]))
        let cd0 = q(P(c[0], d[0], c[1], d[1]))
        let cd1 = q(P(c[2], d[2], c[3], d[3]))
        let out = UnsafeMutableRawPointer(dst + x0 * dstStride + r0)
        let step = dstStride * 4
        out.storeBytes(of: p(Q(ab0[0], cd0[0])), as: P.self)
        out.storeBytes(of: p(Q(ab0[1], cd0[1])), toByteOffset: step, as: P.self)
        out.storeBytes(of: p(Q(ab1[0], cd1[0])), toByteOffset: 2 * step, as: P.self)
        out.storeBytes(of: p(Q(ab1[1], cd1[1])), toByteOffset: 3 * step, as: P.self)
        x0 += 4
      }
      for x in x0..<count {
        for r in r0..<(r0 + 4) { dst[x * dstStride + r] = src[r * srcStride + x] }
      }
      r0 += 4
    }
    for r in r0..<rows {
      for x in 0..<count { dst[x * dstStride + r] = src[r * srcStride + x] }
    }
  }
}

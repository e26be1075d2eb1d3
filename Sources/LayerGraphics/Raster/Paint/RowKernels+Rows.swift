/// The row kernels of `SolidBlitter` over a block of rows: the same run of pixels in each
/// of `rows` rows, `stride` pixels apart (the replicated rows of a fill; see `RowPlan`).
/// Everything that depends only on the colour and the coverage is worked out once for the
/// block; each pixel gets the same arithmetic as in the one-row kernels, so the results
/// are the same bit for bit.
extension RowKernels {
  /// `srcOverConstant` in each of `rows` rows (with the AVX2 kernel from eight pixels on,
  /// where ``WideKernels`` uses it).
  static func srcOverConstant(
    _ d: UnsafeMutablePointer<UInt32>, count n: Int, rows: Int, stride: Int,
    source s: UInt32, inverseAlpha inv: UInt32
  ) {
    if n >= 8 && WideKernels.usesAVX2 {
      WideKernels.srcOverConstantAVX2(
        d, count: n, rows: rows, stride: stride, source: s, inverseAlpha: inv)
      return
    }
    var d = d
    if n < 4 {
      for _ in 0..<rows {
        srcOverConstant(d, count: n, source: s, inverseAlpha: inv)
        d += stride
      }
      return
    }
    let sv = Pixels(repeating: s)
    let k = Lanes(repeating: UInt16(truncatingIfNeeded: inv))
    let m = div255
    for _ in 0..<rows {
      srcOverConstantVectors(d, count: n, source: sv, factor: k, m: m)
      d += stride
    }
  }

  /// `srcOverMaskShort` (one to three pixels) with the same coverage in each of `rows`
  /// rows. The pixel one row below is asked for before each row is blended, as
  /// `SolidBlitter.blitMask` does.
  static func srcOverMaskShort(
    _ d: UnsafeMutablePointer<UInt32>, rows: Int, stride: Int, srb: Lanes, sag: Lanes,
    mask: UnsafePointer<UInt8>,
    count: Int, m: Lanes
  ) {
    @inline(__always) func vector(_ lo: UInt64, _ hi: UInt64) -> Pixels {
      unsafeBitCast(SIMD2<UInt64>(lo, hi), to: Pixels.self)
    }
    @inline(__always) func f(_ i: Int) -> UInt64 { UInt64(mask[i]) &* 0x0001_0001 }
    var d = d
    switch count {
    case 1:
      let k = lanes(vector(f(0) &* 0x1_0000_0001, f(0) &* 0x1_0000_0001))
      for _ in 0..<rows {
        Prefetch.forWriting(UnsafeRawPointer(d + stride))
        let p = UInt64(d[0]) &* 0x1_0000_0001
        d[0] = srcOverCoverage(vector(p, p), srb: srb, sag: sag, k: k, m: m)[0]
        d += stride
      }
    case 2:
      let k0 = f(0) | f(1) &<< 32
      let k = lanes(vector(k0, k0))
      for _ in 0..<rows {
        Prefetch.forWriting(UnsafeRawPointer(d + stride))
        let raw = UnsafeMutableRawPointer(d)
        let p = raw.loadUnaligned(as: UInt64.self)
        let r = srcOverCoverage(vector(p, p), srb: srb, sag: sag, k: k, m: m)
        raw.storeBytes(of: unsafeBitCast(r, to: SIMD2<UInt64>.self)[0], as: UInt64.self)
        d += stride
      }
    default:
      let k = lanes(vector(f(0) | f(1) &<< 32, f(2) &* 0x1_0000_0001))
      for _ in 0..<rows {
        Prefetch.forWriting(UnsafeRawPointer(d + stride))
        let raw = UnsafeMutableRawPointer(d)
        let p = raw.loadUnaligned(as: UInt64.self)
        let q = UInt64(d[2]) &* 0x1_0000_0001
        let r = srcOverCoverage(vector(p, q), srb: srb, sag: sag, k: k, m: m)
        raw.storeBytes(of: unsafeBitCast(r, to: SIMD2<UInt64>.self)[0], as: UInt64.self)
        d[2] = r[2]
        d += stride
      }
    }
  }
}

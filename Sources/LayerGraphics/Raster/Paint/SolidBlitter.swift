/// Stage 3 for the commonest fill: one premultiplied colour, source over, no clip mask.
///
/// Everything that depends only on the colour is worked out once per fill (its expanded
/// lanes, whether it is opaque, the inverse alpha of a full-coverage span), so a span or
/// a mask run goes straight to its row loop. Edge runs of one to seven pixels (the sides
/// of most shapes) are blended inline in one or two four-pixel vector steps. The results
/// equal `PaintBlitter`'s with the same paint bit for bit.
package struct SolidBlitter: SpanBlitter {
  var pixels: UnsafeMutablePointer<UInt32>
  /// Pixels per bitmap row.
  var stride: Int
  /// The premultiplied packed colour.
  let color: UInt32
  /// `color` expanded to 16-bit lanes (`PixelMath.expand`).
  let expanded: UInt64
  /// 255 − the colour's alpha.
  let inverseAlpha: UInt32
  let opaque: Bool
  /// The colour's red/blue and green/alpha bytes in 16-bit lanes, four times over.
  let redBlue, greenAlpha: RowKernels.Lanes
  /// `RowKernels.div255`.
  let div255: RowKernels.Lanes

  package init(pixels: UnsafeMutablePointer<UInt32>, stride: Int, color: UInt32) {
    self.pixels = pixels
    self.stride = stride
    self.color = color
    expanded = PixelMath.expand(color)
    inverseAlpha = 255 &- (color >> 24)
    opaque = color >> 24 == 255
    let c = SIMD4<UInt32>(repeating: color)
    redBlue = RowKernels.lanes(c & 0x00FF_00FF)
    greenAlpha = RowKernels.lanes(c) &>> 8
    div255 = RowKernels.div255
  }

  @inline(__always)
  package mutating func blitSpan(y: Int, x0: Int, x1: Int, alpha: UInt8) {
    let n = x1 - x0
    guard n > 0 else { return }
    let d = pixels + y * stride + x0
    if alpha == 255 {
      if opaque {
        d.update(repeating: color, count: n)
      } else if inverseAlpha != 255 {
        RowKernels.srcOverConstant(d, count: n, source: color, inverseAlpha: inverseAlpha)
      }
      return
    }
    let s = PixelMath.scale(expanded, UInt32(alpha))
    let inv = 255 &- PixelMath.alpha(s)
    if inv == 255 { return }
    RowKernels.srcOverConstant(d, count: n, source: PixelMath.compress(s), inverseAlpha: inv)
  }

  @inline(__always)
  package mutating func blitMask(y: Int, x: Int, count: Int, mask: UnsafePointer<UInt8>) {
    let d = pixels + y * stride + x
    // The shape's edge crosses the next row near here; that row is swept next, so its
    // pixels are asked for now (a frame row is far apart from the one above in memory,
    // and an edge pixel's read is otherwise a cache miss).
    Prefetch.forWriting(UnsafeRawPointer(d + stride))
    if count >= 16 {
      RowKernels.srcOverMask(d, color: color, mask: mask, count: count)
      return
    }
    // Up to fifteen pixels (the runs of one to three cell groups an edge crosses, nearly
    // every mask): inline, four-pixel steps with the coverage read byte by byte (see
    // `srcOverMaskFour`; the sweep has just stored it four bytes at a time, and a wider
    // load cannot be forwarded from several stores), then the rest in one short step.
    var k = 0
    while k &+ 4 <= count {
      RowKernels.srcOverMaskFour(d + k, srb: redBlue, sag: greenAlpha, mask: mask + k, m: div255)
      k &+= 4
    }
    if k < count {
      RowKernels.srcOverMaskShort(
        d + k, srb: redBlue, sag: greenAlpha, mask: mask + k, count: count &- k, m: div255)
    }
  }

  package static var blendsGroups: Bool { true }

  /// Blends four pixels from the sweep's coverage vector, without a trip through the
  /// coverage row.
  @inline(__always)
  package mutating func blitGroup(y: Int, x: Int, coverage: SIMD4<UInt32>) {
    let d = pixels + y * stride + x
    // As in `blitMask`, the pixels below are asked for now, two rows ahead.
    Prefetch.forWriting(UnsafeRawPointer(d + 2 &* stride))
    let raw = UnsafeMutableRawPointer(d)
    raw.storeBytes(
      of: RowKernels.srcOverCoverage(
        RowKernels.load(raw, 0), srb: redBlue, sag: greenAlpha, k: RowKernels.factor(coverage),
        m: div255),
      as: RowKernels.Pixels.self)
  }

  /// `row`'s calls at every row of `rows`, call by call: each span's or mask's colour and
  /// coverage arithmetic is set up once for the block of rows (pixels come out as from
  /// `blitSpan` and `blitMask` row by row).
  package mutating func replay(_ row: RecordedRow, rows: Range<Int>) {
    let h = rows.count
    guard h > 0 else { return }
    for k in 0..<row.count {
      let c = row[k]
      let x0 = Int(c.x0)
      let n = Int(c.x1) - x0
      guard n > 0 else { continue }
      let d = pixels + rows.lowerBound * stride + x0
      if c.alpha == 0 {
        let mask = row.mask(at: x0)
        if n >= 4 {
          var p = d
          for _ in 0..<h {
            Prefetch.forWriting(UnsafeRawPointer(p + stride))
            RowKernels.srcOverMask(p, color: color, mask: mask, count: n)
            p += stride
          }
        } else {
          RowKernels.srcOverMaskShort(
            d, rows: h, stride: stride, srb: redBlue, sag: greenAlpha, mask: mask, count: n,
            m: div255)
        }
      } else if c.alpha == 255 {
        if opaque {
          var p = d
          for _ in 0..<h {
            p.update(repeating: color, count: n)
            p += stride
          }
        } else if inverseAlpha != 255 {
          RowKernels.srcOverConstant(
            d, count: n, rows: h, stride: stride, source: color, inverseAlpha: inverseAlpha)
        }
      } else {
        let s = PixelMath.scale(expanded, UInt32(c.alpha))
        let inv = 255 &- PixelMath.alpha(s)
        if inv == 255 { continue }
        RowKernels.srcOverConstant(
          d, count: n, rows: h, stride: stride, source: PixelMath.compress(s), inverseAlpha: inv)
      }
    }
  }
}

/// What a fill paints with.
package enum RasterPaint {
  /// One premultiplied packed colour.
  case solid(UInt32)
  /// A colour per pixel.
  case shader(RasterShader)
}

/// Stage 3: blends coverage spans into a premultiplied RGBA8 bitmap with a paint, a
/// blend mode and an optional clip mask.
///
/// The clip mask (one byte per bitmap pixel, 255 = inside) multiplies the coverage. Solid
/// source-over has dedicated loops: opaque full coverage stores the colour, constant
/// coverage pre-scales the colour once per span, varying coverage scales it per pixel.
/// Everything else computes the mode's result per pixel and interpolates it with the
/// destination by coverage.
///
/// - Complexity: O(pixels reported); no allocation (the scratch rows belong to the
///   context).
package struct PaintBlitter: SpanBlitter {
  var pixels: UnsafeMutablePointer<UInt32>
  /// Pixels per bitmap row.
  var stride: Int
  var paint: RasterPaint
  var mode: CGBlendMode
  var clip: UnsafePointer<UInt8>?
  /// Scratch rows of at least the bitmap's width.
  var colorRow: UnsafeMutablePointer<UInt32>
  var coverageRow: UnsafeMutablePointer<UInt8>

  package mutating func blitSpan(y: Int, x0: Int, x1: Int, alpha: UInt8) {
    let n = x1 - x0
    guard n > 0 else { return }
    if let clip {
      let m = clip + y * stride + x0
      let a = UInt32(alpha)
      if a == 255 {
        coverageRow.update(from: m, count: n)
      } else {
        for k in 0..<n { coverageRow[k] = UInt8(PixelMath.mul255(UInt32(m[k]), a)) }
      }
      blend(y: y, x: x0, count: n, mask: coverageRow)
      return
    }
    let d = pixels + y * stride + x0
    if case .solid(let color) = paint {
      let a = UInt32(alpha)
      if a == 255 && (mode == .copy || (mode == .normal && color >> 24 == 255)) {
        d.update(repeating: color, count: n)
        return
      }
      if mode == .normal {
        let s = a == 255 ? PixelMath.expand(color) : PixelMath.scale(PixelMath.expand(color), a)
        let inv = 255 &- PixelMath.alpha(s)
        if inv == 255 { return }
        RowKernels.srcOverConstant(d, count: n, source: PixelMath.compress(s), inverseAlpha: inv)
        return
      }
    }
    if mode == .normal, alpha == 255, case .shader(.image(let image)) = paint,
      let row = image.translatedRow(x: x0, y: y, count: n)
    {
      RowKernels.srcOverImageRow(d, row, count: n, opacity: image.opacity)
      return
    }
    let src = source(y: y, x: x0, count: n)
    let a = UInt32(alpha)
    if mode == .normal && a == 255, let row = src.row {
      RowKernels.srcOverRow(d, row, count: n)
      return
    }
    if mode == .normal {
      for k in 0..<n {
        let s = src.constant ? src.color : src.row![k]
        d[k] = PixelMath.srcOver(
          a == 255 ? s : PixelMath.compress(PixelMath.scale(PixelMath.expand(s), a)), d[k])
      }
    } else {
      for k in 0..<n {
        let s = src.constant ? src.color : src.row![k]
        d[k] = BlendFunction.lerp(BlendFunction.blend(mode, s, d[k]), d[k], a)
      }
    }
  }

  package mutating func blitMask(y: Int, x: Int, count: Int, mask: UnsafePointer<UInt8>) {
    if let clip {
      let m = clip + y * stride + x
      for k in 0..<count { coverageRow[k] = UInt8(PixelMath.mul255(UInt32(m[k]), UInt32(mask[k]))) }
      blend(y: y, x: x, count: count, mask: coverageRow)
    } else {
      blend(y: y, x: x, count: count, mask: mask)
    }
  }

  /// The source for a span: a constant colour or a row of colours.
  @inline(__always)
  private func source(y: Int, x: Int, count: Int) -> (
    constant: Bool, color: UInt32, row: UnsafePointer<UInt32>?
  ) {
    switch paint {
    case .solid(let c): return (true, c, nil)
    case .shader(let shader):
      switch shader {
      case .linear(let g): g.shade(x: x, y: y, count: count, into: colorRow)
      case .radial(let g): g.shade(x: x, y: y, count: count, into: colorRow)
      case .image(let i):
        if let direct = i.directRow(x: x, y: y, count: count) { return (false, 0, direct) }
        i.shade(x: x, y: y, count: count, into: colorRow)
      case .mipmap(let m): m.shade(x: x, y: y, count: count, into: colorRow)
      case .ramp(let r): r.shade(x: x, y: y, count: count, into: colorRow)
      }
      return (false, 0, UnsafePointer(colorRow))
    }
  }

  @inline(__always)
  private mutating func blend(y: Int, x: Int, count: Int, mask: UnsafePointer<UInt8>) {
    let d = pixels + y * stride + x
    if case .solid(let color) = paint, mode == .normal {
      RowKernels.srcOverMask(d, color: color, mask: mask, count: count)
      return
    }
    let src = source(y: y, x: x, count: count)
    for k in 0..<count {
      let c = UInt32(mask[k])
      if c == 0 { continue }
      let s = src.constant ? src.color : src.row![k]
      if mode == .normal {
        d[k] = PixelMath.srcOver(
          c == 255 ? s : PixelMath.compress(PixelMath.scale(PixelMath.expand(s), c)), d[k])
      } else {
        d[k] = BlendFunction.lerp(BlendFunction.blend(mode, s, d[k]), d[k], c)
      }
    }
  }
}

import Foundation

/// Samples an image for `CGContext.draw(_:in:)`.
///
/// Device pixel centres are mapped to image coordinates (pixels, top-left origin, pixel
/// `i` spans `i…i+1`) by `deviceToImage`. Bilinear sampling weighs the four pixels whose
/// centres surround the point, in 1/256 steps; nearest sampling takes the pixel the point
/// falls in. Coordinates are clamped to the image (edge pixels extend), so the drawn
/// rectangle's own anti-aliased edge is the only edge.
package struct ImageShader {
  var pixels: UnsafePointer<UInt32>
  var width: Int
  var height: Int
  var m: CGAffineTransform
  var bilinear: Bool
  /// Opacity 0…255 applied to every sample.
  var opacity: UInt32
  /// When the mapping is a whole-pixel translation: the image pixel at device (0, 0).
  var offsetX: Int?
  var offsetY: Int = 0

  init(
    pixels: UnsafePointer<UInt32>, width: Int, height: Int, deviceToImage m: CGAffineTransform,
    bilinear: Bool, opacity: CGFloat
  ) {
    self.pixels = pixels
    self.width = width
    self.height = height
    self.m = m
    self.bilinear = bilinear
    self.opacity = M.byte(opacity: opacity)
    if m.a == 1, m.b == 0, m.c == 0, m.d == 1, m.tx == m.tx.rounded(), m.ty == m.ty.rounded(),
      abs(m.tx) < 1e9, abs(m.ty) < 1e9
    {
      offsetX = Int(m.tx)
      offsetY = Int(m.ty)
    }
  }

  /// A pointer straight into the image row when it can be used unchanged.
  @inline(__always)
  func directRow(x: Int, y: Int, count: Int) -> UnsafePointer<UInt32>? {
    opacity == 255 ? translatedRow(x: x, y: y, count: count) : nil
  }

  /// The image pixels under device pixels `x..<x+count` of row `y`, before opacity, when
  /// the mapping is a whole-pixel translation and they all lie inside the image.
  @inline(__always)
  func translatedRow(x: Int, y: Int, count: Int) -> UnsafePointer<UInt32>? {
    guard let ox = offsetX else { return nil }
    let ix = x + ox
    let iy = y + offsetY
    guard iy >= 0, iy < height, ix >= 0, ix + count <= width else { return nil }
    return pixels + iy * width + ix
  }

  func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(m)
    var u = Float(p.x)
    var v = Float(p.y)
    let du = Float(m.a)
    let dv = Float(m.b)
    let maxX = width - 1
    let maxY = height - 1
    if !bilinear {
      for k in 0..<count {
        let ix = Swift.min(Swift.max(Int(u.rounded(.down)), 0), maxX)
        let iy = Swift.min(Swift.max(Int(v.rounded(.down)), 0), maxY)
        out[k] = pixels[iy * width + ix]
        u += du
        v += dv
      }
    } else if !shadeFixedPoint(p, count: count, into: out) {
      for k in 0..<count {
        out[k] = edgeSample(u, v)
        u += du
        v += dv
      }
    }
    if opacity != 255 {
      M.scale(out, count: count, by: opacity)
    }
  }

  /// Bilinear samples along a row in 32.32 fixed point, starting at image point `p` (the
  /// first pixel centre mapped by `m`) and stepping by `(m.a, m.b)`; false, leaving `out`
  /// alone, when the row's coordinates do not stay within ±2³⁰ (or are not finite).
  ///
  /// The integer part of a coordinate minus ½ is the first tap and the next 8 bits of
  /// its fraction the weight (`⌊frac · 256⌋`); taps outside the image clamp to its edge
  /// pixels, so the image extends beyond its border. Each step adds the increment rounded
  /// to 2⁻³² of a pixel, so after a row of n pixels a coordinate is off by at most
  /// n · 2⁻³³ (10⁻⁶ pixel for 8,000 pixels). `wide`: runs of eight pixels with all their
  /// taps inside go through the AVX2 kernel (`WideKernels.imageRowAVX2`, same bytes); on
  /// by default where the CPU has it.
  func shadeFixedPoint(
    _ p: CGPoint, count: Int, into out: UnsafeMutablePointer<UInt32>,
    wide: Bool = WideKernels.usesAVX2
  ) -> Bool {
    let one = 4_294_967_296.0
    let limit = 1_073_741_824.0
    let gx = p.x - 0.5
    let gy = p.y - 0.5
    let reach = Double(count)
    guard abs(gx) + abs(m.a) * reach < limit, abs(gy) + abs(m.b) * reach < limit else {
      return false
    }
    var fu = Int64((gx * one).rounded())
    var fv = Int64((gy * one).rounded())
    let du = Int64((m.a * one).rounded())
    let dv = Int64((m.b * one).rounded())
    let raw = UnsafeRawPointer(pixels)
    let rowBytes = width * 4
    let maxX = width - 1
    let maxY = height - 1
    let area = width.multipliedReportingOverflow(by: height)
    let vectors = wide && count >= 8 && !area.overflow && area.partialValue < 1 << 31
    var k = 0
    while k < count {
      if vectors && count &- k >= 8 {
        let done = WideKernels.imageRowAVX2(
          out + k, pixels: pixels, width: width, height: height, u: fu, v: fv, du: du, dv: dv,
          count: count &- k)
        if done > 0 {
          k &+= done
          fu &+= du &* Int64(done)
          fv &+= dv &* Int64(done)
          continue
        }
      }
      let x0 = Int(truncatingIfNeeded: fu &>> 32)
      let y0 = Int(truncatingIfNeeded: fv &>> 32)
      let wx = UInt32(truncatingIfNeeded: fu &>> 24) & 255
      let wy = UInt32(truncatingIfNeeded: fv &>> 24) & 255
      if UInt(bitPattern: x0) < UInt(bitPattern: maxX),
        UInt(bitPattern: y0) < UInt(bitPattern: maxY)
      {
        // All four taps inside (the usual case): each row's two taps are adjacent.
        let o = y0 * rowBytes + x0 * 4
        out[k] = Self.bilinear(
          raw.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt8>.self),
          raw.loadUnaligned(fromByteOffset: o + rowBytes, as: SIMD8<UInt8>.self), wx: wx, wy: wy)
      } else {
        out[k] = clampedSample(x0: x0, y0: y0, wx: wx, wy: wy)
      }
      fu &+= du
      fv &+= dv
      k &+= 1
    }
    return true
  }

  /// The bilinear mix of the taps `x0, x0 + 1` × `y0, y0 + 1`, each clamped into the
  /// image. Out of line: it is the rare case, and sharing the mix with the interior path
  /// makes the optimizer assemble that path's taps with extra shuffles.
  @inline(never)
  func clampedSample(x0: Int, y0: Int, wx: UInt32, wy: UInt32) -> UInt32 {
    let maxX = width - 1
    let maxY = height - 1
    let xa = Swift.min(Swift.max(x0, 0), maxX)
    let xb = Swift.min(Swift.max(x0 &+ 1, 0), maxX)
    let ya = Swift.min(Swift.max(y0, 0), maxY)
    let yb = Swift.min(Swift.max(y0 &+ 1, 0), maxY)
    let r0 = pixels + ya * width
    let r1 = pixels + yb * width
    return Self.bilinear(
      unsafeBitCast(SIMD2<UInt32>(r0[xa], r0[xb]), to: SIMD8<UInt8>.self),
      unsafeBitCast(SIMD2<UInt32>(r1[xa], r1[xb]), to: SIMD8<UInt8>.self), wx: wx, wy: wy)
  }

  /// The bilinear sample at image point `(u, v)`, for rows whose coordinates leave ±2³⁰
  /// or are not finite: coordinates are clamped to `-1…size`, where both taps of an axis
  /// clamp to the same edge pixel and the weight cannot change the result.
  func edgeSample(_ u: Float, _ v: Float) -> UInt32 {
    let fx = Self.clamp(u - 0.5, Float(width))
    let fy = Self.clamp(v - 0.5, Float(height))
    let flx = Self.floor(fx)
    let fly = Self.floor(fy)
    let wx = UInt32(truncatingIfNeeded: Int((fx - flx) * 256))
    let wy = UInt32(truncatingIfNeeded: Int((fy - fly) * 256))
    return clampedSample(x0: Int(flx), y0: Int(fly), wx: wx, wy: wy)
  }

  /// The bilinear mix of a 2×2 block: `top` holds the bytes of the upper-left and
  /// upper-right pixels, `bottom` the lower ones; `wx`, `wy` are 0..<256.
  ///
  /// Per channel, `t = (a·(256 − wx) + b·wx) >> 8` on each row, then
  /// `(t₀·(256 − wy) + t₁·wy) >> 8` — every intermediate fits 16 bits, so each row is
  /// mixed in one `SIMD8<UInt16>` step.
  @inline(__always)
  static func bilinear(_ top: SIMD8<UInt8>, _ bottom: SIMD8<UInt8>, wx: UInt32, wy: UInt32)
    -> UInt32
  {
    typealias Lanes = SIMD8<UInt16>
    @inline(__always) func widen(_ b: SIMD8<UInt8>) -> Lanes {
      Lanes(
        UInt16(b[0]), UInt16(b[1]), UInt16(b[2]), UInt16(b[3]), UInt16(b[4]), UInt16(b[5]),
        UInt16(b[6]),
        UInt16(b[7]))
    }
    @inline(__always) func weights(_ w: UInt32) -> Lanes {
      let a = UInt16(truncatingIfNeeded: 256 &- w)
      let b = UInt16(truncatingIfNeeded: w)
      return Lanes(a, a, a, a, b, b, b, b)
    }
    let hx = weights(wx)
    let t = widen(top) &* hx
    let b = widen(bottom) &* hx
    let t4 = (t.lowHalf &+ t.highHalf) &>> 8
    let b4 = (b.lowHalf &+ b.highHalf) &>> 8
    let w1 = SIMD4<UInt16>(repeating: UInt16(truncatingIfNeeded: wy))
    let w0 = SIMD4<UInt16>(repeating: UInt16(truncatingIfNeeded: 256 &- wy))
    let r = (t4 &* w0 &+ b4 &* w1) &>> 8
    let bytes = SIMD16<UInt8>(
      UInt8(truncatingIfNeeded: r[0]), UInt8(truncatingIfNeeded: r[1]),
      UInt8(truncatingIfNeeded: r[2]),
      UInt8(truncatingIfNeeded: r[3]), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    return unsafeBitCast(bytes, to: SIMD4<UInt32>.self)[0]
  }

  /// `x` limited to `-1…limit` (NaN becomes -1).
  @inline(__always)
  private static func clamp(_ x: Float, _ limit: Float) -> Float {
    x >= -1 ? (x <= limit ? x : limit) : -1
  }

  /// `x.rounded(.down)` for `|x| < 2²³`, by truncation (exact: such floats convert to
  /// `Int` and back without loss).
  @inline(__always)
  static func floor(_ x: Float) -> Float {
    let t = Float(Int(x))
    return t > x ? t - 1 : t
  }
}

private typealias M = PixelMath

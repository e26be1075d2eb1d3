/// Row kernels for masking a layer: its pixels multiplied by the coverage a mask's pixels
/// give, under the four mask modes (alpha, luminance, and their inverses).
extension RowKernels {
  /// How a mask pixel becomes coverage (0…255): its alpha or its Rec. 709 luminance,
  /// possibly inverted (`255 −` it). The raw value is the AVX2 kernel's mode argument.
  package enum MaskCoverage: Int32, Sendable {
    case alpha = 0
    case inverseAlpha = 1
    case luminance = 2
    case inverseLuminance = 3

    /// The mode reading luminance when `luminance`, alpha otherwise, inverted when
    /// `inverse`.
    package init(luminance: Bool, inverse: Bool) {
      self = MaskCoverage(rawValue: (luminance ? 2 : 0) | (inverse ? 1 : 0))!
    }

    /// Whether coverage is `255 −` the value.
    package var isInverse: Bool { rawValue & 1 != 0 }
    /// Whether the value is the luminance (else the alpha).
    package var readsLuminance: Bool { rawValue & 2 != 0 }

    /// The coverage (0…255) of one premultiplied pixel `p` (red in the low byte, alpha in
    /// the high byte): the alpha, or the Rec. 709 luminance with weights in 1/65536ths
    /// (13926 + 46884 + 4725 = 65535) rounded; `255 −` that when inverse.
    @inline(__always)
    package func coverage(_ p: UInt32) -> UInt32 {
      let value: UInt32
      if readsLuminance {
        let r = p & 0xFF
        let g = (p >> 8) & 0xFF
        let b = (p >> 16) & 0xFF
        value = Swift.min(255, (r &* 13926 &+ g &* 46884 &+ b &* 4725 &+ 32768) >> 16)
      } else {
        value = p >> 24
      }
      return isInverse ? 255 - value : value
    }

    /// `coverage` of four pixels.
    @inline(__always)
    func coverage(_ p: Pixels) -> Pixels {
      let byte = Pixels(repeating: 0xFF)
      var v: Pixels
      if readsLuminance {
        let sum =
          (p & byte) &* 13926 &+ ((p &>> 8) & byte) &* 46884 &+ ((p &>> 16) & byte) &* 4725 &+ 32768
        v = pointwiseMin(sum &>> 16, byte)
      } else {
        v = p &>> 24
      }
      if isInverse { v = v ^ byte }
      return v
    }
  }

  /// `d = scale(d, c)` over `n` pixels, `c` the coverage of the mask pixel under
  /// `coverage`. Steps where every coverage is 255 leave `d` unread and unwritten; steps
  /// where every one is 0 clear `d` without reading it. Eight pixels per step with AVX2
  /// (`WideKernels`), else four; the same bytes either way.
  package static func multiplyByMaskRow(
    _ d: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt32>, count n: Int,
    coverage: MaskCoverage
  ) {
    if n >= 8 && WideKernels.usesAVX2 {
      WideKernels.multiplyByMaskRowAVX2(d, mask: mask, count: n, coverage: coverage)
    } else {
      multiplyByMaskRowPortable(d, mask: mask, count: n, coverage: coverage)
    }
  }

  /// ``multiplyByMaskRow(_:mask:count:coverage:)`` on the portable (SSE2) path, whatever
  /// the CPU: the reference the wide kernel is checked against.
  package static func multiplyByMaskRowPortable(
    _ d: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt32>, count n: Int,
    coverage: MaskCoverage
  ) {
    let draw = UnsafeMutableRawPointer(d)
    let mraw = UnsafeRawPointer(mask)
    let m = div255
    let full = Pixels(repeating: 255)
    var i = 0
    while i &+ 4 <= n {
      let a = coverage.coverage(load(mraw, i &* 4))
      if a == .zero {
        draw.storeBytes(of: Pixels.zero, toByteOffset: i &* 4, as: Pixels.self)
      } else if a != full {
        draw.storeBytes(
          of: scalePixels(load(draw, i &* 4), factor(a), m), toByteOffset: i &* 4, as: Pixels.self)
      }
      i &+= 4
    }
    while i < n {
      let a = coverage.coverage(mask[i])
      if a != 255 { d[i] = PixelMath.compress(PixelMath.scale(PixelMath.expand(d[i]), a)) }
      i &+= 1
    }
  }
}

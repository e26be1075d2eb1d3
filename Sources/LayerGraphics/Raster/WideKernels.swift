internal import CLayerKernels
import Foundation

/// Pixel kernels at the CPU's full vector width, chosen once at run time.
///
/// The portable kernels of ``RowKernels`` are written for 128-bit vectors (SSE2 on
/// x86-64, which every x86-64 CPU has). Where CPUID reports AVX2, the hottest loops run a
/// C kernel compiled for AVX2 through a per-function target attribute, so the rest of the
/// library keeps the baseline instruction set: the full-opacity source-over of image rows
/// (the full-frame blit) and the two loops of a solid fill, the spans of constant coverage
/// (`srcOverConstant`) and the runs of varying coverage (`srcOverMask`), eight pixels per
/// step where the portable loops do four. Both give the same bytes (same rounding,
/// `(x·k + 128)·257 >> 16`); `LAYERKIT_KERNELS=portable` forces the portable path, to
/// compare the two.
package enum WideKernels {
  /// Whether the AVX2 kernels are used.
  package static let usesAVX2: Bool =
    ProcessInfo.processInfo.environment["LAYERKIT_KERNELS"] != "portable" && lk_cpu_has_avx2() != 0

  /// Whether the CPU has AVX2, whatever `LAYERKIT_KERNELS` says.
  package static var cpuHasAVX2: Bool { lk_cpu_has_avx2() != 0 }

  /// Source over of `n` image pixels at full opacity with the AVX2 kernel; only when
  /// ``cpuHasAVX2``.
  @inline(__always)
  package static func srcOverImageRowAVX2(
    _ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, count n: Int
  ) {
    lk_src_over_row_avx2(d, s, n)
  }

  /// `d = s + d·inv/255` over `n` pixels in each of `rows` rows `stride` pixels apart,
  /// with the AVX2 kernel (made for `n ≥ 8`; shorter runs are right but gain nothing);
  /// only when ``cpuHasAVX2``.
  @inline(__always)
  package static func srcOverConstantAVX2(
    _ d: UnsafeMutablePointer<UInt32>, count n: Int, rows: Int = 1, stride: Int = 0,
    source s: UInt32,
    inverseAlpha inv: UInt32
  ) {
    lk_src_over_constant_avx2(d, n, rows, stride, s, inv)
  }

  /// Source over of `color` scaled per pixel by `mask` onto `n` pixels, with the AVX2
  /// kernel (made for `n ≥ 8`; shorter runs are right but gain nothing); only when
  /// ``cpuHasAVX2``.
  @inline(__always)
  package static func srcOverMaskAVX2(
    _ d: UnsafeMutablePointer<UInt32>, color: UInt32, mask: UnsafePointer<UInt8>, count n: Int
  ) {
    lk_src_over_mask_avx2(d, color, mask, n)
  }
}

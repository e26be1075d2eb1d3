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
/// step where the portable loops do four; a layer's pixels multiplied by its mask's
/// coverage (`multiplyByMaskRow`); and the bilinear samples of `ImageShader` rows and of
/// the perspective warp's interior pixels (with their source-over), eight per step. Both
/// give the same bytes (same rounding,
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

  /// `d = scale(d, c)` over `n` pixels, `c` each mask pixel's coverage under
  /// `coverage`, with the AVX2 kernel (made for `n ≥ 8`); only when ``cpuHasAVX2``.
  @inline(__always)
  package static func multiplyByMaskRowAVX2(
    _ d: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt32>, count n: Int,
    coverage: RowKernels.MaskCoverage
  ) {
    lk_multiply_by_mask_avx2(d, mask, n, coverage.rawValue)
  }

  /// Samples and blends the perspective warp's interior pixels of one row, eight at a
  /// time from the first, while all eight have their 2 × 2 neighbourhood inside the
  /// source (`inside[i] == 1`); returns how many it drew (a multiple of eight, at most
  /// `n`). `offset[i]` is pixel `i`'s top-left neighbour in `src` (rows `stride` pixels
  /// apart), `weights[i]` its `wx | wy << 16` (each 0…255, in 1/256); the blend is source
  /// over at `opacity` (0…255), with the same bytes as `ProjectiveWarp`'s portable loop.
  /// Only when ``cpuHasAVX2``.
  @inline(__always)
  package static func warpRowAVX2(
    _ out: UnsafeMutablePointer<UInt32>, source src: UnsafePointer<UInt32>, stride: Int,
    offset: UnsafePointer<Int32>, weights: UnsafePointer<Int32>, inside: UnsafePointer<Int32>,
    count n: Int, opacity: UInt32
  ) -> Int {
    lk_warp_row_avx2(out, src, stride, offset, weights, inside, n, opacity)
  }

  /// `ImageShader`'s bilinear samples of `n` pixels into `out`, eight at a time from the
  /// first, at 32.32 fixed-point image positions `(fu + i·du, fv + i·dv)` (already minus
  /// ½) in the `width × height` image `pixels`, while all eight have their four taps
  /// inside; returns how many it wrote (a multiple of eight, at most `n`). The same bytes
  /// as `ImageShader.shadeFixedPoint`'s portable loop. Only when ``cpuHasAVX2`` and for
  /// images of fewer than 2³¹ pixels.
  @inline(__always)
  package static func imageRowAVX2(
    _ out: UnsafeMutablePointer<UInt32>, pixels: UnsafePointer<UInt32>, width: Int, height: Int,
    u fu: Int64, v fv: Int64, du: Int64, dv: Int64, count n: Int
  ) -> Int {
    lk_image_row_avx2(out, pixels, width, height, fu, fv, du, dv, n)
  }
}

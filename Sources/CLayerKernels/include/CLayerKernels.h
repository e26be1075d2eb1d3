#ifndef CLAYERKERNELS_H
#define CLAYERKERNELS_H

#include <stdint.h>
#include "CoverageVectors.h"

/// `x` rounded toward zero, for the scan converter's cell and coverage indices: the same
/// value as Swift's `Int(x)` wherever that is defined, without its range check (one
/// `cvttss2si` on x86-64). Out of range or NaN it gives an unspecified value instead of
/// trapping (x86-64: the smallest `long`; elsewhere 0).
static inline long lk_truncate(float x) {
#if defined(__x86_64__)
  typedef float lk_v4sf __attribute__((vector_size(16)));
  return __builtin_ia32_cvttss2si64((lk_v4sf){x, 0, 0, 0});
#else
  return (x > -9.2e18f && x < 9.2e18f) ? (long)x : 0;
#endif
}

/// Whether the running CPU has AVX2 (CPUID, through `__builtin_cpu_supports`): the
/// kernels below may be called only then.
int lk_cpu_has_avx2(void);

/// Source over of `n` premultiplied RGBA8 pixels `s` onto `d` at full opacity, eight
/// pixels per step with AVX2: `d = s + d·(255 − αs)/255` rounded as LayerGraphics'
/// `RowKernels` round it (`t = x·k + 128`, `(t·257) >> 16`), so the bytes equal the
/// SSE2 path's. Pixels with αs = 0 keep `d`; steps of eight opaque pixels are copies.
void lk_src_over_row_avx2(uint32_t *d, const uint32_t *s, long n);

/// `d = s + d·inv/255` over `n` pixels of each of `rows` rows `stride` pixels apart,
/// eight pixels per step with AVX2, rounded as `RowKernels.srcOverConstant` (one source
/// colour `s`, premultiplied, with `inv` = 255 − its alpha), so the bytes equal the
/// portable path's. Meant for `n ≥ 8` (shorter runs take one step on a copy).
void lk_src_over_constant_avx2(uint32_t *d, long n, long rows, long stride, uint32_t s, uint32_t inv);

/// Source over of `color` (premultiplied) scaled per pixel by the coverage bytes `mask`,
/// onto `n` pixels `d`, eight pixels per step with AVX2, rounded as
/// `RowKernels.srcOverMask`, so the bytes equal the portable path's. Meant for `n ≥ 8`
/// (shorter runs take one step on copies).
void lk_src_over_mask_avx2(uint32_t *d, uint32_t color, const uint8_t *mask, long n);

/// The perspective warp's interior pixels, eight per step with AVX2: from pixel 0 of a
/// row, while the next eight all have their 2 × 2 neighbourhood inside the source
/// (`inside[i] == 1`), samples them bilinearly (top-left neighbour `src + offset[i]`, the
/// next row `stride` pixels on, weights `wx | wy << 16` in 1/256) and blends them
/// source-over at `opacity` (0…255) onto `out`, with `ProjectiveWarp`'s rounding, so the
/// bytes equal the portable path's (premultiplied or not). Returns how many pixels it
/// drew (a multiple of eight, at most `n`).
long lk_warp_row_avx2(uint32_t *out, const uint32_t *src, long stride, const int32_t *offset,
                      const int32_t *weights, const int32_t *inside, long n, uint32_t opacity);

/// `ImageShader`'s bilinear row, eight pixels per step with AVX2: pixel `i` samples the
/// `width × height` image (rows `width` pixels apart) at the 32.32 fixed-point position
/// `(fu + i·du, fv + i·dv)` (already minus ½): its top-left tap at the whole parts, its
/// weights the next eight bits, each row mixed `(p00·(256 − wx) + p01·wx) >> 8` and the
/// two rows `(t·(256 − wy) + b·wy) >> 8`, so the bytes equal the portable path's. Stops
/// before the first eight with a tap outside the image; returns how many pixels it wrote
/// to `out` (a multiple of eight, at most `n`). Meant for images of fewer than 2³¹ pixels.
long lk_image_row_avx2(uint32_t *out, const uint32_t *pixels, long width, long height, int64_t fu,
                       int64_t fv, int64_t du, int64_t dv, long n);

/// `d = d·c/255` per channel over `n` premultiplied pixels, where `c` is the coverage of
/// mask pixel `m[i]`: its alpha (`mode` 0), `255 −` its alpha (1), its Rec. 709
/// luminance `(r·13926 + g·46884 + b·4725 + 32768) >> 16` (2) or `255 −` that (3); eight
/// pixels per step with AVX2, rounded as `RowKernels.multiplyByMaskRow` rounds
/// (`t = x·c + 128`, `(t·257) >> 16`), so the bytes equal the portable path's. Steps of
/// eight full coverages leave `d` as it is, steps of eight empty ones clear it unread.
void lk_multiply_by_mask_avx2(uint32_t *d, const uint32_t *m, long n, int mode);

#endif

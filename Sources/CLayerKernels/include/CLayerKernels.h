#ifndef CLAYERKERNELS_H
#define CLAYERKERNELS_H

#include <stdint.h>

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

#endif

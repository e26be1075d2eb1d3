#ifndef CLAYERKERNELS_H
#define CLAYERKERNELS_H

#include <stdint.h>

/// Whether the running CPU has AVX2 (CPUID, through `__builtin_cpu_supports`): the
/// kernels below may be called only then.
int lk_cpu_has_avx2(void);

/// Source over of `n` premultiplied RGBA8 pixels `s` onto `d` at full opacity, eight
/// pixels per step with AVX2: `d = s + d·(255 − αs)/255` rounded as LayerGraphics'
/// `RowKernels` round it (`t = x·k + 128`, `(t·257) >> 16`), so the bytes equal the
/// SSE2 path's. Pixels with αs = 0 keep `d`; steps of eight opaque pixels are copies.
void lk_src_over_row_avx2(uint32_t *d, const uint32_t *s, long n);

#endif

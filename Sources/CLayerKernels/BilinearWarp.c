#include "CLayerKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/// The horizontal step of a bilinear sample for two pixels: their 2 × 2 neighbourhoods'
/// rows at `a` and `b` (left and right pixel, eight bytes each), weighed by `w` (per
/// pixel, each 32-bit lane `(256 − wx) | wx << 16`, pixel `a` in the low 128 bits). Gives
/// `(left·(256 − wx) + right·wx) >> 8` per channel in 32-bit lanes.
__attribute__((target("avx2"))) static inline __m256i horizontal(const uint32_t *a, const uint32_t *b,
                                                                __m256i w) {
  // Left and right pixels' channels side by side: r0 r1 g0 g1 b0 b1 a0 a1 per pixel.
  const __m128i pairs = _mm_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
  __m128i lo = _mm_loadl_epi64((const __m128i *)a);
  __m128i both = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(lo), (const double *)b));
  __m256i words = _mm256_cvtepu8_epi16(_mm_shuffle_epi8(both, pairs));
  return _mm256_srli_epi32(_mm256_madd_epi16(words, w), 8);
}

/// `x·k/255` rounded per 16-bit lane (`x`, `k` ≤ 255), as `PixelLanes.div255(x·k)`.
__attribute__((target("avx2"))) static inline __m256i scale_words(__m256i x, __m256i k) {
  const __m256i half = _mm256_set1_epi16(128);
  const __m256i m257 = _mm256_set1_epi16(257);
  return _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(x, k), half), m257);
}

/// Source over of four expanded samples `e` (16-bit lanes) at opacity `k` onto the
/// expanded destination `d`: `e·k/255 + d·(255 − αe)/255` per lane, before packing.
__attribute__((target("avx2"))) static inline __m256i over_words(__m256i e, __m256i d, __m256i k,
                                                                int opaque) {
  const __m256i alpha = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7,
                                         6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
  if (!opaque) e = scale_words(e, k);
  __m256i inv = _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_shuffle_epi8(e, alpha));
  return _mm256_add_epi16(e, scale_words(d, inv));
}

/// The bilinear samples of eight pixels, packed in order: pixel `i` has its top-left
/// neighbour at `src + o[i]` (the next row `stride` pixels on) and weights
/// `wx | wy << 16` (each 0…255, in 1/256) in 32-bit lane `i` of `w`. Per channel
/// `t = (p00·(256 − wx) + p01·wx) >> 8`, the same for the bottom row, then
/// `(t·(256 − wy) + b·wy) >> 8`.
__attribute__((target("avx2"))) static inline __m256i bilinear8(const uint32_t *src, long stride,
                                                               const int32_t *o, __m256i w) {
  const __m256i low = _mm256_set1_epi32(0xFFFF);
  const __m256i full = _mm256_set1_epi32(256);
  const uint32_t *below = src + stride;
  __m256i wx = _mm256_and_si256(w, low), wy = _mm256_srli_epi32(w, 16);
  __m256i hx = _mm256_or_si256(_mm256_sub_epi32(full, wx), _mm256_slli_epi32(wx, 16));
  __m256i hy = _mm256_or_si256(_mm256_sub_epi32(full, wy), _mm256_slli_epi32(wy, 16));
  // Pixels j (low 128 bits) and j + 4 (high 128 bits) share a register, so packing the
  // four results puts the eight pixels in order.
  __m256i e[4];
#define LK_BILINEAR_PAIR(j, sel)                                                                           \
  do {                                                                                                     \
    __m256i px = _mm256_shuffle_epi32(hx, sel), py = _mm256_shuffle_epi32(hy, sel);                        \
    __m256i t = horizontal(src + o[j], src + o[j + 4], px);                                                \
    __m256i b = horizontal(below + o[j], below + o[j + 4], px);                                            \
    e[j] = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_or_si256(t, _mm256_slli_epi32(b, 16)), py), 8);     \
  } while (0)
  LK_BILINEAR_PAIR(0, 0x00);
  LK_BILINEAR_PAIR(1, 0x55);
  LK_BILINEAR_PAIR(2, 0xAA);
  LK_BILINEAR_PAIR(3, 0xFF);
#undef LK_BILINEAR_PAIR
  return _mm256_packus_epi16(_mm256_packus_epi32(e[0], e[1]), _mm256_packus_epi32(e[2], e[3]));
}

__attribute__((target("avx2"))) long lk_warp_row_avx2(uint32_t *out, const uint32_t *src, long stride,
                                                      const int32_t *offset, const int32_t *weights,
                                                      const int32_t *inside, long n, uint32_t opacity) {
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i opaqueAlpha = _mm256_set1_epi32((int)0xFF000000u);
  const __m256i k = _mm256_set1_epi16((short)opacity);
  const __m256i bytes = _mm256_set1_epi16(0xFF);
  const __m256i zero = _mm256_setzero_si256();
  // The bytes of `PixelLanes.compress` for lanes above 255: byte 0 takes the high byte of
  // channel 2, byte 1 that of channel 0, byte 2 that of channel 1, byte 3 that of
  // channel 2 (its lanes hold channels 0, 2, 1, 3).
  const __m256i carries = _mm256_setr_epi8(2, 0, 1, 2, 6, 4, 5, 6, 10, 8, 9, 10, 14, 12, 13, 14, 2, 0, 1, 2, 6,
                                           4, 5, 6, 10, 8, 9, 10, 14, 12, 13, 14);
  const int full_opacity = opacity == 255;
  long i = 0;
  for (; i + 8 <= n; i += 8) {
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_loadu_si256((const __m256i *)(inside + i)), one)) != -1)
      break;
    if (i + 16 <= n) {
      // The next step's first and last neighbourhoods, both rows, fetched early: the
      // source is read along a slanted line, so these are often cache misses.
      const int32_t *next = offset + i + 8;
      _mm_prefetch((const char *)(src + next[0]), _MM_HINT_T0);
      _mm_prefetch((const char *)(src + stride + next[0]), _MM_HINT_T0);
      _mm_prefetch((const char *)(src + next[7]), _MM_HINT_T0);
      _mm_prefetch((const char *)(src + stride + next[7]), _MM_HINT_T0);
    }
    __m256i c = bilinear8(src, stride, offset + i, _mm256_loadu_si256((const __m256i *)(weights + i)));
    __m256i *dp = (__m256i *)(out + i);
    if (full_opacity &&
        _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(c, opaqueAlpha), opaqueAlpha)) == -1) {
      _mm256_storeu_si256(dp, c);
      continue;
    }
    __m256i d = _mm256_loadu_si256(dp);
    __m256i rl = over_words(_mm256_unpacklo_epi8(c, zero), _mm256_unpacklo_epi8(d, zero), k, full_opacity);
    __m256i rh = over_words(_mm256_unpackhi_epi8(c, zero), _mm256_unpackhi_epi8(d, zero), k, full_opacity);
    __m256i packed = _mm256_packus_epi16(_mm256_and_si256(rl, bytes), _mm256_and_si256(rh, bytes));
    __m256i high = _mm256_packus_epi16(_mm256_srli_epi16(rl, 8), _mm256_srli_epi16(rh, 8));
    _mm256_storeu_si256(dp, _mm256_or_si256(packed, _mm256_shuffle_epi8(high, carries)));
  }
  return i;
}

__attribute__((target("avx2"))) long lk_image_row_avx2(uint32_t *out, const uint32_t *pixels, long width,
                                                       long height, int64_t fu, int64_t fv, int64_t du,
                                                       int64_t dv, long n) {
  const uint64_t lastX = (uint64_t)(width - 1), lastY = (uint64_t)(height - 1);
  long i = 0;
  for (; i + 8 <= n; i += 8) {
    int32_t o[8], w[8];
    int outside = 0;
    for (int j = 0; j < 8; j++) {
      int64_t x0 = fu >> 32, y0 = fv >> 32;
      outside |= ((uint64_t)x0 >= lastX) | ((uint64_t)y0 >= lastY);
      o[j] = (int32_t)(y0 * width + x0);
      w[j] = (int32_t)((((uint64_t)fu >> 24) & 255) | ((((uint64_t)fv >> 24) & 255) << 16));
      fu += du;
      fv += dv;
    }
    if (outside) break;
    _mm256_storeu_si256((__m256i *)(out + i), bilinear8(pixels, width, o, _mm256_loadu_si256((const __m256i *)w)));
  }
  return i;
}

#else

long lk_warp_row_avx2(uint32_t *out, const uint32_t *src, long stride, const int32_t *offset,
                      const int32_t *weights, const int32_t *inside, long n, uint32_t opacity) {
  (void)out;
  (void)src;
  (void)stride;
  (void)offset;
  (void)weights;
  (void)inside;
  (void)n;
  (void)opacity;
  return 0;
}

long lk_image_row_avx2(uint32_t *out, const uint32_t *pixels, long width, long height, int64_t fu,
                       int64_t fv, int64_t du, int64_t dv, long n) {
  (void)out;
  (void)pixels;
  (void)width;
  (void)height;
  (void)fu;
  (void)fv;
  (void)du;
  (void)dv;
  (void)n;
  return 0;
}

#endif

#include "CLayerKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/// `x·k/255` rounded per 16-bit lane (`x`, `k` ≤ 255): the high half of `(x·k + 128)·257`,
/// as `RowKernels.scale`.
__attribute__((target("avx2"))) static inline __m256i scale16(__m256i x, __m256i k) {
  const __m256i half = _mm256_set1_epi16(128);
  const __m256i m257 = _mm256_set1_epi16(257);
  return _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(x, k), half), m257);
}

/// `d·k/255` per channel of eight pixels; `k` holds each pixel's factor in both 16-bit
/// halves of its 32-bit lane (`RowKernels.scalePixels`).
__attribute__((target("avx2"))) static inline __m256i scale_pixels(__m256i d, __m256i k) {
  const __m256i lowBytes = _mm256_set1_epi32(0x00FF00FF);
  __m256i rb = scale16(_mm256_and_si256(d, lowBytes), k);
  __m256i ag = scale16(_mm256_srli_epi16(d, 8), k);
  return _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8));
}

__attribute__((target("avx2"))) void lk_src_over_constant_avx2(uint32_t *d, long n, long rows, long stride,
                                                               uint32_t s, uint32_t inv) {
  const __m256i sv = _mm256_set1_epi32((int)s);
  const __m256i k = _mm256_set1_epi16((short)inv);
  if (n < 8) {
    // Fewer than eight pixels: one step on a copy, so nothing outside the run is touched.
    for (long r = 0; n > 0 && r < rows; r++, d += stride) {
      uint32_t buf[8] = {0};
      __builtin_memcpy(buf, d, (size_t)n * 4);
      __m256i v = _mm256_loadu_si256((const __m256i *)buf);
      _mm256_storeu_si256((__m256i *)buf, _mm256_add_epi32(scale_pixels(v, k), sv));
      __builtin_memcpy(d, buf, (size_t)n * 4);
    }
    return;
  }
  for (long r = 0; r < rows; r++, d += stride) {
    // The last eight pixels, blended from their original values before the loop can
    // touch them and stored last: where they overlap the loop's last step they are the
    // same values, so there is no tail.
    __m256i *lastp = (__m256i *)(d + n - 8);
    __m256i last = _mm256_add_epi32(scale_pixels(_mm256_loadu_si256(lastp), k), sv);
    long i = 0;
    for (; i + 16 <= n; i += 16) {
      __m256i v0 = _mm256_loadu_si256((const __m256i *)(d + i));
      __m256i v1 = _mm256_loadu_si256((const __m256i *)(d + i + 8));
      _mm256_storeu_si256((__m256i *)(d + i), _mm256_add_epi32(scale_pixels(v0, k), sv));
      _mm256_storeu_si256((__m256i *)(d + i + 8), _mm256_add_epi32(scale_pixels(v1, k), sv));
    }
    if (i + 8 <= n) {
      __m256i v = _mm256_loadu_si256((const __m256i *)(d + i));
      _mm256_storeu_si256((__m256i *)(d + i), _mm256_add_epi32(scale_pixels(v, k), sv));
    }
    _mm256_storeu_si256(lastp, last);
  }
}

/// Source over of the colour (`srb`, `sag`: its red/blue and green/alpha bytes in 16-bit
/// lanes) scaled per pixel by the eight coverage bytes at `m`, onto `v`
/// (`RowKernels.srcOverCoverage`).
__attribute__((target("avx2"))) static inline __m256i src_over_coverage(__m256i v, __m256i srb, __m256i sag,
                                                                       const uint8_t *m) {
  __m256i c = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)m));
  __m256i k = _mm256_or_si256(c, _mm256_slli_epi32(c, 16));
  __m256i e = _mm256_or_si256(scale16(srb, k), _mm256_slli_epi16(scale16(sag, k), 8));
  __m256i inv = _mm256_xor_si256(_mm256_srli_epi32(e, 24), _mm256_set1_epi32(255));
  __m256i f = _mm256_or_si256(inv, _mm256_slli_epi32(inv, 16));
  return _mm256_add_epi32(scale_pixels(v, f), e);
}

__attribute__((target("avx2"))) void lk_src_over_mask_avx2(uint32_t *d, uint32_t color, const uint8_t *mask,
                                                           long n) {
  const __m256i cv = _mm256_set1_epi32((int)color);
  const __m256i srb = _mm256_and_si256(cv, _mm256_set1_epi32(0x00FF00FF));
  const __m256i sag = _mm256_srli_epi16(cv, 8);
  const int opaque = (color >> 24) == 255;
  if (n < 8) {
    // Fewer than eight pixels: one step on copies of the pixels and coverage.
    if (n <= 0) return;
    uint32_t buf[8] = {0};
    uint8_t cov[8] = {0};
    __builtin_memcpy(buf, d, (size_t)n * 4);
    __builtin_memcpy(cov, mask, (size_t)n);
    __m256i v = _mm256_loadu_si256((const __m256i *)buf);
    _mm256_storeu_si256((__m256i *)buf, src_over_coverage(v, srb, sag, cov));
    __builtin_memcpy(d, buf, (size_t)n * 4);
    return;
  }
  // The last eight pixels first, from their original values (see the constant kernel).
  __m256i *lastp = (__m256i *)(d + n - 8);
  __m256i last = src_over_coverage(_mm256_loadu_si256(lastp), srb, sag, mask + n - 8);
  long i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t cov;
    __builtin_memcpy(&cov, mask + i, 8);
    if (cov == 0) continue;
    if (cov == ~(uint64_t)0 && opaque) {
      _mm256_storeu_si256((__m256i *)(d + i), cv);
      continue;
    }
    __m256i v = _mm256_loadu_si256((const __m256i *)(d + i));
    _mm256_storeu_si256((__m256i *)(d + i), src_over_coverage(v, srb, sag, mask + i));
  }
  _mm256_storeu_si256(lastp, last);
}

#else

void lk_src_over_constant_avx2(uint32_t *d, long n, long rows, long stride, uint32_t s, uint32_t inv) {
  (void)d;
  (void)n;
  (void)rows;
  (void)stride;
  (void)s;
  (void)inv;
}

void lk_src_over_mask_avx2(uint32_t *d, uint32_t color, const uint8_t *mask, long n) {
  (void)d;
  (void)color;
  (void)mask;
  (void)n;
}

#endif

#include "CLayerKernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

int lk_cpu_has_avx2(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? 1 : 0;
}

/// One pixel, as `RowKernels.srcOverPixel`.
static inline uint32_t src_over_pixel(uint32_t p, uint32_t v) {
  uint32_t sa = p >> 24;
  if (sa == 255) return p;
  if (sa == 0) return v;
  uint32_t inv = 255 - sa;
  uint32_t rb = (v & 0x00FF00FFu) * inv + 0x00800080u;
  rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
  uint32_t ag = ((v >> 8) & 0x00FF00FFu) * inv + 0x00800080u;
  ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
  return (rb | ag) + p;
}

__attribute__((target("avx2"))) void lk_src_over_row_avx2(uint32_t *d, const uint32_t *s, long n) {
  const __m256i lowBytes = _mm256_set1_epi32(0x00FF00FF);
  const __m256i m257 = _mm256_set1_epi16(257);
  const __m256i half = _mm256_set1_epi16(128);
  const __m256i full = _mm256_set1_epi32(255);
  const __m256i zero = _mm256_setzero_si256();
  long i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i sv = _mm256_loadu_si256((const __m256i *)(s + i));
    __m256i alpha = _mm256_srli_epi32(sv, 24);
    __m256i clear = _mm256_cmpeq_epi32(alpha, zero);
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(alpha, full)) == -1) {
      _mm256_storeu_si256((__m256i *)(d + i), sv);
      continue;
    }
    if (_mm256_movemask_epi8(clear) == -1) continue;
    __m256i dv = _mm256_loadu_si256((const __m256i *)(d + i));
    __m256i inv = _mm256_xor_si256(alpha, full);
    __m256i k = _mm256_or_si256(inv, _mm256_slli_epi32(inv, 16));
    __m256i rb = _mm256_and_si256(dv, lowBytes);
    __m256i ag = _mm256_srli_epi16(dv, 8);
    rb = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(rb, k), half), m257);
    ag = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(ag, k), half), m257);
    __m256i r = _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8));
    r = _mm256_add_epi32(r, _mm256_andnot_si256(clear, sv));
    _mm256_storeu_si256((__m256i *)(d + i), r);
  }
  for (; i < n; i++) d[i] = src_over_pixel(s[i], d[i]);
}

#else

int lk_cpu_has_avx2(void) { return 0; }

void lk_src_over_row_avx2(uint32_t *d, const uint32_t *s, long n) {
  (void)d;
  (void)s;
  (void)n;
}

#endif
